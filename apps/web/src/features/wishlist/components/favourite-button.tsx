import { WISHLIST_LOGIN_REQUIRED_MESSAGE } from '@gvm/contract';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { rememberReturnTo } from '@/lib/auth/redirect-storage';
import { useSessionStore } from '@/lib/auth/session-store';
import { toast } from '@/lib/toast';
import { rememberPendingWishlistItem } from '../lib/pending-wishlist-item';
import { type FavouriteButtonProps, HeartButton } from './heart-button';

const SignedInFavouriteButton = lazy(() => import('./signed-in-favourite-button'));

/**
 * The heart that keeps a product in the wishlist (docs/product/browsing.md#wishlist). A guest's tap keeps
 * the product as pendingWishlistItem and sends them to log in, coming back to /wishlist where it is
 * added; that needs none of the wishlist's calls, so only a signed-in user's heart loads them
 * (decision 023), showing an empty heart until they have.
 */
export function FavouriteButton(props: FavouriteButtonProps) {
  const isGuest = useSessionStore((state) => state.status === 'guest');
  if (isGuest) return <GuestFavouriteButton {...props} />;
  return (
    <Suspense fallback={<HeartButton {...props} isFavourite={false} disabled onToggle={() => {}} />}>
      <SignedInFavouriteButton {...props} />
    </Suspense>
  );
}

function GuestFavouriteButton({ productId, merchantName, className }: FavouriteButtonProps) {
  const navigate = useNavigate();
  return (
    <HeartButton
      merchantName={merchantName}
      isFavourite={false}
      className={className}
      onToggle={() => {
        rememberPendingWishlistItem(productId);
        rememberReturnTo(paths.wishlist);
        toast.info(WISHLIST_LOGIN_REQUIRED_MESSAGE);
        navigate(`${paths.login}?returnTo=${paths.wishlist}`);
      }}
    />
  );
}
