import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { checkSession } from '@/lib/auth/check-session';
import { setLoginNavigator } from '@/lib/auth/end-session';
import { useSessionStore } from '@/lib/auth/session-store';
import { REFRESH_TOKEN_KEY, readTokens, TOKEN_KEY, TOKENS_CHANGED_EVENT, tokenSubject } from '@/lib/auth/token-storage';
import { api } from '@/lib/http-client';

/** docs/product/accounts.md#sessions: the session is re-checked every 5 minutes. */
export const SESSION_CHECK_INTERVAL_MS = 300_000;

function signedInSubject(): string | null {
  const { token } = readTokens();
  return token ? tokenSubject(token) : null;
}

/**
 * Keeps `useSessionStore` true to the stored tokens (docs/product/accounts.md#sessions): checked on load, every
 * 5 minutes, when this tab stores or clears tokens, and when another tab does (the `storage`
 * event). When the signed-in person changes or leaves, cached data is dropped, so nothing of one
 * account is ever shown to the next. Renders nothing.
 */
export function SessionManager({ navigate }: { navigate: (to: string) => void }) {
  const queryClient = useQueryClient();

  useEffect(() => {
    setLoginNavigator(navigate);
    return () => setLoginNavigator(null);
  }, [navigate]);

  useEffect(() => {
    let latestCheck = 0;
    let subject = signedInSubject();

    async function check() {
      const thisCheck = ++latestCheck;
      const status = await checkSession(api);
      // A newer check (a token changed meanwhile) has the last word.
      if (thisCheck !== latestCheck) return;
      const nextSubject = status === 'authenticated' ? signedInSubject() : null;
      if (subject !== null && nextSubject !== subject) queryClient.clear();
      subject = nextSubject;
      useSessionStore.getState().setStatus(status);
    }

    function onStorage(event: StorageEvent) {
      if (event.key === null || event.key === TOKEN_KEY || event.key === REFRESH_TOKEN_KEY) void check();
    }

    void check();
    const interval = window.setInterval(() => void check(), SESSION_CHECK_INTERVAL_MS);
    window.addEventListener('storage', onStorage);
    window.addEventListener(TOKENS_CHANGED_EVENT, check);
    return () => {
      window.clearInterval(interval);
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(TOKENS_CHANGED_EVENT, check);
    };
  }, [queryClient]);

  return null;
}
