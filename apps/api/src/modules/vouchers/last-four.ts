import { createVoucherCipher } from '../../adapters/vouchers';
import type { OrderRow } from '../../db/schema/vouchers';

/**
 * The last four characters of a code, all an operator may see of it (decision 048); hyphens do
 * not count, and codes are upper case (Crockford base 32).
 */
export function lastFourOf(code: string): string {
  return code
    .replace(/[^0-9A-Za-z]/g, '')
    .slice(-4)
    .toUpperCase();
}

/**
 * A voucher's last four for the console: those kept beside its sealed code (decision 048), or, for
 * a voucher issued before migration 0012 that the start-up backfill has not reached yet, those of
 * its code opened here on the server, never more. Null while it has no code: codes are bought when
 * the holder activates (decision 068), and some cards are only a page at the supplier.
 */
export function codeLastFourOf(
  encryptionKey: string,
  order: Pick<OrderRow, 'codeLast4' | 'codeCiphertext'>,
): string | null {
  if (order.codeLast4 !== null) return order.codeLast4;
  return order.codeCiphertext === null
    ? null
    : lastFourOf(createVoucherCipher(encryptionKey).open(order.codeCiphertext));
}

/**
 * How the console names a voucher in a sentence: by its code's last four ('Voucher ending 7KQ2'),
 * or, while it has no code, by the start of its id ('Voucher 3f2a9c1b').
 */
export function voucherLabelOf(
  encryptionKey: string,
  order: Pick<OrderRow, 'id' | 'codeLast4' | 'codeCiphertext'>,
): string {
  const lastFour = codeLastFourOf(encryptionKey, order);
  return lastFour === null ? `Voucher ${order.id.slice(0, 8)}` : `Voucher ending ${lastFour}`;
}
