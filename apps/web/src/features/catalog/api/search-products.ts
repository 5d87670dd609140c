import { PAGE_SIZE, type ProductSearchParams, type ProductSearchResponse } from '@gvm/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { catalogEndpoint } from '@/lib/lazy-endpoints';

/** What the browse grid asks for (the contract's search query); the page size and number are added per page. */
export async function searchProducts(filters: ProductSearchParams, page: number): Promise<ProductSearchResponse> {
  return callEndpoint(catalogEndpoint('search'), { query: { ...filters, limit: PAGE_SIZE, page } });
}

/** docs/product/browsing.md#browse-grid: 'Load More' fetches the next page while another page exists. */
export function searchProductsQueryOptions(filters: ProductSearchParams) {
  return infiniteQueryOptions({
    queryKey: ['products', 'search', filters],
    queryFn: ({ pageParam }) => searchProducts(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: ({ pagination }) =>
      pagination.currentPage < pagination.totalPages ? pagination.currentPage + 1 : undefined,
  });
}

/** Keeps the previous results on screen (dimmed) while a new filter loads, instead of flashing. */
export function useSearchProducts(filters: ProductSearchParams) {
  return useInfiniteQuery({ ...searchProductsQueryOptions(filters), placeholderData: keepPreviousData });
}
