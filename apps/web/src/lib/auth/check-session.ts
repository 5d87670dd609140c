import { endExpiredSession } from './end-session';
import type { RefreshClient } from './refresh-session';
import { isTokenUnexpired, readTokens } from './token-storage';

/**
 * One session check (docs/product/accounts.md#sessions), answering whether the browser is signed in:
 * - no token and no refresh token: guest;
 * - both tokens and an access token whose exp is later than now: authenticated;
 * - an invalid or expired access token with a refresh token: refresh; success is authenticated,
 *   a refused refresh removes both tokens and keeps the current path as returnTo (not /login);
 * - any other error (the server unreachable while refreshing): guest, tokens kept for the next check.
 */
export async function checkSession(http: RefreshClient, now = Date.now()): Promise<'authenticated' | 'guest'> {
  const { token, refreshToken } = readTokens();
  if (!refreshToken) return 'guest';
  if (isTokenUnexpired(token, now)) return 'authenticated';
  // The refresh's code comes with the first refresh, not with every page (decision 023); when it
  // cannot be fetched (offline), the server could not be asked either: guest, tokens kept.
  const refresh = await import('./refresh-session').catch(() => null);
  if (!refresh) return 'guest';
  const { RefreshError, refreshSession } = refresh;
  try {
    await refreshSession(http);
    return 'authenticated';
  } catch (error) {
    if (error instanceof RefreshError && error.kind === 'refused') {
      console.warn(`Token refresh failed: ${error.message}`);
      endExpiredSession();
    }
    return 'guest';
  }
}
