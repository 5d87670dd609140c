import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { API_BASE_PATH } from '@gvm/contract';
import { parse, serialize } from 'cookie';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/errors';

/**
 * The console's session in the browser (decision 073): one session serves every tab of the
 * browser, so it lives in cookies, not in a tab's storage.
 *
 * - `ops_session`: the session token. HttpOnly (no script reads it), SameSite=Strict (no other
 *   site's page sends it), Path=/api/v1/ops (sent to the console's endpoints and nowhere else),
 *   Secure when the app is served over HTTPS, ending with the session's absolute end.
 * - `ops_csrf`: a token derived from the session's (a hash: it tells nothing of it), readable by
 *   the console's pages (Path=/ops, SameSite=Strict). The console sends it back in the
 *   `X-Ops-Csrf` header; a write whose session came by cookie without it is refused, as is one
 *   whose Origin or Sec-Fetch-Site names another site. Its presence also tells the console that a
 *   session was started in this browser.
 *
 * A Bearer token (the pending session of sign-in's second step; API clients; the tests) is read
 * first and needs no CSRF token: no browser adds it by itself.
 */
export const OPS_SESSION_COOKIE = 'ops_session';
export const OPS_CSRF_COOKIE = 'ops_csrf';
export const OPS_CSRF_HEADER = 'x-ops-csrf';
export const CROSS_SITE_REFUSED = 'This request did not come from the operator console: nothing was changed.';

const SESSION_PATH = `${API_BASE_PATH}/ops`;
const PAGES_PATH = '/ops';

/** The CSRF token of a session: a hash of its token, so it can be checked with nothing stored. */
export function csrfTokenOf(sessionToken: string): string {
  return createHash('sha256').update(`ops-csrf:${sessionToken}`).digest('base64url');
}

const secureFor = (publicUrl: string) => publicUrl.startsWith('https:');

/** The Set-Cookie values that start a full session in the browser. */
export function sessionCookies(token: string, expiresAt: Date, publicUrl: string): string[] {
  const common = { sameSite: 'strict' as const, secure: secureFor(publicUrl), expires: expiresAt };
  return [
    serialize(OPS_SESSION_COOKIE, token, { ...common, httpOnly: true, path: SESSION_PATH }),
    serialize(OPS_CSRF_COOKIE, csrfTokenOf(token), { ...common, httpOnly: false, path: PAGES_PATH }),
  ];
}

/** The Set-Cookie values that end it (sign-out). */
export function clearedSessionCookies(publicUrl: string): string[] {
  const common = { sameSite: 'strict' as const, secure: secureFor(publicUrl), expires: new Date(0), maxAge: 0 };
  return [
    serialize(OPS_SESSION_COOKIE, '', { ...common, httpOnly: true, path: SESSION_PATH }),
    serialize(OPS_CSRF_COOKIE, '', { ...common, httpOnly: false, path: PAGES_PATH }),
  ];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameText(a: string, b: string): boolean {
  const left = createHmac('sha256', 'compare').update(a).digest();
  const right = createHmac('sha256', 'compare').update(b).digest();
  return timingSafeEqual(left, right);
}

/** Whether the request's Origin (when a browser sent one) is this app's: PUBLIC_URL, or the address it was sent to. */
function fromOwnOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    const page = new URL(origin);
    if (page.origin === new URL(publicUrl).origin) return true;
    return request.headers.host !== undefined && page.host === request.headers.host.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * The request's operator credential as an Authorization value: its Bearer header, or else the
 * session cookie, which a write may use only with the session's CSRF token in `X-Ops-Csrf` and
 * from the app's own origin (403 otherwise, before anything is read). Undefined without either.
 */
export function operatorCredentialOf(request: FastifyRequest, publicUrl: string): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization && /^Bearer\s+\S/i.test(authorization)) return authorization;
  const token = request.headers.cookie ? parse(request.headers.cookie)[OPS_SESSION_COOKIE] : undefined;
  if (!token) return authorization;
  if (!SAFE_METHODS.has(request.method)) {
    const sent = request.headers[OPS_CSRF_HEADER];
    if (typeof sent !== 'string' || !sameText(sent, csrfTokenOf(token)) || !fromOwnOrigin(request, publicUrl)) {
      throw forbidden(CROSS_SITE_REFUSED);
    }
  }
  return `Bearer ${token}`;
}
