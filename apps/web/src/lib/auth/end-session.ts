import { currentPath, rememberReturnTo } from './redirect-storage';
import { useSessionStore } from './session-store';
import { clearTokens } from './token-storage';

/**
 * The session is over without the user asking (docs/product/accounts.md#sessions: the refresh failed or there
 * is no refresh token): both tokens go, the user is a guest, and the page they were on is kept
 * as returnTo (never /login) so signing in again brings them back.
 */
export function endExpiredSession(): void {
  rememberReturnTo(currentPath());
  clearTokens();
  useSessionStore.getState().setStatus('guest');
}

type Navigate = (to: string) => void;
let navigateToLogin: Navigate | null = null;

/**
 * The app registers how to reach /login (the router lives above lib/), so the API client can send
 * a user there after a 401 it cannot recover from without knowing about routing.
 */
export function setLoginNavigator(navigate: Navigate | null): void {
  navigateToLogin = navigate;
}

/** Ends the session and goes to /login (docs/product/accounts.md#sessions, after a 401 that a refresh cannot fix). */
export function endSessionAndGoToLogin(): void {
  endExpiredSession();
  if (window.location.pathname !== '/login') navigateToLogin?.('/login');
}
