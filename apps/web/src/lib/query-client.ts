import { createQueryClient as createBaseQueryClient } from '@gvm/web-lib/query-client';
import type { QueryClient } from '@tanstack/react-query';
import { pageDataStaleTime, seedInitialData, takeInitialData } from './initial-data';

/**
 * The house's query client (@gvm/web-lib: only server errors are retried), with the data the page
 * arrived with fresh for a minute (decision 024); everything else as before.
 */
export function createQueryClient(): QueryClient {
  return createBaseQueryClient(pageDataStaleTime);
}

export const queryClient = createQueryClient();

// Decision 024: the catalogue answers the server embedded in the page, so the first render needs no round trip.
if (typeof document !== 'undefined') seedInitialData(queryClient, takeInitialData());
