import { type Gift, giftEndpoints } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callEndpoint } from '@/lib/api-client';

/** GET /gifts/:token (public): the gift behind a claim link, as its landing page shows it. */
export function getGift(token: string): Promise<Gift> {
  return callEndpoint(giftEndpoints.get, { params: { token } });
}

export function giftQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['gifts', token] as const,
    queryFn: () => getGift(token),
    // An unknown link stays unknown: asking again would not change the answer.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 3,
  });
}

export function useGift(token: string) {
  return useQuery(giftQueryOptions(token));
}
