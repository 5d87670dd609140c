import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, letting a later Tailwind class override an earlier one. For pages loaded
 * after the first: the shell and the first pages join with clsx alone and take shared looks from
 * index.css's components layer, so tailwind-merge is not part of the first load (decision 023).
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
