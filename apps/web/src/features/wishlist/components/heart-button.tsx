import { clsx } from 'clsx';
import { Heart } from 'lucide-react';
import type { MouseEvent } from 'react';

export interface FavouriteButtonProps {
  productId: string;
  merchantName: string;
  className?: string;
}

interface HeartButtonProps {
  merchantName: string;
  isFavourite: boolean;
  disabled?: boolean;
  onToggle(): void;
  className?: string;
}

/** The heart itself (docs/product/browsing.md#wishlist): filled while the product is a favourite. */
export function HeartButton({ merchantName, isFavourite, disabled, onToggle, className }: HeartButtonProps) {
  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    // The heart sits on cards that link to the product: tapping it must not follow the link.
    event.preventDefault();
    event.stopPropagation();
    onToggle();
  }

  return (
    <button
      type="button"
      onClick={handleClick}
      disabled={disabled}
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
