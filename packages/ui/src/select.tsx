import { clsx } from 'clsx';
import type { SelectHTMLAttributes } from 'react';

/**
 * The house's one select box: a native select (the platform's own picker on phones, keyboard
 * friendly everywhere) with the look of a form field (`.field` in styles.css, components layer),
 * so a utility in `className` overrides it (the catalogue's filters are smaller and rounder).
 */
export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={clsx('field field-input', className)} {...props} />;
}
