import { WISHLIST_LOGIN_REQUIRED_MESSAGE } from '@gvm/contract';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { rememberReturnTo } from '@/lib/auth/redirect-storage';
import { useSessionStore } from '@/lib/auth/session-store';
import { toast } from '@/lib/toast';
import { useAddWishlistItem } from '../api/add-wishlist-item';
import { useRemoveWishlistItem } from '../api/remove-wishlist-item';
import { rememberPendingWishlistItem } from '../lib/pending-wishlist-item';
import { useWishlist } from './use-wishlist';

/**
 * One product's heart (docs/product/browsing.md#wishlist): in the user's first wishlist or not, and a
 * toggle. A guest's tap keeps the product as pendingWishlistItem and sends them to log in, coming
 * back to /wishlist where it is added.
 */
export function useFavourite(productId: string) {
  const navigate = useNavigate();
  const isGuest = useSessionStore((state) => state.status === 'guest');
  const { userId, wishlists, wishlist } = useWishlist();
  const add = useAddWishlistItem();
  const remove = useRemoveWishlistItem();
  const isFavourite = wishlist?.items.some((item) => item.productId === productId) ?? false;

  function toggle() {
    if (isGuest) {
      rememberPendingWishlistItem(productId);
      rememberReturnTo(paths.wishlist);
      toast.info(WISHLIST_LOGIN_REQUIRED_MESSAGE);
      navigate(`${paths.login}?returnTo=${paths.wishlist}`);
      return;
    }
    if (isFavourite && userId && wishlist) {
      remove.mutate(
        { userId, wishlistId: wishlist._id, productId },
        { onSuccess: ({ message }) => toast.success(message), onError: (error) => toast.error(error.message) },
      );
      return;
    }
    add.mutate(
      { userId, productId },
      { onSuccess: ({ message }) => toast.success(message), onError: (error) => toast.error(error.message) },
    );
  }

  // Until the user and their wishlist are known, a tap could not be answered right (no user id to
  // add for, or a heart that is really filled): the heart waits, disabled. The page itself may
  // already be drawn from the HTML's data (decision 024) by then.
  const loading = !isGuest && wishlists.isPending;
  return { isFavourite, isPending: loading || add.isPending || remove.isPending, toggle };
}
