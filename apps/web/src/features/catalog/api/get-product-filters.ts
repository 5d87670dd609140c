import type { CategoryValue, ProductFiltersResponse } from '@gvm/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { catalogEndpoint } from '@/lib/lazy-endpoints';

/** docs/product/browsing.md#search-filter-and-sort: the filter lists are cached for 10 minutes. */
const FILTERS_STALE_MS = 10 * 60 * 1000;

/** The browse state the lists depend on (decision 031): only brands found under both are offered. */
export interface ProductFiltersScope {
  country: string;
  category?: CategoryValue | undefined;
}

/** The query as sent and as keyed: no `category` when none is chosen (the server's initial data uses the same). */
function filtersQuery({ country, category }: ProductFiltersScope): { country: string; category?: CategoryValue } {
  return category ? { country, category } : { country };
}

export async function getProductFilters(scope: ProductFiltersScope): Promise<ProductFiltersResponse> {
  return callEndpoint(catalogEndpoint('filters'), { query: filtersQuery(scope) });
}

export function productFiltersQueryOptions(scope: ProductFiltersScope) {
  return queryOptions({
    queryKey: ['products', 'filters', filtersQuery(scope)],
    queryFn: () => getProductFilters(scope),
    staleTime: FILTERS_STALE_MS,
    gcTime: FILTERS_STALE_MS,
    // While another category's lists load, the bar keeps showing the last ones rather than none.
    placeholderData: keepPreviousData,
  });
}

export function useProductFilters(scope: ProductFiltersScope) {
  return useQuery(productFiltersQueryOptions(scope));
}
