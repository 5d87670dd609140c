import { CARD_ART_HEIGHT, CARD_ART_WIDTH } from '@gvm/contract';
import { Gift } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

/** The voucher's gift-card art (decision 028), or the default gift-card picture when it has none or it fails to load. */
export function VoucherImage({ src, className }: { src: string; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <div
        data-testid="default-voucher-image"
        className={cn('flex items-center justify-center bg-gradient-to-br from-brand-500 to-brand-700', className)}
      >
        <Gift aria-hidden="true" className="h-12 w-12 text-white" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={CARD_ART_WIDTH}
      height={CARD_ART_HEIGHT}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={cn('bg-white object-contain p-4', className)}
    />
  );
}
