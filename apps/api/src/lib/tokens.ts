import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/**
 * Access tokens (docs/product/accounts.md#sessions): HS256 JWTs with `exp` in seconds, 15 minutes,
 * checked issuer and audience. `typ` is 'access' so no other token we might ever sign can
 * stand in for one; refresh tokens are opaque random strings and are never JWTs. `sid` names
 * the session (the refresh-token family), so a token stops working when its session is revoked
 * (decision 020).
 */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'gvm-api';
const AUDIENCE = 'gvm-web';

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
}

export async function signAccessToken(
  secret: string,
  { userId, sessionId }: AccessTokenClaims,
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: 'access', sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key(secret));
}

/** Answers the user and session of a valid access token, or null for anything else. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
