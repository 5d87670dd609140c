import type { CurrentUser } from '@gvm/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../api-client';
import { prefetchForFirstRender } from '../first-render-data';
import { userEndpoint } from '../lazy-endpoints';
import { useIsLoggedIn, useSessionStore } from './session-store';
import { readTokens, tokenSubject } from './token-storage';

/** docs/product/accounts.md#sessions: the current user is cached for 1 hour. */
const CURRENT_USER_CACHE_MS = 60 * 60 * 1000;

export const currentUserQueryKey = ['users', 'me'] as const;

/** GET /users/me: the signed-in user (docs/product/accounts.md#sessions). */
export function getMe(): Promise<CurrentUser> {
  return callEndpoint(userEndpoint('me'));
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getMe,
    staleTime: CURRENT_USER_CACHE_MS,
    gcTime: CURRENT_USER_CACHE_MS,
  });
}

/**
 * The signed-in user; runs only while signed in (docs/product/accounts.md#sessions: only with a token). The
 * session manager drops the cache when the signed-in person changes or leaves. Any page or
 * feature may use it: it lives beside the session, not inside a feature.
 */
export function useCurrentUser() {
  const isLoggedIn = useIsLoggedIn();
  return useQuery({ ...currentUserQueryOptions(), enabled: isLoggedIn });
}

/**
 * The signed-in user's id for the requests a page starts with: `/users/me`'s `_id`, or while that
 * is still loading the stored access token's `sub` (the API signs the user's id there), so those requests
 * go out beside `/users/me` instead of after it (decision 037). Undefined for a guest or when the
 * user could not be loaded.
 */
export function userIdOf(user: ReturnType<typeof useCurrentUser>): string | undefined {
  if (user.data) return user.data._id;
  if (!user.isPending || user.fetchStatus === 'idle') return undefined;
  return storedUserId();
}

/** The stored access token's `sub` (the user's id), or undefined without a token that decodes. */
function storedUserId(): string | undefined {
  const { token } = readTokens();
  return (token && tokenSubject(token)) || undefined;
}

/**
 * For a signed-in page's `pageData` (decision 076): starts `/users/me` and what `more` starts for
 * the user's id (the stored token's, as `userIdOf` reads it while `/users/me` loads), and settles
 * when all have; nothing for a browser that is not signed in.
 */
export function prefetchSignedIn(
  queryClient: QueryClient,
  more: (userId: string) => Promise<unknown>[],
): Promise<unknown> {
  const userId = useSessionStore.getState().status === 'authenticated' ? storedUserId() : undefined;
  if (!userId) return Promise.resolve();
  return Promise.all([prefetchForFirstRender(queryClient, currentUserQueryOptions()), ...more(userId)]);
}
