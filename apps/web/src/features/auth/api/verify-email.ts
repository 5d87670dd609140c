import { authEndpoints, type SessionTokens } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { readSessionTokens } from './session-tokens';

/** GET /users/verify/:token: confirms the address and signs the new user in (docs/product/accounts.md#e-mail-verification). */
export function verifyEmail(token: string): Promise<SessionTokens> {
  return readSessionTokens(callEndpoint(authEndpoints.verifyEmail, { params: { token } }, { skipAuthRefresh: true }));
}

/**
 * A verification link works once, so it is asked exactly once per token: a query (not a
 * mutation) dedupes the double mount of React's StrictMode and is never retried or refetched.
 */
export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['users', 'verify', token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    // Long enough to outlive StrictMode's remount; the tokens need not linger in memory after.
    gcTime: 60_000,
  });
}

export function useVerifyEmail(token: string) {
  return useQuery(verifyEmailQueryOptions(token));
}
