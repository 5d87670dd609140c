import { type ActiveOrder, voucherEndpoints } from '@gvm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** POST /orders/redeem-link: claims the gift behind a claim link (the whole URL or its token), once. */
export async function redeemLink(link: string): Promise<ActiveOrder> {
  const answer = await callEndpoint(voucherEndpoints.redeemLink, { body: { link } });
  return answer.order;
}

/** The claimed voucher joins the wallet: every cached list is read again. */
export function useRedeemLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemLink,
    // Not awaited: the page moves on at once (a returned promise would hold the mutation until
    // every active query had refetched, and the page that started it may be gone by then).
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}
