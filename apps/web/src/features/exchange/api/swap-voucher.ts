import { type ActiveOrder, type SwapRequest, voucherEndpoints } from '@gvm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** POST /orders/:id/swap: the voucher is deactivated and one of the chosen product issued instead. */
export async function swapVoucher(id: string, newOrderDetails: SwapRequest['newOrderDetails']): Promise<ActiveOrder> {
  const answer = await callEndpoint(voucherEndpoints.swap, { params: { id }, body: { newOrderDetails } });
  return answer.order;
}

/** Vouchers and wallet change hands: every cached list is read again. */
export function useSwapVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, newOrderDetails }: { id: string; newOrderDetails: SwapRequest['newOrderDetails'] }) =>
      swapVoucher(id, newOrderDetails),
    // Not awaited: the page moves on at once (a returned promise would hold the mutation until
    // every active query had refetched, and the page that started it may be gone by then).
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}
