import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';

/**
 * Text set in a real typeface and turned into SVG path data when the art is drawn (decision 028):
 * an SVG shown through <img> or in an e-mail cannot load a web font, so the letters travel as
 * outlines. The faces are OFL fonts from @fontsource packages, read from their WOFF files (a
 * `latin` file, and `latin-ext` for letters such as 'ő' that the first lacks).
 */
export interface Typeface {
  /** The family's name, for the decision record and tests. */
  family: string;
  /** Letter spacing in em, as the face looks best set large. */
  tracking: number;
  fonts: opentype.Font[];
}

const require = createRequire(import.meta.url);

function loadFont(specifier: string): opentype.Font {
  const file = readFileSync(require.resolve(specifier));
  return opentype.parse(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
}

function typeface(family: string, pkg: string, file: string, tracking: number): () => Typeface {
  let loaded: Typeface | undefined;
  // Parsed on first use, once per process (about 5 ms each).
  return () => {
    loaded ??= {
      family,
      tracking,
      fonts: ['latin', 'latin-ext'].map((subset) => loadFont(`${pkg}/files/${file.replace('{subset}', subset)}`)),
    };
    return loaded;
  };
}

/** The wordmark faces a merchant's card may be set in: a grotesque, a display serif and a wide sans. */
export const wordmarkFaces = [
  typeface(
    'Bricolage Grotesque',
    '@fontsource/bricolage-grotesque',
    'bricolage-grotesque-{subset}-800-normal.woff',
    -0.02,
  ),
  typeface('DM Serif Display', '@fontsource/dm-serif-display', 'dm-serif-display-{subset}-400-normal.woff', 0),
  typeface('Syne', '@fontsource/syne', 'syne-{subset}-800-normal.woff', -0.01),
] as const;

/** The face of the value and the small print: the grotesque, at its bold weight. */
export const detailFace = typeface(
  'Bricolage Grotesque',
  '@fontsource/bricolage-grotesque',
  'bricolage-grotesque-{subset}-700-normal.woff',
  0,
);

interface PlacedGlyph {
  font: opentype.Font;
  glyph: opentype.Glyph;
  x: number;
}

/** A line of text laid out at font size 1 (widths in em), ready to draw at any size. */
export interface SetLine {
  text: string;
  /** Advance width at size 1. */
  width: number;
  glyphs: PlacedGlyph[];
  /** The cap height at size 1 (the height of 'H'), for vertical placement. */
  capHeight: number;
}

function glyphFor(face: Typeface, char: string): { font: opentype.Font; glyph: opentype.Glyph } {
  for (const font of face.fonts) {
    const index = font.charToGlyphIndex(char);
    if (index > 0) return { font, glyph: font.glyphs.get(index) };
  }
  // Neither file has it: the first font's .notdef box, so the gap is visible rather than silent.
  const font = face.fonts[0] as opentype.Font;
  return { font, glyph: font.glyphs.get(0) };
}

/** Lays out `text` in `face`: each character's glyph from the first file that has it, kerned within one file. */
export function setLine(face: Typeface, text: string, extraTracking = 0): SetLine {
  const glyphs: PlacedGlyph[] = [];
  let x = 0;
  let previous: PlacedGlyph | undefined;
  for (const char of text) {
    const { font, glyph } = glyphFor(face, char);
    const em = font.unitsPerEm;
    if (previous && previous.font === font) x += font.getKerningValue(previous.glyph, glyph) / em;
    const placed = { font, glyph, x };
    glyphs.push(placed);
    x += (glyph.advanceWidth ?? em) / em + face.tracking + extraTracking;
    previous = placed;
  }
  const width = Math.max(0, x - face.tracking - extraTracking);
  const first = face.fonts[0] as opentype.Font;
  const capGlyph = first.charToGlyph('H');
  const capHeight = (capGlyph.getBoundingBox().y2 || first.unitsPerEm * 0.7) / first.unitsPerEm;
  return { text, width, glyphs, capHeight };
}

/** The line's outlines as one SVG path `d`, drawn at `size` with its baseline's left end at (x, y). */
export function linePath(line: SetLine, x: number, y: number, size: number): string {
  return line.glyphs.map(({ glyph, x: offset }) => pathData(glyph.getPath(x + offset * size, y, size))).join('');
}

/** One decimal is a tenth of a unit on a 428-unit card: finer than any screen shows it. */
function num(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/**
 * A glyph's outline as path data. Written here rather than with opentype's `toPathData`, which
 * in 1.3 prints `NaN` for some coordinates when asked to round them.
 */
function pathData(path: opentype.Path): string {
  return path.commands
    .map((command) => {
      switch (command.type) {
        case 'M':
        case 'L':
          return `${command.type}${num(command.x)} ${num(command.y)}`;
        case 'Q':
          return `Q${num(command.x1)} ${num(command.y1)} ${num(command.x)} ${num(command.y)}`;
        case 'C':
          return `C${num(command.x1)} ${num(command.y1)} ${num(command.x2)} ${num(command.y2)} ${num(command.x)} ${num(command.y)}`;
        default:
          return 'Z';
      }
    })
    .join('');
}
