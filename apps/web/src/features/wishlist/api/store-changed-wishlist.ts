import type { Wishlist, WishlistsResponse } from '@gvm/contract';
import type { QueryClient } from '@tanstack/react-query';
import { wishlistsQueryKey } from './get-wishlists';

/**
 * Adding and removing answer the wishlist as it now is: it replaces the cached copy (or becomes
 * the first one), so every heart and the /wishlist page follow without fetching again.
 */
export function storeChangedWishlist(queryClient: QueryClient, userId: string, wishlist: Wishlist): void {
  queryClient.setQueryData<WishlistsResponse>(wishlistsQueryKey(userId), (cached) => {
    const wishlists = cached?.wishlists ?? [];
    const known = wishlists.some((existing) => existing._id === wishlist._id);
    return {
      wishlists: known
        ? wishlists.map((existing) => (existing._id === wishlist._id ? wishlist : existing))
        : [wishlist, ...wishlists],
    };
  });
}
