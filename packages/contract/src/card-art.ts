import { API_BASE_PATH } from './api-path';

/** The art's intrinsic size (a payment card's 85.6 x 54 mm): an <img>'s width and height, so nothing shifts. */
export const CARD_ART_WIDTH = 428;
export const CARD_ART_HEIGHT = 270;

/** Where the app serves its gift-card art: `${CARD_ART_PATH}<product code>.svg` (or `.png`). */
export const CARD_ART_PATH = `${API_BASE_PATH}/logos/`;

/**
 * The address of a product's card art showing `value` (major units), from the product's
 * `imageUrl` (decision 028): the app's own art takes the value as a query; any other address is
 * kept as it is. Zod-free, so the web's first load can use it (decision 023).
 */
export function cardArtUrl(imageUrl: string, value?: number, currency?: string): string {
  if (value === undefined || !imageUrl.startsWith(CARD_ART_PATH)) return imageUrl;
  const currencyPart = currency ? `&currency=${encodeURIComponent(currency)}` : '';
  return `${imageUrl}?value=${encodeURIComponent(String(value))}${currencyPart}`;
}
