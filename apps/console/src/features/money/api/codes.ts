import { callOps } from '@console/lib/ops-client';
import { opsMoneyEndpoints } from '@gvm/contract/ops-money';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Codes bought from the supplier (docs/product/operators.md#codes-from-the-supplier, decision 068). */

export const waitingCodesQueryKey = ['ops', 'voucher-codes'] as const;

/** GET /ops/voucher-codes: the codes waiting for the supplier, oldest ask first. */
export function useWaitingCodes() {
  return useQuery(
    queryOptions({
      queryKey: waitingCodesQueryKey,
      queryFn: () => callOps(opsMoneyEndpoints.waitingCodes),
      retry: false,
    }),
  );
}

/** POST /ops/voucher-codes/:voucherId/retry ('Retry now'): audited; pressed again while under way, 409. */
export function useRetryCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ voucherId, reason }: { voucherId: string; reason: string }) =>
      callOps(opsMoneyEndpoints.retryCode, { params: { voucherId }, body: reason ? { reason } : {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ops'] }),
  });
}
