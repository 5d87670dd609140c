import { describe, expect, it } from 'vitest';
import { paintFirstRow } from '../src/plugins/first-row';

/** The top sellers' skeleton row as the web's prerendered `home` shell draws it (three of six cards). */
const artBox = (slot: number) => `<div class="aspect-[4/3] animate-pulse bg-gray-100" data-row-art="${slot}"></div>`;
const card = (slot: number) =>
  `<div class="w-[42%] shrink-0"><div aria-hidden="true" class="overflow-hidden">${artBox(slot)}` +
  '<div class="space-y-2 p-3"></div></div></div>';
const shell = `<h2>Top sellers</h2><div role="status">${card(0)}${card(1)}${card(2)}</div><p>$&amp; $1</p>`;
const product = (code: string, imageUrl: unknown = `/api/v1/logos/${code}.svg`) => ({
  _id: code,
  merchant: { name: code },
  imageUrl,
});

describe("the top sellers' first pictures painted in the home shell (decision 024)", () => {
  it('replaces each marked art box with the n-th top seller’s art box and <img>, as the card draws it', () => {
    const html = paintFirstRow(shell, { products: [product('argos'), product('asos'), product('boots')] });
    expect(html).not.toContain('data-row-art');
    const images = html.match(/<img [^>]*>/g) ?? [];
    expect(images).toHaveLength(3);
    expect(images[0]).toBe(
      '<img src="/api/v1/logos/argos.svg" alt="" width="428" height="270" loading="eager" fetchpriority="high"' +
        ' decoding="async" class="merchant-image rounded-xl transition-transform duration-300 group-hover:scale-105">',
    );
    expect(html).toContain(
      '<div class="flex aspect-[4/3] items-center justify-center bg-gradient-to-br from-gray-50 to-brand-50/60 p-5 sm:p-7">' +
        '<img src="/api/v1/logos/asos.svg"',
    );
    expect(html.indexOf('argos.svg')).toBeLessThan(html.indexOf('asos.svg'));
    expect(html.indexOf('asos.svg')).toBeLessThan(html.indexOf('boots.svg'));
    // The rest of the shell is untouched, `$` included.
    expect(html).toContain('<div class="space-y-2 p-3"></div>');
    expect(html.endsWith('<p>$&amp; $1</p>')).toBe(true);
  });

  it('leaves the shell as it is without top sellers', () => {
    for (const topSellers of [undefined, null, {}, { products: [] }, { products: 'x' }, 'x', []]) {
      expect(paintFirstRow(shell, topSellers)).toBe(shell);
    }
  });

  it('keeps a skeleton where the product is missing or its art is not the catalogue’s', () => {
    const html = paintFirstRow(shell, {
      products: [
        product('a', 'https://evil.example/a.svg'),
        product('b', '/api/v1/logos/b.svg"><script>alert(1)</script>'),
      ],
    });
    expect(html).toBe(shell);
    for (const imageUrl of ['javascript:alert(1)', '/api/v1/logos/../x.png', '//evil.example/api/v1/logos/a.svg', 7]) {
      expect(paintFirstRow(shell, { products: [product('a', imageUrl)] }), String(imageUrl)).toBe(shell);
    }
    // Only the first box is painted when there is one top seller.
    const one = paintFirstRow(shell, { products: [product('argos')] });
    expect(one.match(/<img /g)).toHaveLength(1);
    expect(one).toContain(artBox(1));
    expect(one).toContain(artBox(2));
  });

  it('loads the cards past the first screen lazily, as the row does (five eager)', () => {
    const boxes = [0, 1, 2, 3, 4, 5].map(card).join('');
    const html = paintFirstRow(boxes, {
      products: ['a', 'b', 'c', 'd', 'e', 'f-1.2%20x'].map((code) => product(code)),
    });
    const images = html.match(/<img [^>]*>/g) ?? [];
    expect(images).toHaveLength(6);
    expect(images.slice(0, 5).every((image) => image.includes('loading="eager" fetchpriority="high"'))).toBe(true);
    expect(images[5]).toContain('src="/api/v1/logos/f-1.2%20x.svg"');
    expect(images[5]).toContain('loading="lazy" fetchpriority="auto"');
  });

  it('never writes a character that could leave the attribute (quotes, <, &)', () => {
    for (const code of ["o'neill", 'a"b', 'a<b', 'a&b', 'a b']) {
      expect(paintFirstRow(shell, { products: [product(code)] }), code).toBe(shell);
    }
  });
});
