import { type Query, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/**
 * Data is retried 3 times by default and discarded after 5 minutes, but a client error (below
 * 500) is final, so only server errors are retried (docs/product/README.md#web-client).
 * `staleTime`: the shop's data the page arrived with are fresh for a minute (decision 024).
 */
export function createQueryClient(staleTime?: (query: Query) => number): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60 * 1000,
        retry: (failureCount, error) =>
          failureCount < 3 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        ...(staleTime === undefined ? {} : { staleTime }),
      },
    },
  });
}
