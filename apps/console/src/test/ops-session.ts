import { forgetOpsSession, OPS_CSRF_COOKIE, opsCsrfToken } from '@console/lib/ops-client';

/**
 * A console test's signed-in browser: the CSRF cookie the server sets beside the session's own
 * (decision 073; the session cookie itself is HttpOnly, and the fake API needs none).
 */
export function startOpsSession(csrf = 'csrf-1'): void {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
  document.cookie = `${OPS_CSRF_COOKIE}=${csrf}; Path=/`;
}

/** Forgets it, as after each test. */
export function endOpsSession(): void {
  forgetOpsSession();
}

/** Whether the browser still holds a session. */
export function holdsOpsSession(): boolean {
  return opsCsrfToken() !== null;
}
