import { generateSecret, generateURI, verify } from 'otplib';

/**
 * Two-step verification by authenticator app (RFC 6238: SHA-1, 6 digits, 30-second steps, as
 * every authenticator app reads an otpauth:// URI), through otplib (decision 045).
 */
export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'UGM Gift Marketplace';

/** A fresh shared secret, base32, 160 bits. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI an authenticator app reads from a QR code. */
export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

/** The RFC 6238 time step of a moment. */
export function timeStepOf(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The time step a code belongs to, or null: the current step or one either side (an
 * authenticator's clock may be a little off). Newest first, so a code valid in two steps is
 * counted in the later one and cannot be used twice.
 */
export async function matchingTimeStep(secret: string, code: string, now: Date): Promise<number | null> {
  const current = timeStepOf(now);
  for (const step of [current + 1, current, current - 1]) {
    const result = await verify({ secret, token: code, epoch: step * TOTP_PERIOD_SECONDS });
    if (result.valid) return step;
  }
  return null;
}
