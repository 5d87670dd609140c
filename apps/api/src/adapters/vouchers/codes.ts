import { randomBytes, randomInt } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a code read aloud or retyped is not misread. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_BITS = 80;

/**
 * A voucher code: 80 random bits as 16 Crockford base32 characters in groups of four
 * (`7F3K-9QXM-2B8H-TV4N`). Bearer secret: stored only encrypted (`sealSecret`).
 */
export function newVoucherCode(): string {
  return codeFromBits(randomBytes(CODE_BITS / 8));
}

/** 10 bytes (80 bits) as a code in the format of `newVoucherCode` (the supplier simulator's cards). */
export function codeFromBits(bytes: Uint8Array): string {
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let characters = '';
  for (let shift = CODE_BITS - 5; shift >= 0; shift -= 5) {
    characters += CROCKFORD[Number((bits >> BigInt(shift)) & 31n)];
  }
  return characters.match(/.{4}/g)?.join('-') ?? characters;
}

/** A 4-digit PIN, for merchants whose cards are redeemed with one. */
export function newVoucherPin(): string {
  return randomInt(0, 10_000).toString().padStart(4, '0');
}

/**
 * Which merchants use a PIN. The catalogue has no field for it, so the rule is by category:
 * cards used at a till (supermarkets, prepaid cards) carry a PIN; online-first merchants do not.
 */
const PIN_CATEGORIES = new Set(['supermarkets', 'prepaid-card']);

export function usesPin(category: string): boolean {
  return PIN_CATEGORIES.has(category);
}
