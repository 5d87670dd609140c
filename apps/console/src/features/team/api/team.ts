import { callOps } from '@console/lib/ops-client';
import { type InviteOperatorRequest, opsEndpoints, type UpdateOperatorRequest } from '@gvm/contract/ops';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const teamQueryKey = ['ops', 'team'] as const;

/** GET /ops/team (admin): every operator, no secret of theirs. */
export function useTeam() {
  return useQuery(
    queryOptions({
      queryKey: teamQueryKey,
      queryFn: () => callOps(opsEndpoints.team),
      retry: false,
    }),
  );
}

/** POST /ops/team: invites an operator by work e-mail and role; 409 when already one. */
export function useInviteOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteOperatorRequest) => callOps(opsEndpoints.invite, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}

/** PATCH /ops/team/:operatorId: a new role, disabled or enabled, or two-step reset; 409 for the last admin. */
export function useUpdateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ operatorId, change }: { operatorId: string; change: UpdateOperatorRequest }) =>
      callOps(opsEndpoints.updateOperator, { params: { operatorId }, body: change }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}
