import { announceOpsSessionEnded, callOps, forgetOpsSession, hasOpsSession } from '@console/lib/ops-client';
import { type CurrentOperator, opsEndpoints } from '@gvm/contract/ops';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

export const operatorQueryKey = ['ops', 'me'] as const;

/** GET /ops/me: the signed-in operator, their role and its capabilities (decision 045). */
export function getOperator(): Promise<CurrentOperator> {
  return callOps(opsEndpoints.me);
}

export const operatorQueryOptions = () =>
  queryOptions({
    queryKey: operatorQueryKey,
    queryFn: getOperator,
    enabled: hasOpsSession(),
    // A 401 is an answer (the session ended), not a hiccup to retry.
    retry: false,
    staleTime: 60_000,
  });

/**
 * 'Sign out': ends the session on the server, in every tab of the browser (a failure there still
 * signs out here).
 */
export function useOperatorSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await callOps(opsEndpoints.signOut, {});
      } finally {
        forgetOpsSession();
        announceOpsSessionEnded();
        queryClient.removeQueries({ queryKey: ['ops'] });
      }
    },
  });
}

/**
 * What the support chat's socket signs in with: a one-minute ticket for the session (decision
 * 073), whose own token no script can read. Null when none can be had (the session has ended: the
 * socket stops, and the next call sends the operator to sign in).
 */
export async function operatorSocketTicket(): Promise<string | null> {
  try {
    return (await callOps(opsEndpoints.socketTicket, {})).ticket;
  } catch {
    return null;
  }
}
