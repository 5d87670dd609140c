import { type PendingVoucher, voucherEndpoints } from '@gvm/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** POST /orders/redeem-email: the pending gifts that sender sent to the caller's e-mail. */
export async function findGiftsBySender(senderEmail: string): Promise<PendingVoucher[]> {
  const answer = await callEndpoint(voucherEndpoints.redeemEmail, { body: { senderEmail } });
  return answer.pendingVouchers;
}

export function useFindGiftsBySender() {
  return useMutation({ mutationFn: findGiftsBySender });
}
