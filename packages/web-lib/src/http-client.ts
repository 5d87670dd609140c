import { API_BASE_PATH } from '@gvm/contract/api-path';
import { ApiError, responseError } from './api-error';

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
   * The answer to this very request, already on its way (the shop's lib/early-requests.ts): read
   * instead of sending the request. A repeat after a refresh is sent anew.
   */
  early?: Promise<Response>;
}

export interface HttpResponse {
  status: number;
  /** The parsed JSON body; null for a 204 or an empty body, the text for a body that is not JSON. */
  data: unknown;
}

/** What sends a request: `fetch` itself, or a test's in-memory server (`@gvm/web-lib/test/fake-api`). */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

export interface HttpClient {
  transport: Transport;
  request(request: HttpRequest): Promise<HttpResponse>;
  get(url: string, config?: Omit<HttpRequest, 'method' | 'url'>): Promise<HttpResponse>;
  post(url: string, data?: unknown, config?: Omit<HttpRequest, 'method' | 'url' | 'data'>): Promise<HttpResponse>;
}

/**
 * The app's own session, if it has one (the shop's; the console names its own Authorization on
 * every call and has none): the token sent when a request names no Authorization, and what to do
 * after a 401 (refresh once and repeat the request, or end the session).
 */
export interface HttpSession {
  token(): string | null | undefined;
  afterUnauthorized(
    client: HttpClient,
    request: HttpRequest,
    sentAuthorization: string | undefined,
    failure: ApiError,
  ): Promise<HttpResponse>;
}

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

/**
 * The API's HTTP client: `fetch` with the bearer token (docs/product/README.md#web-client), a
 * 10-second timeout, failures as `ApiError`, and after a 401 what the app's session says (the
 * shop: one refresh of the session and one repeat).
 */
export function createHttpClient(session?: HttpSession): HttpClient {
  function authorizationOf(request: HttpRequest): string | undefined {
    // A call that names its own Authorization (the operator console's, decision 047) never sends
    // the session's token; an empty one sends none.
    if (request.headers && 'Authorization' in request.headers) return request.headers.Authorization || undefined;
    const token = session?.token();
    return token ? `Bearer ${token}` : undefined;
  }

  const client: HttpClient = {
    transport: (url, init) => fetch(url, init),

    async request(request) {
      const authorization = authorizationOf(request);
      const { Authorization: _named, ...ownHeaders } = request.headers ?? {};
      const headers: Record<string, string> = { Accept: 'application/json', ...ownHeaders };
      if (authorization) headers.Authorization = authorization;
      if (request.data !== undefined) headers['Content-Type'] = 'application/json';
      let response: Response;
      try {
        response = await (request.early ??
          client.transport(`${API_BASE_PATH}${request.url}${queryString(request.params)}`, {
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
      if (response.status !== 401 || request.skipAuthRefresh || request.authRetried || !session) throw failure;
      return session.afterUnauthorized(client, request, authorization, failure);
    },

    get(url, config = {}) {
      return client.request({ ...config, method: 'GET', url });
    },

    post(url, data, config = {}) {
      return client.request({ ...config, method: 'POST', url, data });
    },
  };
  return client;
}
