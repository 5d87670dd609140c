import type { ProductShelvesParams, ProductShelvesResponse } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { catalogEndpoint } from '@/lib/lazy-endpoints';

/** The home page's rows are the GB catalogue's, as the browse grid is (decision 007). */
export const SHELVES_PARAMS = { country: 'GB' } as const satisfies ProductShelvesParams;

/** GET /products/shelves → the occasions' and price bands' rows (decision 032). */
export async function getShelves(params: ProductShelvesParams): Promise<ProductShelvesResponse> {
  return callEndpoint(catalogEndpoint('shelves'), { query: params });
}

export function shelvesQueryOptions(params: ProductShelvesParams = SHELVES_PARAMS) {
  return queryOptions({
    queryKey: ['products', 'shelves', params],
    queryFn: () => getShelves(params),
    staleTime: 5 * 60 * 1000,
  });
}

export function useShelves(params: ProductShelvesParams = SHELVES_PARAMS) {
  return useQuery(shelvesQueryOptions(params));
}
