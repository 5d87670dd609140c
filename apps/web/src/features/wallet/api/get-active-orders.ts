import { type ActiveOrder, voucherEndpoints } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { retryServerErrors } from '../lib/retry';

/** GET /orders/user/:userId/active: the user's active vouchers, newest first (docs/product/vouchers-and-gifts.md#active-vouchers). */
export function getActiveOrders(userId: string): Promise<ActiveOrder[]> {
  return callEndpoint(voucherEndpoints.active, { params: { userId } });
}

export const activeOrdersQueryKey = (userId: string) => ['orders', 'active', userId] as const;

export function activeOrdersQueryOptions(userId: string) {
  return queryOptions({
    queryKey: activeOrdersQueryKey(userId),
    queryFn: () => getActiveOrders(userId),
    retry: retryServerErrors,
  });
}

export function useActiveOrders(userId: string) {
  return useQuery(activeOrdersQueryOptions(userId));
}
