import type { ProductFiltersResponse } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { catalogEndpoint } from '@/lib/lazy-endpoints';

/** Spec 000 section 9: the filter lists are cached for 10 minutes. */
const FILTERS_STALE_MS = 10 * 60 * 1000;

export async function getProductFilters(): Promise<ProductFiltersResponse> {
  return callEndpoint(catalogEndpoint('filters'));
}

export function productFiltersQueryOptions() {
  return queryOptions({
    queryKey: ['products', 'filters'],
    queryFn: getProductFilters,
    staleTime: FILTERS_STALE_MS,
    gcTime: FILTERS_STALE_MS,
  });
}

export function useProductFilters() {
  return useQuery(productFiltersQueryOptions());
}
