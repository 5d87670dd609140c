import type { BrowseParams } from '../hooks/use-browse-params';

/**
 * The home page merchandises (decision 032: the top sellers, occasions and price bands above the
 * grid) until the shopper narrows the catalogue down by category, brand or search. The server
 * decides the same for the page's shell and data (apps/api/src/plugins/web-app.ts, homeShowsRows).
 */
export function showsHomeRows(params: Pick<BrowseParams, 'category' | 'merchant' | 'q'>): boolean {
  return !params.category && !params.merchant && !params.q;
}
