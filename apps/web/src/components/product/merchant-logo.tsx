import { CARD_ART_HEIGHT, CARD_ART_WIDTH } from '@gvm/contract';
import { clsx } from 'clsx';
import { useState } from 'react';

/**
 * The merchant's gift-card art (decision 028), or the first letter of its name when
 * there is none or it fails to load. The looks are `.merchant-initial` and `.merchant-image` in
 * index.css (components layer), so a size or a rounding in `className` overrides them. A plain
 * lazy <img> of a server-made SVG with its intrinsic size (card-shaped), so nothing shifts.
 */
export function MerchantLogo({
  src,
  name,
  className,
  priority = false,
}: {
  src: string;
  name: string;
  className?: string;
  /** On screen at first paint (the largest image there): loaded eagerly at high priority, else lazily. */
  priority?: boolean;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!src || failedSrc === src) {
    return (
      <span aria-hidden="true" className={clsx('merchant-initial', className)}>
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
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
