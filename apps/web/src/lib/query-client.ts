import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { pageDataStaleTime, seedInitialData, takeInitialData } from './initial-data';

/**
 * Data is retried 3 times by default and discarded after 5 minutes, but a client error (below
 * 500) is final, so only server errors are retried (docs/product/README.md#web-client).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60 * 1000,
        retry: (failureCount, error) =>
          failureCount < 3 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        // Data the page arrived with are fresh for a minute (decision 024); everything else as before.
        staleTime: pageDataStaleTime,
      },
    },
  });
}

export const queryClient = createQueryClient();

// Decision 024: the catalogue answers the server embedded in the page, so the first render needs no round trip.
if (typeof document !== 'undefined') seedInitialData(queryClient, takeInitialData());
