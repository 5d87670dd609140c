import { CARD_ART_HEIGHT, CARD_ART_WIDTH, cardArtUrl } from '@gvm/contract';
import { clsx } from 'clsx';
import { useState } from 'react';

/**
 * The merchant's gift-card art (decision 028), or the first letter of its name in a
 * tile when there is none or it fails to load: the cart, checkout, the payment result, the gift
 * page, redeem and exchange. Give it a card-shaped size (`h-12 w-[76px]`: 428 x 270). A plain
 * <img> of a server-made SVG, lazy, with its intrinsic size so nothing shifts; `value` (major
 * units) prints the amount on the card.
 */
export function MerchantLogo({
  imageUrl,
  merchantName,
  alt = '',
  className,
  value,
  currency,
}: {
  imageUrl: string | undefined;
  merchantName: string;
  /** Empty (decorative) where the merchant's name is written beside the logo. */
  alt?: string;
  className?: string;
  value?: number | undefined;
  currency?: string | undefined;
}) {
  const [failed, setFailed] = useState(false);
  const frame = 'flex shrink-0 items-center justify-center overflow-hidden';
  if (!imageUrl || failed) {
    return (
      <div
        aria-hidden="true"
        className={clsx(
          frame,
          'rounded-xl border border-gray-200 bg-brand-50 text-xl font-bold text-brand-600',
          className,
        )}
      >
        {merchantName.charAt(0).toUpperCase()}
      </div>
    );
  }
  return (
    <div className={clsx(frame, 'rounded-lg', className)}>
      <img
        src={cardArtUrl(imageUrl, value, currency)}
        alt={alt}
        width={CARD_ART_WIDTH}
        height={CARD_ART_HEIGHT}
        loading="lazy"
        decoding="async"
        className="h-full w-full object-contain"
        onError={() => setFailed(true)}
      />
    </div>
  );
}
