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
 * its code opened here on the server, never more.
 */
export function codeLastFourOf(encryptionKey: string, order: Pick<OrderRow, 'codeLast4' | 'codeCiphertext'>): string {
  return order.codeLast4 ?? lastFourOf(createVoucherCipher(encryptionKey).open(order.codeCiphertext));
}
