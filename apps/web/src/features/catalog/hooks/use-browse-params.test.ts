import { describe, expect, it } from 'vitest';
import { readBrowseParams } from './use-browse-params';

describe('reading the browse state from the URL', () => {
  it('reads category, merchant, q and sortBy', () => {
    expect(
      readBrowseParams(new URLSearchParams('category=food+%26+drink&merchant=Boots&q=bo&sortBy=price-asc')),
    ).toEqual({ category: 'food & drink', merchant: 'Boots', q: 'bo', sortBy: 'price-asc' });
  });

  it('defaults to merchant-az and ignores values the catalogue does not know', () => {
    expect(readBrowseParams(new URLSearchParams('category=cars&sortBy=random&q=%20%20'))).toEqual({
      category: undefined,
      merchant: undefined,
      q: undefined,
      sortBy: 'merchant-az',
    });
  });
});
