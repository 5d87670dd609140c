import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');

/** A self-hosted site font, preloaded, swapped in without moving the text (decisions 028, 035). */
describe('the site font', () => {
  const html = read('../index.html');
  const css = read('../../../packages/ui/src/styles.css');
  const fontCss = read('../../../node_modules/@fontsource-variable/figtree/index.css');

  it('preloads the one file the first paint needs: the latin, all-weights Figtree, from this site', () => {
    const preloads = [...html.matchAll(/<link rel="preload"[^>]*>/g)].map((match) => match[0]);
    expect(preloads).toHaveLength(1);
    expect(preloads[0]).toContain('@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2');
    expect(preloads[0]).toMatch(/as="font" type="font\/woff2" crossorigin/);
    expect(html).not.toMatch(/fonts\.googleapis|fonts\.gstatic/);
    // That file is the one the stylesheet's latin @font-face asks for (the package's own file).
    expect(fontCss).toContain('url(./files/figtree-latin-wght-normal.woff2)');
    expect(css).toContain(
      'url("../../../node_modules/@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2")',
    );
  });

  it("declares the package's two faces itself, with a short block period (decision 035)", () => {
    const faces = [...css.matchAll(/@font-face \{\s*font-family: "Figtree Variable";[^}]*\}/g)].map(
      (match) => match[0],
    );
    expect(faces).toHaveLength(2);
    for (const face of faces) {
      expect(face).toContain('font-display: fallback;');
      expect(face).toContain('font-weight: 300 900;');
      expect(face).toMatch(/figtree-latin(-ext)?-wght-normal\.woff2"\)\s*format\("woff2-variations"\)/);
    }
    // Each face's unicode-range is the package's, so each file serves the letters it has.
    const ranges = (text: string) =>
      [...text.matchAll(/unicode-range:([^;]*);/g)].map((match) => match[1]?.replace(/\s+/g, ''));
    expect(ranges(faces.join('\n'))).toEqual(ranges(fontCss));
    // The package's stylesheet (font-display: swap) is no longer imported.
    expect(read('./main.tsx')).not.toContain('@fontsource-variable/figtree');
  });

  it('sets the site in Figtree, then in local faces sized to its metrics', () => {
    expect(css).toMatch(/--font-sans:\s*"Figtree Variable", "Figtree Fallback", "Figtree Fallback Roboto",/);
    for (const family of ['Figtree Fallback', 'Figtree Fallback Roboto']) {
      const face = new RegExp(
        `@font-face \\{\\s*font-family: "${family}";[^}]*size-adjust: 10\\d\\.\\d+%;[^}]*ascent-override`,
      );
      expect(css).toMatch(face);
    }
  });
});
