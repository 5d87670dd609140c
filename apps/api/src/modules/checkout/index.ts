/**
 * The checkout module's public face: opening a checkout session, applying the provider's
 * outcomes (webhooks: `applyPaymentEvent`), and the payment result reads (verify, status).
 */

export {
  countRefund,
  type DayRange,
  findPaidCheckout,
  findPaidCheckoutByReference,
  lockPaidCheckout,
  type PaidCheckout,
  salesByDay,
  uncountRefund,
} from './console';
export { CREDIT_HOLD_SWEEP_MS, creditHoldReleaseTask, releaseDueCreditHolds } from './credit-holds';
export { type CheckoutDeps, checkoutDepsOf } from './deps';
export { applyPaymentEvent } from './fulfilment';
export {
  checkoutStatusByKey,
  findCheckoutSessionForPayPage,
  PAYMENT_FAILED_MESSAGE,
  PAYMENT_PENDING_MESSAGE,
  SESSION_NOT_FOUND_MESSAGE,
  type VerifyOutcome,
  verifyCheckoutSession,
} from './results';
export { checkoutRoutes } from './routes';
export { createCheckoutSession, PROVIDER_UNAVAILABLE_MESSAGE } from './service';
export type { CheckoutSnapshot, SnapshotLine, SnapshotRecipient } from './snapshot';
