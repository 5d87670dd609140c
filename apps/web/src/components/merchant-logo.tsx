import { clsx } from 'clsx';
import { useState } from 'react';

/**
 * The merchant's logo in a rounded tile, or the first letter of its name when there is none or it
 * fails to load: the cart, checkout, the payment result, the gift page, redeem and exchange.
 */
export function MerchantLogo({
  imageUrl,
  merchantName,
  alt = '',
  className,
}: {
  imageUrl: string | undefined;
  merchantName: string;
  /** Empty (decorative) where the merchant's name is written beside the logo. */
  alt?: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const frame = 'flex shrink-0 items-center justify-center overflow-hidden rounded-xl border border-gray-200';
  if (!imageUrl || failed) {
    return (
      <div aria-hidden="true" className={clsx(frame, 'bg-brand-50 text-xl font-bold text-brand-600', className)}>
        {merchantName.charAt(0).toUpperCase()}
      </div>
    );
  }
  return (
    <div className={clsx(frame, 'bg-white', className)}>
      <img src={imageUrl} alt={alt} className="h-full w-full object-cover" onError={() => setFailed(true)} />
    </div>
  );
}
