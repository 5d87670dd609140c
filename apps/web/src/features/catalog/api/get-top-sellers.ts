import type { Product, TopSellersParams } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { catalogEndpoint } from '@/lib/lazy-endpoints';

/** docs/product/browsing.md#home: top sellers are fetched with limit 8, country GB, page 1. */
export const TOP_SELLERS_PARAMS = { limit: 8, country: 'GB' } as const satisfies TopSellersParams;

/** GET /products/top-sellers → { products }. */
export async function getTopSellers(params: TopSellersParams): Promise<Product[]> {
  const { products } = await callEndpoint(catalogEndpoint('topSellers'), { query: params });
  return products;
}

export function topSellersQueryOptions(params: TopSellersParams = TOP_SELLERS_PARAMS) {
  return queryOptions({
    queryKey: ['products', 'top-sellers', params],
    queryFn: () => getTopSellers(params),
    staleTime: 5 * 60 * 1000,
  });
}

export function useTopSellers(params: TopSellersParams = TOP_SELLERS_PARAMS) {
  return useQuery(topSellersQueryOptions(params));
}
