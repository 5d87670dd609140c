/** Where the app serves its gift-card art: `${CARD_ART_PATH}<product code>.svg` (or `.png`). */
export const CARD_ART_PATH = '/api/v1/logos/';

/**
 * The address of a product's card art showing `value` (major units), from the product's
 * `imageUrl` (issue 12 §1): the app's own art takes the value as a query; any other address is
 * kept as it is. Zod-free, so the web's first load can use it (decision 023).
 */
export function cardArtUrl(imageUrl: string, value?: number, currency?: string): string {
  if (value === undefined || !imageUrl.startsWith(CARD_ART_PATH)) return imageUrl;
  const currencyPart = currency ? `&currency=${encodeURIComponent(currency)}` : '';
  return `${imageUrl}?value=${encodeURIComponent(String(value))}${currencyPart}`;
}
