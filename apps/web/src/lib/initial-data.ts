import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The catalogue answers the server put into the page for its first render (decision 024): the
 * browse grid's first page for `/` and the product for `/product/:id`, in a
 * `<script type="application/json" id="initial-data">` block (data only: the CSP runs no inline
 * script). Seeding them into the query cache lets the first render show products without a
 * round trip to the API.
 */
export interface InitialData {
  /** `params` are the web's own browse filters (category, merchant, q, sortBy, country). */
  search?: { params: Record<string, string>; response: unknown };
  /** `id` as it stands in the page's path. */
  product?: { id: string; response: unknown };
  /** The filter bar's lists on `/`, for `params` (country, and category when one is chosen). */
  filters?: { params: Record<string, string>; response: unknown };
  /** The product page's top sellers (limit 8, GB), as GET /products/top-sellers answers: `{ products }`. */
  topSellers?: unknown;
}

export const INITIAL_DATA_ELEMENT_ID = 'initial-data';

/**
 * The query keys of features/catalog's `searchProductsQueryOptions(filters)` and
 * `productQueryOptions(id)` (lib may not import features; a test there keeps them equal).
 */
export const initialDataKeys = {
  search: (params: Record<string, string>) => ['products', 'search', params] as const,
  product: (id: string) => ['product', id] as const,
  filters: (params: Record<string, string>) => ['products', 'filters', params] as const,
  topSellers: () => ['products', 'top-sellers', { limit: 8, country: 'GB' }] as const,
};

/**
 * How long the page's data count as fresh: as long as the catalogue's own answers may be cached
 * (Cache-Control max-age=60, decision 022). Without it a page would ask again for what it was
 * just given, the moment it renders, and load the schemas to read the answer.
 */
export const PAGE_DATA_FRESH_MS = 60_000;

/** Query hash → the dataUpdatedAt of the data the page came with, and how long they count as fresh. */
const seeded = new Map<string, { updatedAt: number; freshMs: number }>();

/**
 * The query client's default staleTime: while a query still holds the data the page came with,
 * the time they count as fresh (PAGE_DATA_FRESH_MS for the data the page carried); 0 (TanStack's
 * default) otherwise, including once it has refetched.
 */
export function pageDataStaleTime(query: Query): number {
  const seed = seeded.get(query.queryHash);
  return seed?.updatedAt === query.state.dataUpdatedAt ? seed.freshMs : 0;
}

/**
 * Counts the data a query holds now as the page's own for `freshMs`: the first render's queries
 * do not ask again for what the page has just been given the moment they mount (decision 076).
 * Nothing for a query without data.
 */
export function holdAsPageData(queryClient: QueryClient, queryKey: QueryKey, freshMs: number): void {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query?.state.status === 'success') seeded.set(query.queryHash, { updatedAt: query.state.dataUpdatedAt, freshMs });
}

/** Reads (once) and removes the page's data block; undefined when there is none or it is not JSON. */
export function takeInitialData(doc: Document = document): InitialData | undefined {
  const element = doc.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const data: unknown = JSON.parse(element.textContent ?? '');
    return typeof data === 'object' && data !== null ? (data as InitialData) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts the page's data into the cache under the keys the pages ask for. The data are the API's
 * own answers for exactly those keys (the server asked the catalogue routes with the same
 * parameters), so a key the page never asks for is only an unused entry. They count as fetched
 * now: the page's usual freshness rules apply from here on.
 */
export function seedInitialData(queryClient: QueryClient, data: InitialData | undefined): void {
  if (!data) return;
  const seed = (queryKey: QueryKey, value: unknown) => {
    queryClient.setQueryData(queryKey, value);
    holdAsPageData(queryClient, queryKey, PAGE_DATA_FRESH_MS);
  };
  const { search, product, filters, topSellers } = data;
  if (search && isRecord(search.params) && isRecord(search.response)) {
    seed(initialDataKeys.search(search.params), { pages: [search.response], pageParams: [1] });
  }
  if (product && typeof product.id === 'string' && isRecord(product.response)) {
    seed(initialDataKeys.product(product.id), product.response);
  }
  if (filters && isRecord(filters.params) && isRecord(filters.response)) {
    seed(initialDataKeys.filters(filters.params), filters.response);
  }
  if (isRecord(topSellers) && Array.isArray(topSellers.products))
    seed(initialDataKeys.topSellers(), topSellers.products);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
