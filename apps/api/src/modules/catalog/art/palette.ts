/**
 * A card's colours, all derived from the merchant's stored brand colour (or, when it has none
 * usable, from its name), so the same merchant always gets the same card.
 */
export interface Palette {
  /** The card's face, the brand colour itself. */
  base: string;
  /** The far end of the face's gradient: the brand colour a little darker (or lighter, when dark). */
  shade: string;
  /** The motif and the stripe: a second colour of the brand's hue, or of the name's when the brand is grey. */
  accent: string;
  /** Letters: white or near-black, whichever reads better on the face (WCAG contrast). */
  ink: string;
}

/** A stable 32-bit hash of a string (FNV-1a): the same name, the same number, on every machine. */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

interface Hsl {
  h: number;
  s: number;
  l: number;
}

function hexToRgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
}

function rgbToHsl([r, g, b]: [number, number, number]): Hsl {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { h: h * 60, s, l };
}

function hslToHex({ h, s, l }: Hsl): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const value = l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
    return Math.round(Math.max(0, Math.min(1, value)) * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value));
}

/** WCAG 2 relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const WHITE = '#ffffff';
const DARK = '#111827';

/** The merchant's colour when it is a usable `#rrggbb`, else one of the name's own (mid saturation and lightness). */
export function brandColourOf(stored: string | null | undefined, name: string): string {
  if (stored && /^#[0-9a-f]{6}$/i.test(stored)) return stored.toLowerCase();
  const hash = hashOf(name);
  return hslToHex({ h: hash % 360, s: 0.55 + ((hash >>> 9) % 20) / 100, l: 0.38 + ((hash >>> 17) % 12) / 100 });
}

export function paletteOf(stored: string | null | undefined, name: string): Palette {
  const base = brandColourOf(stored, name);
  const hsl = rgbToHsl(hexToRgb(base));
  const hash = hashOf(name);
  const dark = hsl.l < 0.5;
  const shade = hslToHex({ ...hsl, l: clamp(hsl.l + (dark ? 0.1 : -0.12), 0, 1) });
  // A grey, black or white brand has no hue of its own: the accent takes one from the name, so
  // the many black cards (Apple, Zara, H&M...) still differ.
  const greyish = hsl.s < 0.15 || hsl.l < 0.08 || hsl.l > 0.95;
  const accent = greyish
    ? hslToHex({ h: hash % 360, s: 0.75, l: dark ? 0.6 : 0.42 })
    : hslToHex({
        h: (hsl.h + (hash % 2 === 0 ? 28 : -28) + 360) % 360,
        s: clamp(hsl.s + 0.1, 0, 0.95),
        l: clamp(dark ? hsl.l + 0.28 : hsl.l - 0.25, 0.15, 0.85),
      });
  const ink = contrast(base, WHITE) >= contrast(base, DARK) ? WHITE : DARK;
  return { base, shade, accent, ink };
}
