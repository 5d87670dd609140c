import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { useAddWishlistItem } from '../api/add-wishlist-item';
import { takePendingWishlistItem } from '../lib/pending-wishlist-item';
import { useWishlist } from './use-wishlist';

/**
 * docs/product/browsing.md#wishlist: the favourite a guest tapped before signing in is added once they have, and
 * the key removed. Mounted where the guest comes back to (/wishlist) and by every heart, so it
 * also happens when sign-in returns somewhere else; the key is taken as it is read, so only one
 * of them adds it.
 */
export function useAddPendingWishlistItem(): void {
  const { userId } = useWishlist();
  const { mutate } = useAddWishlistItem();

  useEffect(() => {
    if (!userId) return;
    const productId = takePendingWishlistItem();
    if (!productId) return;
    mutate(
      { userId, productId },
      { onSuccess: ({ message }) => toast.success(message), onError: (error) => toast.error(error.message) },
    );
  }, [userId, mutate]);
}
