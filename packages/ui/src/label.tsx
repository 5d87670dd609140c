import * as LabelPrimitive from '@radix-ui/react-label';
import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/**
 * A form field's label. Its look is index.css's `field-label` (components layer), so any utility
 * passed in `className` overrides it without tailwind-merge, which /checkout's first render (the
 * gift recipients' labels) then does not load (decision 024).
 */
export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return <LabelPrimitive.Root className={clsx('field-label', className)} {...props} />;
}
