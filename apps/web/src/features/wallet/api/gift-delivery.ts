import { type ChangeGiftRecipientRequest, giftDeliveryEndpoints } from '@gvm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { transferredOrdersQueryKey } from './get-transferred-orders';

/**
 * The sender's changes to an unclaimed gift (decision 025): a new delivery day, send now, a corrected
 * recipient, a resend. Each refreshes the Sent list, whose card shows the outcome and history.
 */
export type GiftChange =
  | { kind: 'reschedule'; orderId: string; sendOn: string }
  | { kind: 'sendNow'; orderId: string }
  | { kind: 'changeRecipient'; orderId: string; recipient: ChangeGiftRecipientRequest }
  | { kind: 'resend'; orderId: string };

export function changeGift(change: GiftChange) {
  const params = { orderId: change.orderId };
  switch (change.kind) {
    case 'reschedule':
      return callEndpoint(giftDeliveryEndpoints.reschedule, { params, body: { sendOn: change.sendOn } });
    case 'sendNow':
      return callEndpoint(giftDeliveryEndpoints.sendNow, { params });
    case 'changeRecipient':
      return callEndpoint(giftDeliveryEndpoints.changeRecipient, { params, body: change.recipient });
    case 'resend':
      return callEndpoint(giftDeliveryEndpoints.resend, { params });
  }
}

export function useChangeGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeGift,
    onSettled: () => queryClient.invalidateQueries({ queryKey: transferredOrdersQueryKey('sent') }),
  });
}
