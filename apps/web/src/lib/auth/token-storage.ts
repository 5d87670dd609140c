/**
 * The browser-stored session (spec 000 section 3 and 4): keys `token` and `refreshToken`.
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

export function clearTokens(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(REFRESH_TOKEN_KEY);
  window.dispatchEvent(new Event(TOKENS_CHANGED_EVENT));
}

/** Logged in means both tokens exist (spec 000 section 4). */
export function hasBothTokens(): boolean {
  const { token, refreshToken } = readTokens();
  return Boolean(token && refreshToken);
}

/** The `exp` claim (seconds) of a JWT-style token, or null when it does not decode. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp : null;
  } catch {
    return null;
  }
}
