import { callOps, clearOpsToken, readOpsToken } from '@console/lib/ops-client';
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
    enabled: readOpsToken() !== null,
    // A 401 is an answer (the session ended), not a hiccup to retry.
    retry: false,
    staleTime: 60_000,
  });

/** 'Sign out': ends the session on the server (a failure there still signs out here). */
export function useOperatorSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await callOps(opsEndpoints.signOut, {}, { token: readOpsToken() });
      } finally {
        clearOpsToken();
        queryClient.removeQueries({ queryKey: ['ops'] });
      }
    },
  });
}
