import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Voucher secrets at rest (docs/product/vouchers-and-gifts.md#voucher-states): AES-256-GCM with a fresh 96-bit IV per
 * value, stored as base64url of iv (12 bytes) | tag (16 bytes) | ciphertext. The tag makes a
 * tampered or wrongly keyed value fail to open instead of yielding garbage.
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface VoucherCipher {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

export function createVoucherCipher(base64Key: string): VoucherCipher {
  const key = Buffer.from(base64Key, 'base64');
  if (key.length !== 32) throw new Error('VOUCHER_ENCRYPTION_KEY must be 32 bytes');
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
    },
    open(sealed) {
      const bytes = Buffer.from(sealed, 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('not a sealed voucher secret');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
