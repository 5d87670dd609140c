import type { Product } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { catalogEndpoint } from '@/lib/lazy-endpoints';

/** GET /products/:id (docs/product/browsing.md#product-page); an unknown id answers 404 'Product not found'. */
export async function getProduct(id: string): Promise<Product> {
  return callEndpoint(catalogEndpoint('get'), { params: { id } });
}

export function productQueryOptions(id: string) {
  return queryOptions({ queryKey: ['product', id], queryFn: () => getProduct(id) });
}

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}

/**
 * docs/product/browsing.md#product-page: a product's description and terms may each be a URL whose text is fetched
 * directly (not through our API). An HTML answer is reduced to its visible text, so a merchant's
 * page never injects markup into ours.
 */
export function isTextLink(value: string): boolean {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) || (trimmed.startsWith('/') && !/\s/.test(trimmed));
}

/** The text itself, or the text behind it when it is a link (cached for the session). */
export function useProductText(value: string) {
  const linked = isTextLink(value);
  const query = useQuery({
    queryKey: ['linked-text', value.trim()],
    queryFn: () => import('./linked-text').then((module) => module.getLinkedText(value.trim())),
    enabled: linked,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  if (!linked) return { text: value, isLoading: false, isError: false, url: null };
  return { text: query.data ?? '', isLoading: query.isPending, isError: query.isError, url: value.trim() };
}
