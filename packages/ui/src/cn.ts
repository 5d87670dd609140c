import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, letting a later Tailwind class override an earlier one. For pages loaded
 * after the first: the shell, the first pages and what `/checkout` and `/wallet` draw first join
 * with clsx alone and take shared looks from index.css's components layer, so tailwind-merge (9 kB,
 * and about 10 ms to build its tables on its first call) is not part of their load (decision 023).
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
