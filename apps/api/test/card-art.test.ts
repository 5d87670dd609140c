import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { CARD_HEIGHT, CARD_WIDTH, cardArtPng, cardArtSvg, formatValue } from '../src/modules/catalog/art/card-art';
import { brandColourOf, paletteOf } from '../src/modules/catalog/art/palette';
import { setLine, wordmarkFaces } from '../src/modules/catalog/art/wordmark';

const ao = { name: 'AO', color: '#7ab800', category: 'electricals' };
const apple = { name: 'Apple', color: '#000000', category: 'electricals' };
const argos = { name: 'Argos', color: '#d42114', category: 'electricals' };

/** resvg parses with roxmltree, a strict XML parser: malformed markup throws. */
function render(svg: string): Resvg {
  return new Resvg(svg, { font: { loadSystemFonts: false } });
}

/** The opaque pixels of a rendering, as a count: a blank or missing wordmark changes it. */
function inkedPixels(svg: string): Buffer {
  return Buffer.from(render(svg).render().pixels);
}

describe('cardArtSvg (decision 028)', () => {
  it('is a well-formed, card-shaped SVG whose letters are paths, not <text>', () => {
    const svg = cardArtSvg(argos);
    const image = render(svg);
    expect([image.width, image.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    expect(CARD_WIDTH / CARD_HEIGHT).toBeCloseTo(85.6 / 53.98, 1);
    expect(svg).not.toContain('<text');
    expect(svg).toMatch(/<rect width="428" height="270" rx="\d+"/);
    // The wordmark and the 'GIFT CARD' caption are glyph outlines.
    expect(svg.match(/<path fill="[^"]+"( fill-opacity="[^"]+")? d="M/g)?.length).toBeGreaterThanOrEqual(2);
    expect(svg).toContain('aria-label="Argos gift card"');
  });

  it('tells AO, Apple and Argos apart: colours, letters and so pixels differ', () => {
    const [a, b, c] = [ao, apple, argos].map(cardArtSvg) as [string, string, string];
    expect(new Set([a, b, c]).size).toBe(3);
    expect(a).toContain('#7ab800');
    expect(c).toContain('#d42114');
    const pixels = [a, b, c].map(inkedPixels);
    expect(pixels[0]?.equals(pixels[1] as Buffer)).toBe(false);
    expect(pixels[1]?.equals(pixels[2] as Buffer)).toBe(false);
    // The same merchant always gets the same bytes (stable ETags on every instance).
    expect(cardArtSvg(apple)).toBe(b);
  });

  it('gives a black brand an accent of its own name, so two black cards differ', () => {
    expect(paletteOf('#000000', 'Apple').accent).not.toBe(paletteOf('#000000', 'Zara').accent);
    expect(paletteOf('#000000', 'Apple').ink).toBe('#ffffff');
    expect(paletteOf('#ffc20e', 'Yellow').ink).toBe('#111827');
  });

  it('derives a stable colour from the name when the merchant has none usable', () => {
    const colour = brandColourOf('', 'The Cheesecake Factory');
    expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(brandColourOf('not a colour', 'The Cheesecake Factory')).toBe(colour);
    expect(brandColourOf(null, 'Another Name')).not.toBe(colour);
    expect(cardArtSvg({ name: 'The Cheesecake Factory', color: 'nope', category: 'food & drink' })).toContain(colour);
  });

  it('prints the value when one is chosen', () => {
    expect(formatValue({ amount: 25, currency: 'GBP' })).toBe('£25');
    expect(formatValue({ amount: 12.5, currency: 'EUR' })).toBe('€12.50');
    expect(formatValue({ amount: 100, currency: 'USD' })).toBe('$100');
    const plain = cardArtSvg(apple);
    const valued = cardArtSvg({ ...apple, value: { amount: 25, currency: 'GBP' } });
    expect(valued).toContain('aria-label="Apple gift card, £25"');
    // One more path: the value's outlines, drawn in the card's ink.
    expect(valued.split('<path').length).toBe(plain.split('<path').length + 1);
    expect(inkedPixels(valued).equals(inkedPixels(plain))).toBe(false);
  });

  it('fits a long name: two lines within the card, never wider than it', () => {
    for (const name of ['Virgin Experience Days', 'The Cheesecake Factory', 'Supercalifragilisticexpialidocious']) {
      const svg = cardArtSvg({ name, color: '#e10a0a', category: 'experiences' });
      // The letters' paths (fill, no stroke): their points all lie on the card.
      const letters = [...svg.matchAll(/<path fill="[^"]+"(?: fill-opacity="[^"]+")? d="([^"]+)"/g)].map((m) => m[1]);
      const xs = letters.flatMap((d) =>
        [...String(d).matchAll(/[MLQC ](-?[\d.]+) (-?[\d.]+)/g)].map((m) => Number(m[1])),
      );
      expect(xs.length).toBeGreaterThan(0);
      expect(Math.max(...xs), name).toBeLessThanOrEqual(CARD_WIDTH - 29);
      expect(Math.min(...xs), name).toBeGreaterThanOrEqual(0);
    }
    const twoWords = cardArtSvg({ name: 'Virgin Experience Days', color: '#e10a0a', category: 'experiences' });
    const oneWord = cardArtSvg({ name: 'Argos', color: '#e10a0a', category: 'experiences' });
    // Wordmark lines plus the caption: two lines make one path more.
    expect(twoWords.split('<path fill').length).toBe(oneWord.split('<path fill').length + 1);
  });

  it('sets letters the first font file lacks from its latin-ext file', () => {
    for (const face of wordmarkFaces) {
      const line = setLine(face(), 'Łódź Őrség Caffè');
      // No .notdef box (glyph 0): the Polish and Hungarian letters come from the latin-ext file.
      expect(line.glyphs.map((placed) => placed.glyph.index).filter((index) => index === 0)).toEqual([]);
      expect(new Set(line.glyphs.map((placed) => placed.font)).size).toBe(2);
    }
    render(cardArtSvg({ name: 'Łódź Őrség', color: '#123456', category: 'travel' }));
  });

  it('renders a PNG of the same card for e-mail', () => {
    const png = cardArtPng(cardArtSvg(argos));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });
});
