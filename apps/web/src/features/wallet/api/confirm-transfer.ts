import { voucherEndpoints } from '@gvm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { transferredOrdersQueryKey } from './get-transferred-orders';

/** POST /orders/:orderId/confirm-transfer: the addressed recipient confirms a pending gift. */
export function confirmTransfer(orderId: string) {
  return callEndpoint(voucherEndpoints.confirmTransfer, { params: { orderId } });
}

/** docs/product/vouchers-and-gifts.md#claiming-a-gift: on success the received and sent lists are refreshed (and My Vouchers gains it). */
export function useConfirmTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => confirmTransfer(orderId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transferredOrdersQueryKey('received') }),
        queryClient.invalidateQueries({ queryKey: transferredOrdersQueryKey('sent') }),
        queryClient.invalidateQueries({ queryKey: ['orders', 'active'] }),
      ]),
  });
}
