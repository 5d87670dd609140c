/**
 * docs/product/buying.md#checkout: a checkout refused with 401 stores `pendingCheckout` while the
 * buyer signs in and comes back to /checkout; it is forgotten once they are back, signed in.
 */
export const PENDING_CHECKOUT_KEY = 'pendingCheckout';

export function rememberPendingCheckout(): void {
  localStorage.setItem(PENDING_CHECKOUT_KEY, 'true');
}

export function forgetPendingCheckout(): void {
  localStorage.removeItem(PENDING_CHECKOUT_KEY);
}
