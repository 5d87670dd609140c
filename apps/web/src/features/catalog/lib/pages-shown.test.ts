import { describe, expect, it } from 'vitest';
import { readPagesShown, withFirstPage } from './pages-shown';

describe('the grid’s page count in the URL', () => {
  it('reads a whole number from 1, capped at 50, and 1 for anything else', () => {
    expect(readPagesShown(new URLSearchParams(''))).toBe(1);
    expect(readPagesShown(new URLSearchParams('pages=3'))).toBe(3);
    expect(readPagesShown(new URLSearchParams('pages=999'))).toBe(50);
    for (const bad of ['pages=0', 'pages=-2', 'pages=1.5', 'pages=abc', 'pages=']) {
      expect(readPagesShown(new URLSearchParams(bad)), bad).toBe(1);
    }
  });

  it('is dropped when a filter or search changes', () => {
    expect(withFirstPage(new URLSearchParams('category=fashion&pages=4')).toString()).toBe('category=fashion');
  });
});
