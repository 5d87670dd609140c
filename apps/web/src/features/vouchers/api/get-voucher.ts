import { type Voucher, voucherEndpoints } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callEndpoint } from '@/lib/api-client';

/** GET /orders/:id/voucher: the code and PIN, for the owner of an activated voucher only. */
export function getVoucher(id: string): Promise<Voucher> {
  return callEndpoint(voucherEndpoints.voucher, { params: { id } });
}

export const voucherQueryKey = (id: string) => ['orders', id, 'voucher'] as const;

export function voucherQueryOptions(id: string) {
  return queryOptions({
    queryKey: voucherQueryKey(id),
    queryFn: () => getVoucher(id),
    // docs/product/vouchers-and-gifts.md#till-view: only server errors are retried, at most 3 times.
    retry: (failureCount, error) => failureCount < 3 && error instanceof ApiError && error.status >= 500,
    // A bearer secret: kept in memory no longer than the page is open.
    gcTime: 0,
  });
}

export function useVoucher(id: string) {
  return useQuery(voucherQueryOptions(id));
}
