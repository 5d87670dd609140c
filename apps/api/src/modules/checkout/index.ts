/**
 * The checkout module's public face: opening a checkout session, applying the provider's
 * outcomes (webhooks: `applyPaymentEvent`), and the payment result reads (verify, status).
 */
export { checkoutDepsOf } from './deps';
export {
  applyPaymentEvent,
  type CheckoutDeps,
  checkoutStatusByKey,
  createCheckoutSession,
  findCheckoutSessionForPayPage,
  PAYMENT_FAILED_MESSAGE,
  PAYMENT_PENDING_MESSAGE,
  PROVIDER_UNAVAILABLE_MESSAGE,
  SESSION_NOT_FOUND_MESSAGE,
  type VerifyOutcome,
  verifyCheckoutSession,
} from './service';
export type { CheckoutSnapshot, SnapshotLine, SnapshotRecipient } from './snapshot';
