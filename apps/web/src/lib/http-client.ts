import { API_BASE_PATH } from '@gvm/contract/api-path';
import { ApiError, responseError } from './api-error';
import { endSessionAndGoToLogin } from './auth/end-session';
import { readTokens } from './auth/token-storage';

/** The contract's base path (every request's URL is relative to it), JSON, 10-second timeout. */
export { API_BASE_PATH };
export const REQUEST_TIMEOUT_MS = 10_000;

/** One request to the API, its URL relative to /api/v1. */
export interface HttpRequest {
  method: string;
  url: string;
  /** The query string's values; undefined and null ones are left out. */
  params?: object;
  /** Sent as JSON. */
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * For calls whose 401 is an answer, not an expired session (signing in with a wrong code, the
   * refresh call itself, logout): the client never refreshes or redirects for them.
   */
  skipAuthRefresh?: boolean;
  /** Set on the one repeat after a refresh, so no request is ever refreshed twice. */
  authRetried?: boolean;
  /**
   * The answer to this very request, already on its way (lib/early-requests.ts): read instead of
   * sending the request. A repeat after a refresh is sent anew.
   */
  early?: Promise<Response>;
}

export interface HttpResponse {
  status: number;
  /** The parsed JSON body; null for a 204 or an empty body, the text for a body that is not JSON. */
  data: unknown;
}

/** What sends a request: `fetch` itself, or a test's in-memory server (`@/test/fake-api`). */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

function queryString(params: object | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function timeoutSignal(signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  return signal && typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : timeout;
}

/** A request that got no answer: offline, refused, or timed out (docs/product/README.md#web-client). */
function noAnswer(error: unknown): ApiError {
  const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
  const message = timedOut
    ? 'The request timed out. Please try again.'
    : 'Could not reach the server. Please check your connection.';
  return new ApiError(500, message, undefined, undefined, true);
}

function authorizationOf(request: HttpRequest): string | undefined {
  // A call that names its own Authorization (the operator console's, decision 047) never sends
  // the shopper's token; an empty one sends none.
  if (request.headers && 'Authorization' in request.headers) return request.headers.Authorization || undefined;
  const { token } = readTokens();
  return token ? `Bearer ${token}` : undefined;
}

/**
 * The API's HTTP client: `fetch` with the bearer token (docs/product/README.md#web-client), a 10-second timeout,
 * failures as `ApiError`, and after a 401 one refresh of the session and one repeat
 * (docs/product/accounts.md#sessions).
 */
export const api = {
  transport: ((url, init) => fetch(url, init)) as Transport,

  async request(request: HttpRequest): Promise<HttpResponse> {
    const authorization = authorizationOf(request);
    const { Authorization: _named, ...ownHeaders } = request.headers ?? {};
    const headers: Record<string, string> = { Accept: 'application/json', ...ownHeaders };
    if (authorization) headers.Authorization = authorization;
    if (request.data !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await (request.early ??
        api.transport(`${API_BASE_PATH}${request.url}${queryString(request.params)}`, {
          method: request.method.toUpperCase(),
          headers,
          body: request.data === undefined ? undefined : JSON.stringify(request.data),
          signal: timeoutSignal(request.signal),
        }));
    } catch (error) {
      throw noAnswer(error);
    }
    let data: unknown;
    try {
      data = response.status === 204 ? null : await readBody(response);
    } catch (error) {
      throw noAnswer(error);
    }
    if (response.ok) return { status: response.status, data };
    const failure = responseError(response.status, data);
    if (response.status !== 401 || request.skipAuthRefresh || request.authRetried) throw failure;
    return retryAfterRefresh(request, authorization, failure);
  },

  get(url: string, config: Omit<HttpRequest, 'method' | 'url'> = {}): Promise<HttpResponse> {
    return api.request({ ...config, method: 'GET', url });
  },

  post(url: string, data?: unknown, config: Omit<HttpRequest, 'method' | 'url' | 'data'> = {}): Promise<HttpResponse> {
    return api.request({ ...config, method: 'POST', url, data });
  },
};

/**
 * docs/product/README.md#web-client: after a 401 the client refreshes once, stores the new tokens and repeats the
 * request; with no refresh token, or a refresh the server refuses, it clears both tokens and goes
 * to /login. A refresh that could not reach the server keeps the tokens (the session may be fine)
 * and fails the request instead.
 */
async function retryAfterRefresh(
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
      await refreshSession(api);
    } catch (refreshError) {
      if (refreshError instanceof RefreshError && refreshError.kind === 'refused') {
        console.warn(`Token refresh failed: ${refreshError.message}`);
        endSessionAndGoToLogin();
      }
      throw failure;
    }
  }
  const { Authorization: _sent, ...headers } = request.headers ?? {};
  return api.request({ ...request, headers, early: undefined, authRetried: true });
}
