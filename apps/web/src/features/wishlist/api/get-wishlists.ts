import type { WishlistsResponse } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callEndpoint } from '@/lib/api-client';
import { wishlistEndpoint } from '@/lib/lazy-endpoints';

/**
 * GET /wishlists/:userId. A user with no wishlist yet gets a 404, which is read here as an empty
 * list: it is a normal state (one is created on the first add), not a failure to show.
 */
export async function getWishlists(userId: string): Promise<WishlistsResponse> {
  try {
    return await callEndpoint(wishlistEndpoint('list'), { params: { userId } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { wishlists: [] };
    throw error;
  }
}

export const wishlistsQueryKey = (userId: string) => ['wishlists', userId] as const;

/** docs/product/browsing.md#wishlist: the wishlist is cached for 5 minutes. */
export const WISHLIST_STALE_TIME_MS = 5 * 60 * 1000;

export function wishlistsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: wishlistsQueryKey(userId),
    queryFn: () => getWishlists(userId),
    staleTime: WISHLIST_STALE_TIME_MS,
  });
}

export function useWishlists(userId: string | undefined) {
  return useQuery({ ...wishlistsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
