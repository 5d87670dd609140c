import { type BodyOf, endpointPath, successSchema } from '@gvm/contract';
import { authEndpoints } from '@gvm/contract/users';
import { ApiError } from '@gvm/web-lib/api-error';
import { isTokenUnexpired, readTokens, storeTokens } from './token-storage';

/**
 * This module is loaded on the first refresh, not with the page (decision 023): the API client and
 * the session check import it when they need it, and the contract's description of the endpoint
 * comes with it. The refresh is sent through the client its caller passes in (not through
 * `callEndpoint`, which lives in the API client and refreshes through this file); its answer is a
 * token and optionally a new refresh token (docs/product/accounts.md#sessions).
 */
type RefreshEndpoint = typeof authEndpoints.refresh;

/**
 * What the refresh is sent through: the API client (`@/lib/http-client`), passed in by its caller
 * because that client itself refreshes through this file.
 */
export interface RefreshClient {
  request(request: {
    method: string;
    url: string;
    data?: unknown;
    skipAuthRefresh?: boolean;
  }): Promise<{ status: number; data: unknown }>;
}

/**
 * Why a refresh did not give a new access token. `refused`: there is no refresh token, or the
 * server turned it down (expired, revoked, reused) - the session is over. `unavailable`: the
 * server could not be asked (offline, timeout, 5xx, 429) - the session may still be good, so the
 * tokens are kept and the next check tries again.
 */
export class RefreshError extends Error {
  readonly kind: 'refused' | 'unavailable';

  constructor(kind: 'refused' | 'unavailable', message: string) {
    super(message);
    this.name = 'RefreshError';
    this.kind = kind;
  }
}

function classify(error: unknown): RefreshError {
  if (error instanceof RefreshError) return error;
  if (error instanceof ApiError) {
    const apiError = error;
    const transient = apiError.networkError || apiError.status === 429 || apiError.status >= 500;
    if (transient) return new RefreshError('unavailable', 'The session could not be renewed right now');
    return new RefreshError('refused', apiError.message);
  }
  // Tokens that could not be stored: the server has already rotated the old refresh token.
  return new RefreshError('refused', error instanceof Error ? error.message : 'The session could not be renewed');
}

/**
 * Refresh tokens are rotated on every use and a reused one revokes its whole family, so two tabs
 * must never spend the same token. A Web Lock (where the browser has one) serialises refreshes
 * across tabs; whoever waited re-reads the storage and uses the other tab's new tokens.
 */
async function withCrossTabLock<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request('gvm-token-refresh', work);
  }
  return work();
}

async function renew(http: RefreshClient): Promise<string> {
  const seenRefreshToken = readTokens().refreshToken;
  return withCrossTabLock(async () => {
    const { token, refreshToken } = readTokens();
    if (!refreshToken) throw new RefreshError('refused', 'No refresh token available');
    if (refreshToken !== seenRefreshToken && isTokenUnexpired(token)) return token;
    const refreshEndpoint: RefreshEndpoint = authEndpoints.refresh;
    const body: BodyOf<RefreshEndpoint> = { refreshToken };
    const response = await http.request({
      method: refreshEndpoint.method,
      url: endpointPath(refreshEndpoint),
      data: body,
      skipAuthRefresh: true,
    });
    const parsed = successSchema(refreshEndpoint).safeParse(response.data);
    if (!parsed.success) throw new RefreshError('refused', 'Invalid token response from server');
    storeTokens(parsed.data.token, parsed.data.refreshToken ?? refreshToken);
    return parsed.data.token;
  });
}

let inFlight: Promise<string> | null = null;

/**
 * Exchanges the stored refresh token for a new access token, stores both and answers the access
 * token. Concurrent callers (a burst of 401s, a session check) share the one request in flight.
 * Rejects with a `RefreshError`.
 */
export function refreshSession(http: RefreshClient): Promise<string> {
  if (!inFlight) {
    inFlight = renew(http)
      .catch((error: unknown) => {
        throw classify(error);
      })
      .finally(() => {
        inFlight = null;
      });
  }
  return inFlight;
}
