import { useAddPendingWishlistItem } from '../hooks/use-add-pending-wishlist-item';
import { useFavourite } from '../hooks/use-favourite';
import { type FavouriteButtonProps, HeartButton } from './heart-button';

/**
 * The heart of a signed-in user (docs/product/browsing.md#wishlist): filled while the product is in the
 * user's first wishlist; a tap toggles it. Disabled while a change is saved. Loaded by
 * `FavouriteButton`, so a guest's first load carries none of the wishlist's calls.
 */
export default function SignedInFavouriteButton({ productId, merchantName, className }: FavouriteButtonProps) {
  useAddPendingWishlistItem();
  const { isFavourite, isPending, toggle } = useFavourite(productId);

  return (
    <HeartButton
      merchantName={merchantName}
      isFavourite={isFavourite}
      disabled={isPending}
      onToggle={toggle}
      className={className}
    />
  );
}
