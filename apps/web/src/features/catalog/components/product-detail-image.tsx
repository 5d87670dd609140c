import { CARD_ART_HEIGHT, CARD_ART_WIDTH } from '@gvm/contract';
import { useState } from 'react';

/**
 * The merchant's gift-card art (decision 028) shown as the card itself, at its intrinsic size so
 * nothing shifts, or the first letter of its name when there is none or it fails to load.
 */
export function ProductDetailImage({ imageUrl, merchantName }: { imageUrl: string; merchantName: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-3xl border border-gray-100 bg-gradient-to-br from-gray-50 via-white to-brand-50 p-8 sm:p-14">
      {imageUrl && !failed ? (
        <img
          src={imageUrl}
          alt={`${merchantName} gift card`}
          width={CARD_ART_WIDTH}
          height={CARD_ART_HEIGHT}
          className="h-auto w-full max-w-md rounded-[5%/8%] shadow-2xl shadow-gray-900/20"
          onError={() => setFailed(true)}
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex aspect-[428/270] w-full max-w-md items-center justify-center rounded-2xl bg-brand-600 text-8xl font-bold text-white shadow-2xl shadow-gray-900/20"
        >
          {merchantName.charAt(0).toUpperCase()}
        </span>
      )}
    </div>
  );
}
