import { catalogEndpoints, MAX_PAGE_SIZE, type Product } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** docs/product/vouchers-and-gifts.md#exchange: the exchange page looks at up to 1000 products. */
export const EXCHANGE_FETCH_LIMIT = 1000;

/**
 * GET /products in the voucher's country, up to EXCHANGE_FETCH_LIMIT products. The catalogue
 * serves at most MAX_PAGE_SIZE a page, so the pages are read one after another until the last.
 */
export async function getExchangeProducts(country: string): Promise<Product[]> {
  const products: Product[] = [];
  const lastPage = Math.ceil(EXCHANGE_FETCH_LIMIT / MAX_PAGE_SIZE);
  for (let page = 1; page <= lastPage; page += 1) {
    const answer = await callEndpoint(catalogEndpoints.list, { query: { limit: MAX_PAGE_SIZE, page, country } });
    products.push(...answer.products);
    if (page >= answer.pagination.totalPages) break;
  }
  return products.slice(0, EXCHANGE_FETCH_LIMIT);
}

export function exchangeProductsQueryOptions(country: string) {
  return queryOptions({
    queryKey: ['products', 'exchange', country] as const,
    queryFn: () => getExchangeProducts(country),
  });
}

export function useExchangeProducts(country: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...exchangeProductsQueryOptions(country), enabled });
}
