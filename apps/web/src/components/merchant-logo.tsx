import { useState } from 'react';
import { cn } from '@/lib/cn';

/** The merchant's logo, or the first letter of its name when there is none or it fails to load. */
export function MerchantLogo({
  imageUrl,
  merchantName,
  className,
}: {
  imageUrl: string | undefined;
  merchantName: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const frame = cn(
    'flex shrink-0 items-center justify-center overflow-hidden rounded-xl border border-gray-200 bg-white',
    className,
  );
  if (!imageUrl || failed) {
    return (
      <div aria-hidden="true" className={cn(frame, 'bg-brand-50 text-xl font-bold text-brand-600')}>
        {merchantName.charAt(0).toUpperCase()}
      </div>
    );
  }
  return (
    <div className={frame}>
      <img src={imageUrl} alt="" className="h-full w-full object-cover" onError={() => setFailed(true)} />
    </div>
  );
}
