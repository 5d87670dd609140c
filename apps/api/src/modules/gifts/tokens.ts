import { createHash, randomBytes } from 'node:crypto';
import { createVoucherCipher } from '../../adapters/vouchers';

export function hashClaimToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh claim token, its hash (the look-up) and its sealed copy (so the same link can be sent again). */
export function newClaimToken(encryptionKey: string): { token: string; hash: string; ciphertext: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashClaimToken(token), ciphertext: createVoucherCipher(encryptionKey).seal(token) };
}
