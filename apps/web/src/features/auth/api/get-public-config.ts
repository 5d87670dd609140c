import { type PublicConfig, publicConfigEndpoints } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** GET /config: the public settings (the Google client id), read at run time so no rebuild is needed. */
export function getPublicConfig(): Promise<PublicConfig> {
  return callEndpoint(publicConfigEndpoints.get, {}, { skipAuthRefresh: true });
}

export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: ['config'],
    queryFn: getPublicConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
