import { ApiError, type CallOptions, callEndpoint, type EndpointInput, responseError } from '@console/lib/api';
import type { EndpointShape, SuccessOf } from '@gvm/contract';
import { API_BASE_PATH } from '@gvm/web-lib/http-client';

/**
 * The operator's session token (decision 047): kept in sessionStorage under a key of its own, so
 * it never mixes with the shopper's tokens (localStorage `token`), ends with the tab, and is never
 * sent to a shopper endpoint.
 */
export const OPS_TOKEN_KEY = 'opsToken';

export function readOpsToken(): string | null {
  return sessionStorage.getItem(OPS_TOKEN_KEY);
}

export function storeOpsToken(token: string): void {
  sessionStorage.setItem(OPS_TOKEN_KEY, token);
}

export function clearOpsToken(): void {
  sessionStorage.removeItem(OPS_TOKEN_KEY);
}

/** Why the console sends an operator back to /ops/login. */
export type SessionEndReason = 'ended';

type SessionEndedListener = (reason: SessionEndReason) => void;
let onSessionEnded: SessionEndedListener | null = null;

/**
 * The console registers what to do when the operator's session has ended (a 401: 30 minutes
 * idle, 8 hours in all, disabled, or signed out elsewhere): go to /ops/login saying so. The
 * client itself knows nothing of routing.
 */
export function setOpsSessionEndedListener(listener: SessionEndedListener | null): void {
  onSessionEnded = listener;
}

/**
 * Calls an ops endpoint described in the contract (`opsEndpoints`) with the operator's token as
 * Bearer, never the shopper's, and without the shopper client's refresh-and-retry: an operator
 * session is not refreshed. A 401 on a signed-in call clears the token and tells the console.
 * Sign-in steps pass their own token (`token`: the pending one, or null before there is one)
 * and read a 401 as an answer.
 */
export async function callOps<const E extends EndpointShape>(
  endpoint: E,
  input?: EndpointInput<E>,
  options: { token?: string | null; signal?: AbortSignal } = {},
): Promise<SuccessOf<E>> {
  const token = options.token === undefined ? readOpsToken() : options.token;
  const callOptions: CallOptions = {
    skipAuthRefresh: true,
    signal: options.signal,
    // Named even when empty, so the shopper's token is never sent with an ops call.
    headers: { Authorization: token ? `Bearer ${token}` : '' },
  };
  try {
    // `input` is typed by the endpoint above; callEndpoint's tuple of arguments cannot be spelled
    // for a generic E, hence the one widening here.
    const call = callEndpoint as (e: E, i: unknown, o: CallOptions) => Promise<SuccessOf<E>>;
    return await call(endpoint, input ?? {}, callOptions);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && options.token === undefined) endOpsSession();
    throw error;
  }
}

/** The session is over without the operator asking: the token goes and the console is told. */
export function endOpsSession(): void {
  clearOpsToken();
  onSessionEnded?.('ended');
}

function queryString(query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Downloads a file an ops endpoint answers (a CSV export) with the operator's Bearer token: the
 * browser cannot add the header to a plain link, so the body is fetched and saved from a Blob
 * URL, named as the server names it (Content-Disposition) or `fallbackName`.
 */
export async function downloadOpsFile(
  path: string,
  query: Record<string, string | undefined>,
  fallbackName: string,
): Promise<void> {
  const response = await fetch(`${API_BASE_PATH}${path}${queryString(query)}`, {
    headers: { Authorization: `Bearer ${readOpsToken() ?? ''}` },
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: the text itself.
    }
    const error = responseError(response.status, body);
    if (response.status === 401) endOpsSession();
    throw error;
  }
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its data.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
