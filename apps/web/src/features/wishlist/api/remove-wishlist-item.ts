import type { WishlistChangeResponse } from '@gvm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { wishlistEndpoint } from '@/lib/lazy-endpoints';
import { storeChangedWishlist } from './store-changed-wishlist';

/** DELETE /wishlists/:wishlistId/items/:productId; the answer's message is shown as a toast. */
export async function removeWishlistItem(wishlistId: string, productId: string): Promise<WishlistChangeResponse> {
  return callEndpoint(wishlistEndpoint('removeItem'), { params: { wishlistId, productId } });
}

export interface RemoveFromWishlistInput {
  userId: string;
  wishlistId: string;
  productId: string;
}

export function useRemoveWishlistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ wishlistId, productId }: RemoveFromWishlistInput) => removeWishlistItem(wishlistId, productId),
    onSuccess: ({ wishlist }, { userId }) => storeChangedWishlist(queryClient, userId, wishlist),
  });
}
