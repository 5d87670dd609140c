import { create } from 'zustand';
import { hasBothTokens, isTokenUnexpired, readTokens } from './token-storage';

/**
 * Whether this browser is signed in. 'checking' while the session is being verified on load;
 * the session manager (features/auth) keeps it current: on load, every 5 minutes, on token
 * changes in this tab and in others.
 */
export type SessionStatus = 'checking' | 'authenticated' | 'guest';

interface SessionState {
  status: SessionStatus;
  setStatus(status: SessionStatus): void;
}

/**
 * Where the session starts on load: with both tokens and an access token that has not expired,
 * already signed in, which is what the first check concludes without a request; a signed-in page
 * then loads with the app's first render instead of after a 'checking' render (decision 037).
 */
function initialStatus(): SessionStatus {
  if (!hasBothTokens()) return 'guest';
  return isTokenUnexpired(readTokens().token) ? 'authenticated' : 'checking';
}

export const useSessionStore = create<SessionState>((set) => ({
  status: initialStatus(),
  setStatus: (status) => set({ status }),
}));

export function useIsLoggedIn(): boolean {
  return useSessionStore((state) => state.status === 'authenticated');
}
