/**
 * The simulator's hosted card page (outside /api/v1: it stands for a provider's site). Its
 * session id is a secret of the URL: whoever has it can pay the session and is then sent on with
 * the checkout's poll key, so the log never holds it (apps/api/src/lib/url-secrets.ts).
 */
export const PAY_PAGE_PATH = '/pay/:sessionId';

/** The card page of one session, under the app's public address. */
export function payPageUrl(publicUrl: string, sessionId: string): string {
  return `${publicUrl}${PAY_PAGE_PATH.replace(':sessionId', encodeURIComponent(sessionId))}`;
}
