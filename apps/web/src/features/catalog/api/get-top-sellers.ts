import { type Product, productSchema } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Spec 000 section 9: top sellers are fetched with limit 8, country GB, page 1. */
export const TOP_SELLERS_PARAMS = { limit: 8, country: 'GB' } as const;

interface TopSellersParams {
  limit: number;
  country: string;
}

/** GET /products/top-sellers → { products }. */
export async function getTopSellers(params: TopSellersParams): Promise<Product[]> {
  const { data } = await api.get<{ products: unknown }>('/products/top-sellers', { params });
  return productSchema.array().parse(data.products);
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
