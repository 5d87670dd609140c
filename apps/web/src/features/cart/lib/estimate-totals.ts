import { toMajorUnits, toMinorUnits } from '@gvm/contract';
import type { CartLine, CurrencyTotal } from '../types';

/**
 * The 'Total Estimate': value × quantity summed per currency, in minor units so that 3 × £4.49
 * is exactly £13.47. Currencies keep the order in which they first appear in the cart.
 */
export function estimateTotals(
  items: readonly Pick<CartLine, 'currency' | 'selectedValue' | 'quantity'>[],
): CurrencyTotal[] {
  const minorByCurrency = new Map<string, number>();
  for (const item of items) {
    const lineMinor = toMinorUnits(item.selectedValue) * item.quantity;
    minorByCurrency.set(item.currency, (minorByCurrency.get(item.currency) ?? 0) + lineMinor);
  }
  return [...minorByCurrency].map(([currency, minor]) => ({ currency, amount: toMajorUnits(minor) }));
}
