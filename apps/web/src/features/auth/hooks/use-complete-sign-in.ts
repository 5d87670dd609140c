import type { SessionTokens } from '@gvm/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSessionStore } from '@/lib/auth/session-store';
import { storeTokens } from '@/lib/auth/token-storage';

/**
 * Stores a new session's tokens (throwing 'Invalid tokens received' or 'Failed to store tokens',
 * docs/product/accounts.md#sessions), marks the browser signed in at once (so a protected destination does not
 * wait for the next session check) and goes to `destination`.
 */
export function useCompleteSignIn(): (tokens: SessionTokens, destination: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (tokens, destination) => {
      storeTokens(tokens.token, tokens.refreshToken);
      useSessionStore.getState().setStatus('authenticated');
      navigate(destination, { replace: true });
    },
    [navigate],
  );
}
