import { useSyncExternalStore } from 'react';
import { readTokens, TOKENS_CHANGED_EVENT, tokenSubject } from '@/lib/auth/token-storage';

/** The person the stored access token names (its `sub`), or null when signed out. */
export function signedInUserId(): string | null {
  const { token } = readTokens();
  return token ? tokenSubject(token) : null;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(TOKENS_CHANGED_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(TOKENS_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** signedInUserId, kept current when tokens are stored or cleared, in this tab or another. */
export function useSignedInUserId(): string | null {
  return useSyncExternalStore(subscribe, signedInUserId);
}
