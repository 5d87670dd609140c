/**
 * TRANSITIONAL: the current user now lives in `@/lib/auth/current-user`, published to other
 * features by `@/features/auth`. This re-export keeps today's importers compiling until they
 * are rewritten; then this file goes.
 */
export { currentUserQueryKey, currentUserQueryOptions, getMe, useCurrentUser } from '@/lib/auth/current-user';
