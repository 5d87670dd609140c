import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import type {
  HostedSession,
  HostedSessionRequest,
  PaymentEvent,
  PaymentProvider,
  ProviderRefund,
  ProviderRefundRequest,
  ProviderSessionState,
} from './provider';
import { ProviderRefusedError, WebhookSignatureError } from './provider';
import { SIGNATURE_TOLERANCE_SECONDS } from './webhook-signature';

/**
 * Stripe Checkout Sessions (decision 016). Our checkout session's id is the idempotency key, so a
 * retried create (the SDK retries network failures) opens one Stripe session, not two.
 */
export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another host for the API (STRIPE_API_URL): a local stand-in in tests. */
  apiUrl?: string;
  clock?: () => Date;
}

/** Stripe refuses an expiry under 30 minutes after creation; keep a minute's margin for clock skew. */
const MIN_EXPIRY_SECONDS = 31 * 60;

export function stripeConnection(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { protocol, host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443) };
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const clock = options.clock ?? (() => new Date());
  const stripe = new Stripe(options.secretKey, {
    ...stripeConnection(options.apiUrl),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'gift-voucher-marketplace' },
  });

  /** The PaymentIntent that paid a Checkout Session; a session nobody paid is refused. */
  async function paymentIntentOf(providerSessionId: string): Promise<string> {
    const session = await stripe.checkout.sessions.retrieve(providerSessionId);
    const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!intent)
      throw new ProviderRefusedError(`Stripe checkout session ${providerSessionId} has no payment to refund`);
    return intent;
  }

  return {
    name: 'stripe',

    async createHostedSession(request: HostedSessionRequest): Promise<HostedSession> {
      const nowSeconds = Math.floor(clock().getTime() / 1000);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: request.lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: line.unitAmount,
              product_data: { name: line.name },
            },
          })),
          customer_email: request.customerEmail,
          client_reference_id: request.checkoutSessionId,
          metadata: { checkoutSessionId: request.checkoutSessionId },
          payment_intent_data: { metadata: { checkoutSessionId: request.checkoutSessionId } },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.max(Math.ceil(request.expiresAt.getTime() / 1000), nowSeconds + MIN_EXPIRY_SECONDS),
        },
        { idempotencyKey: `checkout-session-${request.checkoutSessionId}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { providerSessionId: session.id, url: session.url };
    },

    async retrieveSession(providerSessionId: string): Promise<ProviderSessionState> {
      const session = await stripe.checkout.sessions.retrieve(providerSessionId, { expand: ['payment_intent'] });
      return stateOfStripeSession(session);
    },

    /**
     * A Refund of the session's PaymentIntent (https://docs.stripe.com/api/refunds/create), with
     * our refund's id as the idempotency key: retried by the SDK or asked again, it refunds once.
     * Stripe's 4xx answers (more than is left to refund, a key used with other parameters, no
     * payment) and a refund it reports failed are refusals; anything else leaves the outcome unknown.
     */
    async refund(request: ProviderRefundRequest): Promise<ProviderRefund> {
      try {
        const intent = await paymentIntentOf(request.providerSessionId);
        const refund = await stripe.refunds.create(
          { payment_intent: intent, amount: request.amount, metadata: { refundId: request.idempotencyKey } },
          { idempotencyKey: `refund-${request.idempotencyKey}` },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') {
          throw new ProviderRefusedError(`Stripe refund ${refund.id} ${refund.status}`);
        }
        return { providerRefundId: refund.id };
      } catch (error) {
        if (error instanceof ProviderRefusedError || !isStripeRefusal(error)) throw error;
        throw new ProviderRefusedError(error.message, { cause: error });
      }
    },

    /** The session's refund made with this key, found by the `refundId` it carries in its metadata. */
    async findRefund(
      request: Pick<ProviderRefundRequest, 'providerSessionId' | 'idempotencyKey'>,
    ): Promise<ProviderRefund | null> {
      const intent = await paymentIntentOf(request.providerSessionId);
      for await (const refund of stripe.refunds.list({ payment_intent: intent, limit: 100 })) {
        if (refund.metadata?.refundId === request.idempotencyKey) return { providerRefundId: refund.id };
      }
      return null;
    },

    parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentEvent | null {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || signature.length === 0) {
        throw new WebhookSignatureError('Missing Stripe-Signature header');
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
          undefined,
          clock().getTime(),
        );
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid Stripe signature');
      }
      return paymentEventOf(event);
    },
  };
}

/**
 * Stripe answered and said no: an invalid request (400, 404) or a card error. Rate limits, 5xx,
 * network failures and timeouts are not refusals: the same request may yet succeed.
 */
function isStripeRefusal(error: unknown): error is Stripe.errors.StripeError {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripeCardError ||
    error instanceof Stripe.errors.StripeIdempotencyError
  );
}

/** Where a Stripe Checkout Session stands, in our words. */
export function stateOfStripeSession(session: Stripe.Checkout.Session): ProviderSessionState {
  if (session.status === 'expired') return 'expired';
  if (session.status !== 'complete') return 'open';
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'paid';
  // Completed but unpaid: a delayed payment method. It failed if the intent gave up on it.
  const intent = session.payment_intent;
  if (intent && typeof intent === 'object') {
    if (intent.status === 'canceled') return 'failed';
    if (intent.status === 'requires_payment_method' && intent.last_payment_error) return 'failed';
  }
  return 'processing';
}

/** The checkout events that decide a payment; any other event type is acknowledged and ignored. */
function paymentEventOf(event: Stripe.Event): PaymentEvent | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      return { providerSessionId: session.id, state: paid ? 'paid' : 'processing' };
    }
    case 'checkout.session.async_payment_succeeded':
      return { providerSessionId: event.data.object.id, state: 'paid' };
    case 'checkout.session.async_payment_failed':
      return { providerSessionId: event.data.object.id, state: 'failed' };
    case 'checkout.session.expired':
      return { providerSessionId: event.data.object.id, state: 'expired' };
    default:
      return null;
  }
}
