import { clsx } from 'clsx';
import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive';
type Size = 'sm' | 'md' | 'lg' | 'icon';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
}

/**
 * The `buttonClassName` lets a Link look like a button without nesting interactive elements. The
 * looks are the `.btn*` classes of index.css (components layer), so any utility in `className`
 * overrides them (decision 023).
 */
export function buttonClassName(variant: Variant = 'primary', size: Size = 'md', className?: string): string {
  return clsx('btn', `btn-${variant}`, `btn-${size}`, className);
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, size, className)} {...props} />;
}
