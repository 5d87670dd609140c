/**
 * The auth feature's public face: what other features and the app shell may use. Everything
 * else in this folder is the feature's own.
 */
export { currentUserQueryKey, currentUserQueryOptions, getMe, useCurrentUser } from '@/lib/auth/current-user';
export { RequireAuth } from './components/require-auth';
export { SessionManager } from './components/session-manager';
export { useLogout } from './hooks/use-logout';
