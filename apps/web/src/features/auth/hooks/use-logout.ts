import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { rememberPreviousPage } from '@/lib/auth/redirect-storage';
import { useSessionStore } from '@/lib/auth/session-store';
import { clearTokens, readTokens } from '@/lib/auth/token-storage';
import { logOut } from '../api/log-out';

/**
 * docs/product/accounts.md#logging-out: logout saves the current path as previousPage, removes both tokens, goes
 * to /login and clears cached data. The server is also told to revoke the refresh token, but only
 * as a courtesy: the browser is signed out at once whether or not that call succeeds.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const setStatus = useSessionStore((state) => state.setStatus);

  return useCallback(() => {
    const { refreshToken } = readTokens();
    if (refreshToken) {
      logOut({ refreshToken }).catch((error: unknown) => {
        // Best effort: the refresh token is gone from this browser and expires on its own.
        console.warn(`Logout was not confirmed by the server: ${error instanceof Error ? error.message : error}`);
      });
    }
    rememberPreviousPage(location.pathname + location.search);
    clearTokens();
    setStatus('guest');
    queryClient.clear();
    navigate('/login');
  }, [location, navigate, queryClient, setStatus]);
}
