import { WISHLIST_LOGIN_REQUIRED_MESSAGE, type WishlistChangeResponse } from '@gvm/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { wishlistEndpoint } from '@/lib/lazy-endpoints';
import { createWishlist } from './create-wishlist';
import { wishlistsQueryOptions } from './get-wishlists';
import { storeChangedWishlist } from './store-changed-wishlist';

/** POST /wishlists/:wishlistId/items. */
export async function addWishlistItem(wishlistId: string, productId: string): Promise<WishlistChangeResponse> {
  return callEndpoint(wishlistEndpoint('addItem'), { params: { wishlistId }, body: { productId } });
}

/**
 * The id of the user's first wishlist (docs/product/browsing.md#wishlist: the first is used), creating one when
 * they have none yet (docs/product/browsing.md#wishlist: the fetch answered 404).
 */
async function ensureWishlistId(queryClient: QueryClient, userId: string): Promise<string> {
  const { wishlists } = await queryClient.fetchQuery(wishlistsQueryOptions(userId));
  const existing = wishlists[0]?._id;
  if (existing) return existing;
  return (await createWishlist())._id;
}

export interface AddToWishlistInput {
  /** Undefined while nobody is signed in (or the user is not loaded yet). */
  userId: string | undefined;
  productId: string;
}

/** docs/product/browsing.md#wishlist: an add without a wishlist id fails with the log-in message. */
export async function addToWishlist(queryClient: QueryClient, { userId, productId }: AddToWishlistInput) {
  if (!userId) throw new Error(WISHLIST_LOGIN_REQUIRED_MESSAGE);
  const wishlistId = await ensureWishlistId(queryClient, userId);
  return addWishlistItem(wishlistId, productId);
}

export function useAddWishlistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddToWishlistInput) => addToWishlist(queryClient, input),
    onSuccess: ({ wishlist }, { userId }) => {
      if (userId) storeChangedWishlist(queryClient, userId, wishlist);
    },
  });
}
