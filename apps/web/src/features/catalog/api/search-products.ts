import {
  type CategoryValue,
  PAGE_SIZE,
  type ProductSearchResponse,
  productSearchResponseSchema,
  type SortOption,
} from '@gvm/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What the browse grid asks for; the page number is added per page. */
export interface ProductSearchFilters {
  category?: CategoryValue;
  merchant?: string;
  q?: string;
  sortBy: SortOption;
  country: string;
}

export async function searchProducts(filters: ProductSearchFilters, page: number): Promise<ProductSearchResponse> {
  const { data } = await api.get<unknown>('/products/search', {
    params: { ...filters, limit: PAGE_SIZE, page },
  });
  return productSearchResponseSchema.parse(data);
}

/** Spec 000 section 4, Browse: 'Load More' fetches the next page while another page exists. */
export function searchProductsQueryOptions(filters: ProductSearchFilters) {
  return infiniteQueryOptions({
    queryKey: ['products', 'search', filters],
    queryFn: ({ pageParam }) => searchProducts(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: ({ pagination }) =>
      pagination.currentPage < pagination.totalPages ? pagination.currentPage + 1 : undefined,
  });
}

/** Keeps the previous results on screen (dimmed) while a new filter loads, instead of flashing. */
export function useSearchProducts(filters: ProductSearchFilters) {
  return useInfiniteQuery({ ...searchProductsQueryOptions(filters), placeholderData: keepPreviousData });
}
