import { type ActiveOrder, voucherEndpoints } from '@gvm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** POST /orders/:orderId/confirm-claim: claims one of the pending gifts from that sender. */
export async function confirmClaim(orderId: string, senderEmail: string): Promise<ActiveOrder> {
  const answer = await callEndpoint(voucherEndpoints.confirmClaim, { params: { orderId }, body: { senderEmail } });
  return answer.order;
}

export function useConfirmClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, senderEmail }: { orderId: string; senderEmail: string }) =>
      confirmClaim(orderId, senderEmail),
    // Not awaited: the page moves on at once (a returned promise would hold the mutation until
    // every active query had refetched, and the page that started it may be gone by then).
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}
