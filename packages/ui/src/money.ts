import { formatMoney, toMajorUnits, toMinorUnits } from '@gvm/contract/money';

/** Pence as the console shows them: 2500, GBP → £25.00. */
export function moneyText(minor: number, currency: string): string {
  return formatMoney(toMajorUnits(minor), currency);
}

/**
 * What an operator typed in an amount field ('25', '25.50', '-5') as pence, or null when it is
 * not an amount with at most two decimals.
 */
export function parseAmount(typed: string, { signed = false } = {}): number | null {
  const text = typed.trim().replace(/^£/, '');
  const pattern = signed ? /^[-+]?\d+(\.\d{1,2})?$/ : /^\d+(\.\d{1,2})?$/;
  if (!pattern.test(text)) return null;
  return toMinorUnits(Number(text));
}
