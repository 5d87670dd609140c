import { useCurrentUser } from '@/lib/auth/current-user';
import { useIsLoggedIn } from '@/lib/auth/session-store';
import { useWishlists } from '../api/get-wishlists';

/** The signed-in user's id and their first wishlist (docs/product/browsing.md#wishlist: the first is used). */
export function useWishlist() {
  const loggedIn = useIsLoggedIn();
  const user = useCurrentUser();
  const userId = loggedIn ? user.data?._id : undefined;
  const wishlists = useWishlists(userId);
  return { userId, wishlists, wishlist: wishlists.data?.wishlists[0] };
}
