import { type Voucher, type VoucherPending, voucherEndpoints } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callEndpoint } from '@/lib/api-client';

/**
 * GET /orders/:id/voucher: the code and PIN, for the owner of an activated voucher only; or, while
 * its code is on its way from the supplier (202), where it stands.
 */
export function getVoucher(id: string): Promise<Voucher | VoucherPending> {
  return callEndpoint(voucherEndpoints.voucher, { params: { id } });
}

/** Whether the answer is the code still on its way (decision 068). */
export function isPending(answer: Voucher | VoucherPending | undefined): answer is VoucherPending {
  return answer !== undefined && 'status' in answer;
}

export const voucherQueryKey = (id: string) => ['orders', id, 'voucher'] as const;

/** How often the till asks again while the code is on its way: it shows by itself when it comes. */
export const PENDING_REFETCH_MS = 2000;

export function voucherQueryOptions(id: string) {
  return queryOptions({
    queryKey: voucherQueryKey(id),
    queryFn: () => getVoucher(id),
    // docs/product/vouchers-and-gifts.md#till-view: only server errors are retried, at most 3 times.
    retry: (failureCount, error) => failureCount < 3 && error instanceof ApiError && error.status >= 500,
    // A bearer secret: kept in memory no longer than the page is open.
    gcTime: 0,
    refetchInterval: (query) => (isPending(query.state.data) ? PENDING_REFETCH_MS : false),
  });
}

export function useVoucher(id: string) {
  return useQuery(voucherQueryOptions(id));
}
