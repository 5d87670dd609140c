import { useState } from 'react';
import { cn } from '@/lib/cn';

/** The merchant's image, or the first letter of its name when there is none or it fails to load. */
export function MerchantLogo({ src, name, className }: { src: string; name: string; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!src || failedSrc === src) {
    return (
      <span
        aria-hidden="true"
        className={cn(
          'flex aspect-square h-2/3 max-h-24 items-center justify-center rounded-full bg-brand-100 text-3xl font-bold text-brand-700',
          className,
        )}
      >
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={cn('h-full w-full object-contain', className)}
    />
  );
}
