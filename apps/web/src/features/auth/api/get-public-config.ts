import { type PublicConfig, publicConfigSchema } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /config: the public settings (the Google client id), read at run time so no rebuild is needed. */
export async function getPublicConfig(): Promise<PublicConfig> {
  const response = await api.get('/config', { skipAuthRefresh: true });
  return publicConfigSchema.parse(response.data);
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
