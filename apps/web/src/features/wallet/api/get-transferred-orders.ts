import { type TransferredOrder, voucherEndpoints } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { retryServerErrors } from '../lib/retry';

export type TransferDirection = 'received' | 'sent';

/** GET /orders/received or /orders/sent: the transfers of the signed-in user. */
export async function getTransferredOrders(direction: TransferDirection): Promise<TransferredOrder[]> {
  const { orders } = await callEndpoint(voucherEndpoints[direction]);
  return orders;
}

export const transferredOrdersQueryKey = (direction: TransferDirection) => ['orders', direction] as const;

export function transferredOrdersQueryOptions(direction: TransferDirection) {
  return queryOptions({
    queryKey: transferredOrdersQueryKey(direction),
    queryFn: () => getTransferredOrders(direction),
    retry: retryServerErrors,
  });
}

export function useTransferredOrders(direction: TransferDirection) {
  return useQuery(transferredOrdersQueryOptions(direction));
}
