import { create } from 'zustand';
import { hasBothTokens } from './token-storage';

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

export const useSessionStore = create<SessionState>((set) => ({
  status: hasBothTokens() ? 'checking' : 'guest',
  setStatus: (status) => set({ status }),
}));

export function useIsLoggedIn(): boolean {
  return useSessionStore((state) => state.status === 'authenticated');
}
