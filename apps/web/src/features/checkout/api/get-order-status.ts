import { type OrderStatusResponse, orderEndpoints, PAYMENT_STATUS_POLL_MS } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** GET /orders/status?key: the payment status of the caller's checkout session, with its orders. */
export function getOrderStatus(key: string): Promise<OrderStatusResponse> {
  return callEndpoint(orderEndpoints.status, { query: { key } });
}

export const orderStatusQueryKey = (key: string) => ['orders', 'status', key] as const;

export function orderStatusQueryOptions(key: string) {
  return queryOptions({ queryKey: orderStatusQueryKey(key), queryFn: () => getOrderStatus(key) });
}

/** A settled payment (paid or failed) is polled no more (docs/product/buying.md#payment-result-screen). */
function isSettled(answer: OrderStatusResponse | undefined): boolean {
  return answer?.status === 'paid' || answer?.status === 'failed';
}

/**
 * docs/product/buying.md#payment-result-screen: the status is polled every 3 seconds until it is paid or failed;
 * a failed poll is ignored and the next one tries again.
 */
export function usePolledOrderStatus(key: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...orderStatusQueryOptions(key),
    enabled,
    retry: false,
    refetchInterval: (query) => (isSettled(query.state.data) ? false : PAYMENT_STATUS_POLL_MS),
    refetchIntervalInBackground: true,
  });
}

/** The status once, for a page that lists a purchase's orders (the sent gifts). */
export function useOrderStatus(key: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...orderStatusQueryOptions(key), enabled });
}
