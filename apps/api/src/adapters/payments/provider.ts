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

/** A refund of (part of) what a paid session took (decision 049). */
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
  /** Refunds to the card that paid the session; throws when the provider refuses or cannot be reached. */
  refund(request: ProviderRefundRequest): Promise<ProviderRefund>;
}
