import { CARD_ART_HEIGHT, CARD_ART_WIDTH } from '@gvm/contract';
import { Resvg } from '@resvg/resvg-js';
import { motifOf } from './motifs';
import { hashOf, type Palette, paletteOf } from './palette';
import { detailFace, linePath, type SetLine, setLine, wordmarkFaces } from './wordmark';

/** What a card shows: the merchant, its category, and the value when one is chosen. */
export interface CardArtInput {
  name: string;
  /** The stored brand colour (`#rrggbb`); anything else falls back to a colour of the name's. */
  color: string | null | undefined;
  category: string;
  value?: { amount: number; currency: string } | undefined;
}

/** A payment card's proportions (ISO/IEC 7810 ID-1, 85.60 x 53.98 mm), in SVG units: the web's <img> size. */
export const CARD_WIDTH = CARD_ART_WIDTH;
export const CARD_HEIGHT = CARD_ART_HEIGHT;
const RADIUS = 22;
const MARGIN = 30;

/**
 * The merchant's gift card, drawn by the app (decision 028): a card-shaped SVG in
 * the brand's palette, the name as a wordmark in one of three typefaces (chosen by the name, so
 * neighbours in the A-Z differ), the category's motif on an accent disc, a texture, and the
 * value. Every letter is a path: the SVG is shown through <img> and in e-mails, where no font
 * can be loaded. The same input always draws the same bytes (stable ETags across instances).
 */
export function cardArtSvg(input: CardArtInput): string {
  const palette = paletteOf(input.color, input.name);
  const hash = hashOf(input.name);
  const label = input.value ? `${input.name} gift card, ${formatValue(input.value)}` : `${input.name} gift card`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" role="img" aria-label="${escapeXml(label)}">`,
    '<defs>',
    `<linearGradient id="face" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.base}"/><stop offset="1" stop-color="${palette.shade}"/></linearGradient>`,
    `<clipPath id="card"><rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" rx="${RADIUS}"/></clipPath>`,
    '</defs>',
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" rx="${RADIUS}" fill="url(#face)"/>`,
    '<g clip-path="url(#card)">',
    texture(hash, palette),
    motif(input.category, palette),
    '</g>',
    wordmark(input.name, hash, palette, input.value !== undefined),
    footer(palette, input.value),
    `<rect x="0.5" y="0.5" width="${CARD_WIDTH - 1}" height="${CARD_HEIGHT - 1}" rx="${RADIUS - 0.5}" fill="none" stroke="#000000" stroke-opacity="0.08"/>`,
    '</svg>',
  ].join('');
}

/** '£25', '€12.50', '$100': the value as the card would print it. */
export function formatValue(value: { amount: number; currency: string }): string {
  const whole = Number.isInteger(value.amount);
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: value.currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(value.amount);
}

/** One of three quiet textures in the ink's colour, chosen by the name. */
function texture(hash: number, palette: Palette): string {
  const ink = `fill="none" stroke="${palette.ink}" stroke-opacity="0.09" stroke-width="14"`;
  switch ((hash >>> 4) % 3) {
    case 0:
      return `<g ${ink}><circle cx="40" cy="300" r="120"/><circle cx="40" cy="300" r="170"/><circle cx="40" cy="300" r="220"/></g>`;
    case 1:
      return `<g ${ink}><path d="M-40 320 L200 -40 M20 320 L260 -40 M80 320 L320 -40"/></g>`;
    default:
      return `<g ${ink}><path d="M-20 200 C80 140 160 260 260 200 S420 140 460 200 M-20 250 C80 190 160 310 260 250 S420 190 460 250"/></g>`;
  }
}

/** The accent disc in the top right corner, under the motif. */
const DISC = { cx: CARD_WIDTH - 40, cy: 40, r: 96 };

/** The category's motif, on a disc of the accent colour in the top right corner. */
function motif(category: string, palette: Palette): string {
  const onAccent = palette.ink === '#ffffff' ? '#ffffff' : '#111827';
  return [
    `<circle cx="${DISC.cx}" cy="${DISC.cy}" r="${DISC.r}" fill="${palette.accent}" fill-opacity="0.92"/>`,
    `<g transform="translate(${CARD_WIDTH - 112} 22) scale(0.7)" fill="none" stroke="${onAccent}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round">`,
    motifOf(category),
    '</g>',
  ].join('');
}

/** The area the name may fill: the card's width inside its margins, above the footer. */
const WORDMARK_WIDTH = CARD_WIDTH - 2 * MARGIN;
/** The upper of two lines stops short of the disc, which reaches down to its height. */
const UPPER_LINE_WIDTH = DISC.cx - Math.sqrt(DISC.r ** 2 - 66 ** 2) - MARGIN - 8;
const WORDMARK_CAP_MAX = 58;
const TWO_LINE_CAP_MAX = 40;
/** Below this cap height a one-line name is split in two, when it has two words or more. */
const SPLIT_BELOW_CAP = 34;

function wordmark(name: string, hash: number, palette: Palette, withValue: boolean): string {
  const face = (wordmarkFaces[hash % wordmarkFaces.length] as (typeof wordmarkFaces)[number])();
  const text = name.trim();
  const one = setLine(face, text);
  const oneSize = Math.min(WORDMARK_WIDTH / one.width, WORDMARK_CAP_MAX / one.capHeight);
  const words = text.split(/\s+/);
  const bottom = withValue ? 196 : 206;
  if (oneSize * one.capHeight >= SPLIT_BELOW_CAP || words.length < 2) {
    return `<path fill="${palette.ink}" d="${linePath(one, MARGIN, bottom, oneSize)}"/>`;
  }
  const [first, second] = balancedSplit(words).map((part) => setLine(face, part)) as [SetLine, SetLine];
  const size = Math.min(
    UPPER_LINE_WIDTH / first.width,
    WORDMARK_WIDTH / second.width,
    TWO_LINE_CAP_MAX / first.capHeight,
  );
  const leading = size * first.capHeight * 1.45;
  return [
    `<path fill="${palette.ink}" d="${linePath(first, MARGIN, bottom - leading, size)}"/>`,
    `<path fill="${palette.ink}" d="${linePath(second, MARGIN, bottom, size)}"/>`,
  ].join('');
}

/** The words in two lines whose longer line is as short as it can be. */
function balancedSplit(words: string[]): [string, string] {
  let best: [string, string] = [words.slice(0, 1).join(' '), words.slice(1).join(' ')];
  let bestLength = Number.POSITIVE_INFINITY;
  for (let i = 1; i < words.length; i++) {
    const pair: [string, string] = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const longest = Math.max(pair[0].length, pair[1].length);
    if (longest < bestLength) {
      best = pair;
      bestLength = longest;
    }
  }
  return best;
}

/** 'GIFT CARD' in small letter-spaced capitals, and the value when one is chosen, on the card's bottom line. */
function footer(palette: Palette, value: CardArtInput['value']): string {
  const face = detailFace();
  const baseline = CARD_HEIGHT - MARGIN + 4;
  const caption = setLine(face, 'GIFT CARD', 0.16);
  const parts = [`<path fill="${palette.ink}" fill-opacity="0.78" d="${linePath(caption, MARGIN, baseline, 13)}"/>`];
  if (value) {
    const amount = setLine(face, formatValue(value));
    const size = Math.min(40, 150 / amount.width);
    const x = CARD_WIDTH - MARGIN - amount.width * size;
    parts.push(`<path fill="${palette.ink}" d="${linePath(amount, x, baseline + 2, size)}"/>`);
  }
  return parts.join('');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The width of the e-mail PNG: twice the 214 px a mail shows it at, so it stays sharp on dense screens. */
export const CARD_PNG_WIDTH = 428;

/**
 * The card as a PNG, for e-mail clients that do not show SVG (Gmail, Outlook). resvg needs no
 * font: every letter is already a path.
 */
export function cardArtPng(svg: string): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: CARD_PNG_WIDTH }, font: { loadSystemFonts: false } })
    .render()
    .asPng();
}
