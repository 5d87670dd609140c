import { useState } from 'react';

/**
 * The merchant's image shown as the gift card itself, or the first letter of its name when there
 * is none or it fails to load.
 */
export function ProductDetailImage({ imageUrl, merchantName }: { imageUrl: string; merchantName: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-3xl border border-gray-100 bg-gradient-to-br from-gray-50 via-white to-brand-50 p-8 sm:p-14">
      {imageUrl && !failed ? (
        <img
          src={imageUrl}
          alt={`${merchantName} logo`}
          className="aspect-[16/10] w-full max-w-md rounded-2xl object-cover shadow-2xl shadow-gray-900/20 ring-1 ring-black/5"
          onError={() => setFailed(true)}
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex aspect-[16/10] w-full max-w-md items-center justify-center rounded-2xl bg-brand-600 text-8xl font-bold text-white shadow-2xl shadow-gray-900/20"
        >
          {merchantName.charAt(0).toUpperCase()}
        </span>
      )}
    </div>
  );
}
