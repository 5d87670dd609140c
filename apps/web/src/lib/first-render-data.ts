import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { EARLY_ANSWER_MS } from './early-requests';
import { holdAsPageData } from './initial-data';

/**
 * Fetches a query for the app's first render (a page's `pageData`, decision 076) and holds its
 * answer as fresh as an early answer stands (EARLY_ANSWER_MS): the page's queries mounting with it
 * draw it rather than asking again at once. Settles when the query has, failed or not.
 */
export async function prefetchForFirstRender<TData, TError, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, TError, TData, TKey>,
): Promise<void> {
  await queryClient.prefetchQuery(options);
  holdAsPageData(queryClient, options.queryKey, EARLY_ANSWER_MS);
}
