import { CARD_ART_HEIGHT, CARD_ART_WIDTH } from '@gvm/contract';

/**
 * The card pictures the server may put into the page or preload: the catalogue's own art
 * (`/api/v1/logos/<code>.svg`, decision 028), never another origin or a scheme.
 */
export const PICTURE_URL = /^\/api\/v1\/logos\/[\w.%-]+\.svg$/;

/**
 * The art boxes of the top sellers' skeleton row in the `home` shell (the web's
 * `TopSellersRowSkeleton`, components/product-row-skeleton.tsx, marks them `data-row-art="n"`).
 */
const MARKED_ART_BOX = /<div(?: [\w-]+="[^"]*")* data-row-art="(\d+)"(?: [\w-]+="[^"]*")*><\/div>/g;

/**
 * The React card's art box and picture (components/product/product-card.tsx and
 * merchant-logo.tsx), attribute for attribute: the same box in the same place, so the picture
 * painted from the HTML is where React's own <img> (same src) is drawn, and nothing moves.
 */
const CARD_ART_BOX_CLASS =
  'flex aspect-[4/3] items-center justify-center bg-gradient-to-br from-gray-50 to-brand-50/60 p-5 sm:p-7';
const CARD_IMAGE_CLASS = 'merchant-image rounded-xl transition-transform duration-300 group-hover:scale-105';
/** The home page's `TOP_SELLERS_ON_SCREEN`: the cards whose art React loads eagerly, first. */
const PRIORITY_COUNT = 5;

function escapeAttribute(value: string): string {
  return value.replace(
    /[&"'<>]/g,
    (c) => ({ '&': '&amp;', '"': '&quot;', "'": '&#39;', '<': '&lt;', '>': '&gt;' })[c] ?? c,
  );
}

/**
 * On `/` with its rows: the top sellers' first pictures painted from the HTML (the page's
 * largest elements, so its LCP need not wait for the script, decision 024). Each marked art box
 * of the skeleton row becomes the n-th top seller's art box with its <img>, as the card draws
 * it; a box whose product is missing or whose art is not the catalogue's stays a skeleton.
 * `topSellers` is the top sellers' answer (`{ products }`); anything else leaves `html` as it is.
 */
export function paintFirstRow(html: string, topSellers: unknown): string {
  const products = (topSellers as { products?: unknown } | undefined)?.products;
  if (!Array.isArray(products) || products.length === 0) return html;
  return html.replace(MARKED_ART_BOX, (box, slot: string) => {
    const index = Number(slot);
    const url = (products[index] as { imageUrl?: unknown } | undefined)?.imageUrl;
    if (typeof url !== 'string' || !PICTURE_URL.test(url)) return box;
    const priority = index < PRIORITY_COUNT;
    const image =
      `<img src="${escapeAttribute(url)}" alt="" width="${CARD_ART_WIDTH}" height="${CARD_ART_HEIGHT}"` +
      ` loading="${priority ? 'eager' : 'lazy'}" fetchpriority="${priority ? 'high' : 'auto'}" decoding="async"` +
      ` class="${CARD_IMAGE_CLASS}">`;
    return `<div class="${CARD_ART_BOX_CLASS}">${image}</div>`;
  });
}
