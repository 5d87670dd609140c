import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/** A 6-digit login code from the CSPRNG; leading zeros are kept. */
export function newLoginCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Login codes are hashed with HMAC-SHA256 keyed by the server's JWT secret, bound to the e-mail
 * address. A 6-digit code has only a million values, so any unkeyed hash (even scrypt) falls to
 * a brute force of a leaked table in minutes to hours; the key, which never sits in the
 * database, is what makes a leaked row useless. HMAC is also cheap, so twenty concurrent
 * sign-in attempts cost no noticeable CPU. The output is hex and never contains a colon.
 */
export function hashLoginCode(secret: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`login-code:${email}:${code}`).digest('hex');
}

/**
 * A stand-in hash for an address without an account: it records the request (so it counts
 * towards the per-address limit and a sign-in attempt behaves exactly as for a real code), but no
 * code can ever match it.
 */
export function unmatchableCodeHash(): string {
  return `no-account:${randomBytes(16).toString('hex')}`;
}

/** An opaque bearer secret (refresh tokens, verification links): 32 random bytes, base64url. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** High-entropy tokens need no slow hash: SHA-256 is enough to make a leaked row unusable. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The IP address an account signed in from, as kept in sign_in_ips: HMAC-SHA256 keyed by the
 * server's secret and bound to the account, so a leaked table neither names addresses (the IPv4
 * space is small enough to brute-force any unkeyed hash) nor links two accounts that share one.
 */
export function hashSignInIp(secret: string, userId: string, ip: string): string {
  return createHmac('sha256', secret).update(`sign-in-ip:${userId}:${ip}`).digest('hex');
}
