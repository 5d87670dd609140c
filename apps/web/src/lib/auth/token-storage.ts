/**
 * The browser-stored session (docs/product/accounts.md#sessions): keys `token` and `refreshToken`.
 * Storing fires a change event (this tab) and refuses missing tokens; other tabs learn of a
 * change from the browser's `storage` event.
 */
export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refreshToken';
export const TOKENS_CHANGED_EVENT = 'auth:tokens-changed';

export interface StoredTokens {
  token: string | null;
  refreshToken: string | null;
}

export function readTokens(): StoredTokens {
  return { token: localStorage.getItem(TOKEN_KEY), refreshToken: localStorage.getItem(REFRESH_TOKEN_KEY) };
}

export class TokenStorageError extends Error {}

/** Throws 'Invalid tokens received' for a missing token, 'Failed to store tokens' when storage fails. */
export function storeTokens(token: string | null | undefined, refreshToken: string | null | undefined): void {
  if (!token || !refreshToken) {
    console.error('Invalid tokens received');
    throw new TokenStorageError('Invalid tokens received');
  }
  try {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(REFRESH_TOKEN_KEY, refreshToken);
  } catch {
    throw new TokenStorageError('Failed to store tokens');
  }
  window.dispatchEvent(new Event(TOKENS_CHANGED_EVENT));
}

/**
 * The refresh token goes first: another tab that hears of the first removal must not find a
 * refresh token without an access token and spend it on a refresh while this tab logs out.
 */
export function clearTokens(): void {
  localStorage.removeItem(REFRESH_TOKEN_KEY);
  localStorage.removeItem(TOKEN_KEY);
  window.dispatchEvent(new Event(TOKENS_CHANGED_EVENT));
}

/** Logged in means both tokens exist (docs/product/accounts.md#sessions). */
export function hasBothTokens(): boolean {
  const { token, refreshToken } = readTokens();
  return Boolean(token && refreshToken);
}

/** The claims of a JWT-style token, or null when it does not decode (the signature is the server's business). */
function tokenClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The `exp` claim (seconds) of a JWT-style token, or null when it does not decode. */
export function tokenExpiry(token: string): number | null {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp : null;
}

/** The `sub` claim (the user's id) of a JWT-style token, or null when it does not decode. */
export function tokenSubject(token: string): string | null {
  const sub = tokenClaims(token)?.sub;
  return typeof sub === 'string' ? sub : null;
}

/** Whether a token decodes and its `exp` is later than `now` (milliseconds). */
export function isTokenUnexpired(token: string | null, now = Date.now()): token is string {
  if (!token) return false;
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 > now;
}
