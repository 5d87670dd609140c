import { clsx } from 'clsx';
import type { SelectHTMLAttributes } from 'react';

/** A native select with the look of the app's fields (`.field` in index.css). */
export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={clsx('field field-input', className)} {...props} />;
}
