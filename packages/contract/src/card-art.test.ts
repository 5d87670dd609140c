import { describe, expect, it } from 'vitest';
import { cardArtUrl } from './card-art';

describe('cardArtUrl', () => {
  it("asks the app's art for a value, in a currency when given", () => {
    expect(cardArtUrl('/api/v1/logos/ARGOS-GB.svg', 25, 'GBP')).toBe(
      '/api/v1/logos/ARGOS-GB.svg?value=25&currency=GBP',
    );
    expect(cardArtUrl('/api/v1/logos/ARGOS-GB.svg', 12.5)).toBe('/api/v1/logos/ARGOS-GB.svg?value=12.5');
  });

  it('keeps the address without a value, and any address that is not the app art', () => {
    expect(cardArtUrl('/api/v1/logos/ARGOS-GB.svg')).toBe('/api/v1/logos/ARGOS-GB.svg');
    expect(cardArtUrl('https://cdn.example.com/card.png', 25, 'GBP')).toBe('https://cdn.example.com/card.png');
  });
});
