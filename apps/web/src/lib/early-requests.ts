import { readTokens } from './auth/token-storage';

/**
 * The API requests a signed-in page's HTML started before the app's code arrived (decision 038):
 * the server writes into `/checkout` and `/wallet` a small script that asks, with the stored
 * session, for what their first render needs (the user, the cart, the wallet, the
 * notifications), so the answers travel beside the code instead of after it.
 */
export interface EarlyApiRequests {
  /** The access token they were sent with. */
  token: string;
  /** By URL under /api/v1 (`/carts/<user id>`); an answer is removed once taken. */
  responses: Record<string, Promise<Response>>;
}

declare global {
  interface Window {
    earlyApiRequests?: EarlyApiRequests;
  }
}

/** How long after the page opened an early answer may still stand for a new request. */
export const EARLY_ANSWER_MS = 10_000;

/**
 * The early answer to a GET of `url` (under /api/v1, no query) sent with the token stored now, if
 * the page's HTML asked for it: taken once, so every later request is sent anew. A change (any
 * other method), or a page open longer than EARLY_ANSWER_MS, drops the answers not yet taken,
 * since they may no longer be true; their bodies are cancelled, so the browser ends those
 * requests now rather than when the script's own timeout aborts them.
 */
export function takeEarlyResponse(method: string, url: string | undefined): Promise<Response> | undefined {
  const early = window.earlyApiRequests;
  if (!early) return undefined;
  if (method !== 'GET' || performance.now() > EARLY_ANSWER_MS) {
    window.earlyApiRequests = undefined;
    // Ended now, not when the script's timeout aborts them; a request that failed has no body.
    for (const response of Object.values(early.responses))
      response.then((answer) => answer.body?.cancel()).catch(() => {});
    return undefined;
  }
  if (url === undefined || !Object.hasOwn(early.responses, url) || readTokens().token !== early.token) return undefined;
  const response = early.responses[url];
  delete early.responses[url];
  return response;
}
