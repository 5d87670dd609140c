import type { ApiError } from '@gvm/web-lib/api-error';
import { createHttpClient, type HttpClient, type HttpRequest, type HttpResponse } from '@gvm/web-lib/http-client';
import { endSessionAndGoToLogin } from './auth/end-session';
import { readTokens } from './auth/token-storage';

export {
  API_BASE_PATH,
  type HttpRequest,
  type HttpResponse,
  REQUEST_TIMEOUT_MS,
  type Transport,
} from '@gvm/web-lib/http-client';

/**
 * The shop's HTTP client (@gvm/web-lib's, docs/product/README.md#web-client) with the shopper's
 * session: the bearer token from storage, and after a 401 one refresh of the session and one
 * repeat (docs/product/accounts.md#sessions).
 */
export const api: HttpClient = createHttpClient({
  token: () => readTokens().token,
  afterUnauthorized: retryAfterRefresh,
});

/**
 * docs/product/README.md#web-client: after a 401 the client refreshes once, stores the new tokens and repeats the
 * request; with no refresh token, or a refresh the server refuses, it clears both tokens and goes
 * to /login. A refresh that could not reach the server keeps the tokens (the session may be fine)
 * and fails the request instead.
 */
async function retryAfterRefresh(
  client: HttpClient,
  request: HttpRequest,
  sentAuthorization: string | undefined,
  failure: ApiError,
): Promise<HttpResponse> {
  const { token } = readTokens();
  // When another request has already renewed the token this one was sent with, it simply repeats.
  if (!token || sentAuthorization === `Bearer ${token}`) {
    // The refresh's code comes with the first refresh, not with every page (decision 023); when
    // it cannot be fetched (offline), the server could not be asked either: the tokens are kept.
    const refresh = await import('./auth/refresh-session').catch(() => null);
    if (!refresh) throw failure;
    const { RefreshError, refreshSession } = refresh;
    try {
      await refreshSession(client);
    } catch (refreshError) {
      if (refreshError instanceof RefreshError && refreshError.kind === 'refused') {
        console.warn(`Token refresh failed: ${refreshError.message}`);
        endSessionAndGoToLogin();
      }
      throw failure;
    }
  }
  const { Authorization: _sent, ...headers } = request.headers ?? {};
  return client.request({ ...request, headers, early: undefined, authRetried: true });
}
