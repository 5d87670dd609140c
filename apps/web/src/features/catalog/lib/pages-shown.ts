/**
 * The browse grid's page count in the URL (decision 033): 'Load More' writes it (replacing the
 * history entry), so going back to the grid draws as many pages as the shopper had. It is not one
 * of the spec's browse parameters (docs/product/browsing.md#search-filter-and-sort: category, merchant, sortBy, q, country), so
 * the search never sees it; a new filter or search drops it and starts at the first page.
 */
export const PAGES_PARAM = 'pages';

/** A hand-edited link cannot make the grid fetch more than this many pages in a row. */
const MOST_PAGES = 50;

/** The pages to show: a whole number from 1, 1 when absent or not a number. */
export function readPagesShown(search: URLSearchParams): number {
  const pages = Number(search.get(PAGES_PARAM));
  return Number.isInteger(pages) && pages >= 1 ? Math.min(pages, MOST_PAGES) : 1;
}

/** `next` without the page count: a new filter or search starts the grid at its first page. */
export function withFirstPage(next: URLSearchParams): URLSearchParams {
  next.delete(PAGES_PARAM);
  return next;
}
