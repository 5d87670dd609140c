import { type CheckoutSessionRequest, type CheckoutSessionResponse, checkoutEndpoints } from '@gvm/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** POST /wallets/checkout-session: the server reprices the cart and answers the payment page's URL. */
export function createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSessionResponse> {
  return callEndpoint(checkoutEndpoints.createSession, { body: request });
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
