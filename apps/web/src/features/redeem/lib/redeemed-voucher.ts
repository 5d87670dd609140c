import type { ActiveOrder } from '@gvm/contract';

/** What a redemption hands to /confirmation in the navigation state, to show the voucher claimed. */
export interface RedeemedState {
  redeemed: Pick<ActiveOrder, 'merchant' | 'imageUrl' | 'valuePurchased' | 'currency'>;
}

export function redeemedState(order: ActiveOrder): RedeemedState {
  const { merchant, imageUrl, valuePurchased, currency } = order;
  return { redeemed: { merchant, imageUrl, valuePurchased, currency } };
}

export function readRedeemedState(state: unknown): RedeemedState['redeemed'] | null {
  if (typeof state !== 'object' || state === null || !('redeemed' in state)) return null;
  const redeemed = (state as RedeemedState).redeemed;
  return typeof redeemed?.merchant?.name === 'string' && typeof redeemed.valuePurchased === 'number' ? redeemed : null;
}
