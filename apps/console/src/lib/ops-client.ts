import { ApiError, type CallOptions, callEndpoint, type EndpointInput, responseError } from '@console/lib/api';
import type { EndpointShape, SuccessOf } from '@gvm/contract';
import { API_BASE_PATH } from '@gvm/web-lib/http-client';

/**
 * The operator's session (decision 073) is a cookie no script reads (`ops_session`, HttpOnly,
 * SameSite=Strict, sent only to /api/v1/ops), shared by every tab of the browser. Beside it the
 * server sets `ops_csrf` (Path=/ops, readable here): the console sends it back in `X-Ops-Csrf`, so
 * the API can tell the console's own requests from another site's, and its presence says a
 * session was started in this browser.
 */
export const OPS_CSRF_COOKIE = 'ops_csrf';
export const OPS_CSRF_HEADER = 'X-Ops-Csrf';

/** The session's CSRF token, or null when no session was started in this browser. */
export function opsCsrfToken(): string | null {
  for (const pair of document.cookie.split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === OPS_CSRF_COOKIE) return decodeURIComponent(value.join('=')) || null;
  }
  return null;
}

/** Whether a session was started in this browser (the server still decides whether it lives). */
export function hasOpsSession(): boolean {
  return opsCsrfToken() !== null;
}

/** Forgets the ended session here: the CSRF cookie goes (the session's own is the server's to end). */
export function forgetOpsSession(): void {
  for (const path of ['/ops', '/']) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the console serves.
    document.cookie = `${OPS_CSRF_COOKIE}=; Path=${path}; Max-Age=0; SameSite=Strict`;
  }
}

/**
 * Every tab of the console hears when one signs out or finds the session ended, and goes to
 * /ops/login at once rather than at its next call.
 */
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('ugm-ops-session');

/** Tells the other tabs that the session is over. */
export function announceOpsSessionEnded(): void {
  channel?.postMessage('ended');
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

if (channel) {
  channel.onmessage = () => {
    forgetOpsSession();
    onSessionEnded?.('ended');
  };
}

/**
 * Calls an ops endpoint described in the contract (`opsEndpoints`) with the operator's session
 * cookie (the browser sends it) and its CSRF token, never the shopper's token, and without the
 * shopper client's refresh-and-retry: an operator session is not refreshed. A 401 on a signed-in
 * call forgets the session and tells the console. Sign-in steps pass their own token (`token`:
 * the pending one as Bearer, or null before there is one) and read a 401 as an answer.
 */
export async function callOps<const E extends EndpointShape>(
  endpoint: E,
  input?: EndpointInput<E>,
  options: { token?: string | null; signal?: AbortSignal } = {},
): Promise<SuccessOf<E>> {
  const token = options.token ?? null;
  const callOptions: CallOptions = {
    skipAuthRefresh: true,
    signal: options.signal,
    // Named even when empty, so the shopper's token is never sent with an ops call.
    headers: {
      Authorization: token ? `Bearer ${token}` : '',
      ...(options.token === undefined ? { [OPS_CSRF_HEADER]: opsCsrfToken() ?? '' } : {}),
    },
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

/** The session is over without the operator asking: it is forgotten, and every tab is told. */
export function endOpsSession(): void {
  forgetOpsSession();
  announceOpsSessionEnded();
  onSessionEnded?.('ended');
}

function queryString(query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Downloads a file an ops endpoint answers (a CSV export) with the operator's session cookie: the
 * body is fetched (so a refusal can be shown) and saved from a Blob URL, named as the server
 * names it (Content-Disposition) or `fallbackName`.
 */
export async function downloadOpsFile(
  path: string,
  query: Record<string, string | undefined>,
  fallbackName: string,
): Promise<void> {
  const response = await fetch(`${API_BASE_PATH}${path}${queryString(query)}`, {
    credentials: 'same-origin',
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
