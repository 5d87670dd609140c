import type { Product } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { catalogEndpoint } from '@/lib/lazy-endpoints';

/** GET /products/:id (spec 000 section 7); an unknown id answers 404 'Product not found'. */
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
 * Spec 000 section 2: a product's description and terms may each be a URL whose text is fetched
 * directly (not through our API). An HTML answer is reduced to its visible text, so a merchant's
 * page never injects markup into ours.
 */
export function isTextLink(value: string): boolean {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) || (trimmed.startsWith('/') && !/\s/.test(trimmed));
}

export async function getLinkedText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load ${url} (${response.status})`);
  const body = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('html')) return body.trim();
  return htmlToText(body);
}

const BLOCKS = 'p, li, div, tr, h1, h2, h3, h4, h5, h6, section, article, header, footer';
/** Marks a line break between blocks; the source's own newlines are only whitespace in HTML. */
const BREAK = '\uE000';

/** The visible text of an HTML page, one line per block, so terms still split into a list. */
export function htmlToText(html: string): string {
  const page = new DOMParser().parseFromString(html, 'text/html');
  for (const hidden of page.querySelectorAll('script, style, noscript, template')) hidden.remove();
  for (const br of page.querySelectorAll('br')) br.replaceWith(BREAK);
  for (const block of page.querySelectorAll(BLOCKS)) block.append(BREAK);
  return (page.body.textContent ?? '')
    .split(BREAK)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** The text itself, or the text behind it when it is a link (cached for the session). */
export function useProductText(value: string) {
  const linked = isTextLink(value);
  const query = useQuery({
    queryKey: ['linked-text', value.trim()],
    queryFn: () => getLinkedText(value.trim()),
    enabled: linked,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  if (!linked) return { text: value, isLoading: false, isError: false, url: null };
  return { text: query.data ?? '', isLoading: query.isPending, isError: query.isError, url: value.trim() };
}
