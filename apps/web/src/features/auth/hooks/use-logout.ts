import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSessionStore } from '@/lib/auth/session-store';
import { clearTokens } from '@/lib/auth/token-storage';

/**
 * Spec 000 section 4: logout saves the current path as previousPage, removes both tokens, goes
 * to /login and clears cached data.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const setStatus = useSessionStore((state) => state.setStatus);

  return useCallback(() => {
    localStorage.setItem('previousPage', location.pathname + location.search);
    clearTokens();
    setStatus('guest');
    queryClient.clear();
    navigate('/login');
  }, [location, navigate, queryClient, setStatus]);
}
