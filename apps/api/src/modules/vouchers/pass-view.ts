import { createHash } from 'node:crypto';
import { createVoucherCipher } from '../../adapters/vouchers';
import type { OrderRow } from '../../db/schema/vouchers';

/**
 * What a wallet pass may show of a voucher (decision 071): its code, PIN and card page while the
 * voucher is usable, activated and still `holderId`'s; nothing once it was refunded, voided,
 * exchanged, converted or given to someone else (a gift correction).
 */
export function passSecretOf(
  voucher: OrderRow,
  holderId: string,
  encryptionKey: string,
): { code: string | null; pin: string | null; url: string | null } | null {
  const usable = voucher.status === 'active' && !voucher.swapped && !voucher.deactivated;
  if (!usable || voucher.ownerId !== holderId || voucher.activatedAt === null) return null;
  const cipher = createVoucherCipher(encryptionKey);
  const open = (sealed: string | null) => (sealed === null ? null : cipher.open(sealed));
  return { code: open(voucher.codeCiphertext), pin: open(voucher.pinCiphertext), url: open(voucher.codeUrlCiphertext) };
}

/**
 * A digest of everything of a voucher a pass shows (its state, its holder, its sealed code, PIN
 * and page): a pass whose voucher's digest changed is out of date. A digest of ciphertexts, so it
 * tells nothing of the code.
 */
export function passFingerprintOf(voucher: OrderRow): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        voucher.status,
        voucher.swapped,
        voucher.deactivated,
        voucher.ownerId,
        voucher.activatedAt?.toISOString() ?? null,
        voucher.codeCiphertext,
        voucher.pinCiphertext,
        voucher.codeUrlCiphertext,
      ]),
    )
    .digest('base64url');
}
