import type { IncomingHttpHeaders } from 'node:http';

/**
 * The payment provider behind one small interface (docs/architecture.md): the
 * built-in simulator (default) or Stripe Checkout, chosen by PAYMENT_PROVIDER. The checkout
 * module creates hosted sessions and applies the outcomes this reports; it never sees a card.
 */

/** Where a provider's session stands. `open`: nobody has paid yet (the page may still be in use). */
export type ProviderSessionState = 'open' | 'processing' | 'paid' | 'failed' | 'expired';

export interface HostedSessionLine {
  /** What the payment page shows: 'Argos gift card £25.00'. */
  name: string;
  /** Pence per unit. */
  unitAmount: number;
  quantity: number;
}

export interface HostedSessionRequest {
  /** Our checkout session's id: the idempotency key, and carried in the provider's metadata. */
  checkoutSessionId: string;
  /** Pence; always the sum of the lines. */
  amount: number;
  currency: string;
  lines: HostedSessionLine[];
  customerEmail: string;
  /** Where the browser goes once paid; `{CHECKOUT_SESSION_ID}` is replaced by the provider's session id. */
  successUrl: string;
  /** Where the browser goes when the payment will settle later (session_id=pending&key=…). */
  pendingUrl: string;
  /** 'Cancel' on the payment page goes here (/checkout). */
  cancelUrl: string;
  expiresAt: Date;
}

export interface HostedSession {
  providerSessionId: string;
  /** The hosted payment page the browser is sent to. */
  url: string;
}

/** A verified event from the provider about one of its sessions. */
export interface PaymentEvent {
  providerSessionId: string;
  state: ProviderSessionState;
}

/** Thrown by `parseWebhook` for a bad or stale signature: the webhook answers 400 and changes nothing. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A refund of (part of) what a paid session took (decisions 049 and 063). */
export interface ProviderRefundRequest {
  providerSessionId: string;
  /** Pence, positive. */
  amount: number;
  currency: string;
  /** Our refund's id: asking again with it refunds once (the provider replays its answer). */
  idempotencyKey: string;
}

export interface ProviderRefund {
  providerRefundId: string;
}

/**
 * The provider answered and will not make the refund (more than is left of the payment, a key
 * used for another refund, a payment that cannot be refunded): asking again will not change that.
 * Any other error of `refund` leaves the outcome unknown: the refund may or may not have been made.
 */
export class ProviderRefusedError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ProviderRefusedError';
  }
}

export interface PaymentProvider {
  readonly name: 'simulator' | 'stripe';
  createHostedSession(request: HostedSessionRequest): Promise<HostedSession>;
  /** Asks the provider where a session stands (the verify call uses it when no webhook has arrived yet). */
  retrieveSession(providerSessionId: string): Promise<ProviderSessionState>;
  /**
   * Verifies a webhook over its raw body and headers and reads it; null for an event type that
   * concerns no session outcome. Throws WebhookSignatureError when the signature is wrong or older
   * than the tolerance (300 s).
   */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentEvent | null;
  /**
   * Refunds to the card that paid the session, once per idempotency key. Throws
   * ProviderRefusedError when the provider refuses it; any other error when the provider could not
   * be reached or did not answer (the refund may have been made: `findRefund` tells).
   */
  refund(request: ProviderRefundRequest): Promise<ProviderRefund>;
  /** The refund made with this idempotency key for this session, or null when none was. */
  findRefund(
    request: Pick<ProviderRefundRequest, 'providerSessionId' | 'idempotencyKey'>,
  ): Promise<ProviderRefund | null>;
}
