import { describe, expect, it } from 'vitest';
import { renderShell, withoutQueryValue } from './prerender';

describe("the grid's shell is drawn for a stand-in brand its links do not carry", () => {
  it('takes the stand-in out of every link, keeping the rest of the query', () => {
    const html =
      '<a href="/?merchant=shell">All</a><a href="/?merchant=shell&amp;category=food+%26+drink">Food</a>' +
      '<a href="/?category=fashion&amp;merchant=shell&amp;sortBy=price-asc#top">F</a>' +
      '<a href="/?merchant=Shell+Energy">Brand</a><a href="/cart">Cart</a><a href="https://x.example/?merchant=shell">X</a>';
    expect(withoutQueryValue(html, 'merchant', 'shell')).toBe(
      '<a href="/">All</a><a href="/?category=food+%26+drink">Food</a>' +
        '<a href="/?category=fashion&amp;sortBy=price-asc#top">F</a>' +
        '<a href="/?merchant=Shell+Energy">Brand</a><a href="/cart">Cart</a><a href="https://x.example/?merchant=shell">X</a>',
    );
  });

  it("leaves the drawn grid shell's category links without the stand-in", () => {
    const drawn = renderShell('/?merchant=shell');
    expect(drawn).toContain('merchant=shell');
    const shell = withoutQueryValue(drawn, 'merchant', 'shell');
    expect(shell).not.toContain('shell');
    expect(shell).toContain('href="/?category=fashion"');
    expect(shell).toContain('href="/"');
  });
});
