import { clsx } from 'clsx';
import { Heart } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useAddPendingWishlistItem } from '../hooks/use-add-pending-wishlist-item';
import { useFavourite } from '../hooks/use-favourite';

interface FavouriteButtonProps {
  productId: string;
  merchantName: string;
  className?: string;
}

/**
 * The heart that keeps a product in the wishlist (spec 000 sections 2 and 4): filled while the
 * product is in the user's first wishlist; a tap toggles it. Disabled while a change is saved.
 */
export function FavouriteButton({ productId, merchantName, className }: FavouriteButtonProps) {
  useAddPendingWishlistItem();
  const { isFavourite, isPending, toggle } = useFavourite(productId);

  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    // The heart sits on cards that link to the product: tapping it must not follow the link.
    event.preventDefault();
    event.stopPropagation();
    toggle();
  }

  return (
    <button
      type="button"
      onClick={handleClick}
      disabled={isPending}
      aria-label={isFavourite ? `Remove ${merchantName} from wishlist` : `Add ${merchantName} to wishlist`}
      title={isFavourite ? 'Remove from wishlist' : 'Add to wishlist'}
      className={clsx(
        'inline-flex h-9 w-9 items-center justify-center rounded-full bg-white/90 shadow-sm',
        'transition-colors hover:bg-white hover:text-red-500 focus-visible:outline-2 focus-visible:outline-brand-600',
        'disabled:cursor-wait disabled:opacity-60',
        isFavourite ? 'text-red-500' : 'text-gray-500',
        className,
      )}
    >
      <Heart aria-hidden="true" className={clsx('h-5 w-5', isFavourite && 'fill-current')} />
    </button>
  );
}
