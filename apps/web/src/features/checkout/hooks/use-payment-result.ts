import type { OrderItem } from '@gvm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { serverCartQueryKey, useCartStore, useRecipientStore } from '@/features/cart';
import { ApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { usePolledOrderStatus } from '../api/get-order-status';
import { failedOrdersOf, isNotPaidYet, useVerifyOrder } from '../api/verify-order';

/** docs/product/buying.md#payment-result-screen: processing, success or failure. */
export type PaymentResult =
  | { view: 'processing' }
  | { view: 'success'; orders: OrderItem[]; orderReference: string | null }
  | { view: 'failure'; orders: OrderItem[]; reason: string | null }
  /** Verifying: the success screen shows 'Loading...' until the orders arrive. */
  | { view: 'loading' }
  /** Opened without a session to look up. */
  | { view: 'missing' };

/** The session_id of an asynchronous payment (docs/product/buying.md#payment-result-screen): poll by key instead of verifying. */
const PENDING_SESSION_ID = 'pending';

/**
 * docs/product/buying.md#payment-result-screen: a session_id of 'pending' polls the status by key; any
 * other is verified once the user is loaded, and a verify answering 409 (the provider has not
 * confirmed yet) falls back to polling. Once paid orders arrive the cart and recipients are cleared.
 */
export function usePaymentResult(sessionId: string | null, key: string | null): PaymentResult {
  const user = useCurrentUser();
  const userId = user.data?._id;
  const verifying = Boolean(sessionId) && sessionId !== PENDING_SESSION_ID;
  const verify = useVerifyOrder(sessionId ?? '', { enabled: verifying && Boolean(userId) });
  const notPaidYet = verify.isError && isNotPaidYet(verify.error);
  const polling = Boolean(key) && (sessionId === PENDING_SESSION_ID || notPaidYet);
  const poll = usePolledOrderStatus(key ?? '', { enabled: polling });

  const result = resultOf();
  useClearCartOnceBought(result, userId);
  return result;

  function resultOf(): PaymentResult {
    if (verify.data) return { view: 'success', orders: verify.data.orders, orderReference: verify.data.orderReference };
    if (poll.data?.status === 'paid') {
      return { view: 'success', orders: poll.data.orders, orderReference: poll.data.orderReference ?? null };
    }
    if (poll.data?.status === 'failed') return { view: 'failure', orders: poll.data.orders, reason: null };
    if (polling) return { view: 'processing' };
    if (verify.isError) {
      const failedOrders = failedOrdersOf(verify.error);
      const reason = failedOrders.length > 0 ? null : messageOf(verify.error);
      return { view: 'failure', orders: failedOrders, reason };
    }
    if (!sessionId) return { view: 'missing' };
    return { view: 'loading' };
  }
}

function messageOf(error: unknown): string {
  return error instanceof ApiError || error instanceof Error ? error.message : 'Payment could not be verified';
}

/**
 * docs/product/buying.md#payment-result-screen: the cart and recipients are cleared once the orders are received. Only paid
 * orders clear it (decision 018): after a failed payment the buyer goes back to checkout with the
 * same cart. The server empties its cart at fulfilment, so its copy is only fetched again.
 */
function useClearCartOnceBought(result: PaymentResult, userId: string | undefined) {
  const queryClient = useQueryClient();
  const cleared = useRef(false);
  const bought = result.view === 'success' && result.orders.length > 0;
  useEffect(() => {
    if (!bought || cleared.current) return;
    cleared.current = true;
    useCartStore.getState().clear();
    useRecipientStore.getState().clearRecipients();
    if (userId) void queryClient.invalidateQueries({ queryKey: serverCartQueryKey(userId) });
  }, [bought, userId, queryClient]);
}
