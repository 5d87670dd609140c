import { CARD_ART_HEIGHT, CARD_ART_WIDTH } from '@gvm/contract';
import { clsx } from 'clsx';
import { type ReactNode, useState } from 'react';

/**
 * The merchant's gift-card art (decision 028), or in its place the first letter of its name (or
 * `fallback`) when there is none or it fails to load: product cards, the cart, checkout, the
 * payment result, gifts, redeem, exchange and the wallet. The looks are `.merchant-initial` and
 * `.merchant-image` in index.css (components layer), so a size or a rounding in `className`
 * overrides them (a card-sized one: `h-12 w-[76px] rounded-lg text-xl`, 428 x 270). A plain <img>
 * of a server-made SVG with its intrinsic size, so nothing shifts; `cardArtUrl` makes a `src` that
 * prints the voucher's value on the card. It is in the first load of `/`, product pages and
 * `/cart` (decision 024): keep it this small.
 */
export function MerchantLogo({
  src,
  name,
  alt = '',
  className,
  priority = false,
  fallback,
}: {
  src: string | undefined;
  name: string;
  /** Empty (decorative) where the merchant's name is written beside the art. */
  alt?: string;
  className?: string;
  /** On screen at first paint (the largest image there): loaded eagerly at high priority, else lazily. */
  priority?: boolean;
  /** Shown instead of the initial when there is no art. */
  fallback?: ReactNode;
}) {
  const [failedSrc, setFailedSrc] = useState<string>();

  if (!src || failedSrc === src) {
    return (
      fallback ?? (
        <span aria-hidden="true" className={clsx('merchant-initial', className)}>
          {name.trim().charAt(0).toUpperCase() || '?'}
        </span>
      )
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={CARD_ART_WIDTH}
      height={CARD_ART_HEIGHT}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={clsx('merchant-image', className)}
    />
  );
}
