import { callOps } from '@console/lib/ops-client';
import {
  type CreditAdjustmentRequest,
  opsMoneyEndpoints,
  type RefundRequest,
  type VoidVoucherRequest,
} from '@gvm/contract/ops-money';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** The console's money calls (docs/product/operators.md#money), typed by the contract. */

export const orderQueryKey = (orderId: string) => ['ops', 'order', orderId] as const;
export const approvalsQueryKey = ['ops', 'approvals'] as const;

/** GET /ops/orders/:orderId: the order, its vouchers (last four only) and its refunds. */
export function useOpsOrder(orderId: string) {
  return useQuery(
    queryOptions({
      queryKey: orderQueryKey(orderId),
      queryFn: () => callOps(opsMoneyEndpoints.order, { params: { orderId } }),
      retry: false,
    }),
  );
}

/** POST /ops/orders/:orderId/refunds; the form's requestId makes a repeat the same refund. */
export function useRefundOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundRequest) => callOps(opsMoneyEndpoints.refund, { params: { orderId }, body }),
    onSettled: async () => {
      // Every view of the order: it may have been opened by its own id or by one of its vouchers'.
      await queryClient.invalidateQueries({ queryKey: ['ops', 'order'] });
      await queryClient.invalidateQueries({ queryKey: approvalsQueryKey });
    },
  });
}

/** POST /ops/vouchers/:voucherId/void. */
export function useVoidVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ voucherId, body }: { voucherId: string; body: VoidVoucherRequest }) =>
      callOps(opsMoneyEndpoints.voidVoucher, { params: { voucherId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ops'] }),
  });
}

/** POST /ops/customers/:userId/credit-adjustments. */
export function useAdjustCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: CreditAdjustmentRequest }) =>
      callOps(opsMoneyEndpoints.adjustCredit, { params: { userId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ops'] }),
  });
}

/** GET /ops/approvals: what waits for a second operator. */
export function useApprovals() {
  return useQuery(
    queryOptions({
      queryKey: approvalsQueryKey,
      queryFn: () => callOps(opsMoneyEndpoints.approvals),
      retry: false,
    }),
  );
}

/** POST /ops/approvals/:approvalId/approve or /reject. */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ approvalId, decision }: { approvalId: string; decision: 'approve' | 'reject' }) =>
      callOps(decision === 'approve' ? opsMoneyEndpoints.approve : opsMoneyEndpoints.reject, {
        params: { approvalId },
        body: {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ops'] }),
  });
}
