import {
  type AnySchema,
  type BodyOf,
  type EndpointShape,
  endpointPath,
  type ParamsOf,
  type QueryOf,
  type SuccessOf,
  successSchema,
} from '@gvm/contract';
import axios, { type AxiosRequestConfig, isAxiosError } from 'axios';
import { toApiError } from './api-error';
import { endSessionAndGoToLogin } from './auth/end-session';
import { RefreshError, refreshSession } from './auth/refresh-session';
import { readTokens } from './auth/token-storage';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * For calls whose 401 is an answer, not an expired session (signing in with a wrong code, the
     * refresh call itself, logout): the client never refreshes or redirects for them.
     */
    skipAuthRefresh?: boolean;
    /** Set on the one repeat after a refresh, so no request is ever refreshed twice. */
    authRetried?: boolean;
  }
}

export { ApiError, failureMessage, serverMessage, toApiError } from './api-error';

/** Spec 000 section 7: base path /api/v1, JSON, 10-second timeout. */
export const api = axios.create({
  baseURL: '/api/v1',
  timeout: 10_000,
  headers: { 'Content-Type': 'application/json' },
});

/** Spec 000 section 7: every request carries a bearer Authorization header when a token is stored. */
api.interceptors.request.use((config) => {
  const { token } = readTokens();
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

/**
 * Spec 000 section 4: after a 401 the client refreshes once, stores the new tokens and repeats the
 * request; with no refresh token, or a refresh the server refuses, it clears both tokens and goes
 * to /login. A refresh that could not reach the server keeps the tokens (the session may be fine)
 * and fails the request instead.
 */
async function retryAfterRefresh(error: unknown): Promise<unknown> {
  const config = isAxiosError(error) ? error.config : undefined;
  if (
    !isAxiosError(error) ||
    error.response?.status !== 401 ||
    !config ||
    config.skipAuthRefresh ||
    config.authRetried
  ) {
    throw toApiError(error);
  }
  const sentHeader = config.headers.get('Authorization');
  const { token } = readTokens();
  // When another request has already renewed the token this one was sent with, it simply repeats.
  if (!token || sentHeader === `Bearer ${token}`) {
    try {
      await refreshSession(api);
    } catch (refreshError) {
      if (refreshError instanceof RefreshError && refreshError.kind === 'refused') {
        console.warn(`Token refresh failed: ${refreshError.message}`);
        endSessionAndGoToLogin();
      }
      throw toApiError(error);
    }
  }
  config.authRetried = true;
  config.headers.delete('Authorization');
  return api.request(config);
}

api.interceptors.response.use(undefined, retryAfterRefresh);

type EndpointInput<E extends EndpointShape> = (E extends { params: AnySchema } ? { params: ParamsOf<E> } : unknown) &
  (E extends { query: AnySchema } ? { query?: QueryOf<E> } : unknown) &
  (E extends { body: AnySchema } ? { body: BodyOf<E> } : unknown);

type EndpointArgs<E extends EndpointShape> = E extends { params: AnySchema } | { body: AnySchema }
  ? [input: EndpointInput<E>, config?: AxiosRequestConfig]
  : [input?: EndpointInput<E>, config?: AxiosRequestConfig];

/**
 * Calls an endpoint described in the contract (decision 013): its URL is built from the
 * description's path and the given params, and its success answer is parsed with the
 * description's schema, so a response the page reads always has the contract's shape.
 */
export async function callEndpoint<const E extends EndpointShape>(
  endpoint: E,
  ...[input, config]: EndpointArgs<E>
): Promise<SuccessOf<E>> {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, string>; query?: object; body?: unknown };
  const response = await api.request({
    ...config,
    method: endpoint.method,
    url: endpointPath(endpoint, params),
    params: query,
    data: body,
  });
  // A 204 has no body: the browser reads it as '', the contract as null.
  const data: unknown = response.status === 204 ? null : response.data;
  return successSchema(endpoint, response.status).parse(data);
}
