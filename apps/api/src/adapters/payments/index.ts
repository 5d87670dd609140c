import { apiUrl, paymentEndpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { PaymentProvider } from './provider';
import { payPageRoutes } from './simulator/pay-routes';
import { PaymentSimulator, type SimulatorOptions } from './simulator/simulator';
import type { DeliveryLog } from './simulator/webhook-delivery';
import { createStripeProvider } from './stripe';
import { SIGNATURE_HEADER } from './webhook-signature';

/**
 * The payment provider chosen by PAYMENT_PROVIDER (decision 016): the built-in simulator by
 * default, Stripe Checkout with `stripe`. The app decorates `app.payments` with it; checkout and
 * the webhook routes see only the `PaymentProvider` interface.
 */
export type {
  HostedSession,
  HostedSessionLine,
  HostedSessionRequest,
  PaymentEvent,
  PaymentProvider,
  ProviderRefund,
  ProviderRefundRequest,
  ProviderSessionState,
} from './provider';
export { ProviderRefusedError, WebhookSignatureError } from './provider';
export type { CardOutcome, SimulatedSession, SimulatorOptions } from './simulator/simulator';
export { PaymentSimulator } from './simulator/simulator';
export type { SimulatedRefund } from './simulator/store';
export { SimulatorWebhookRunner } from './simulator/webhook-delivery';
export { stateOfStripeSession, stripeConnection } from './stripe';
export { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS, signWebhook } from './webhook-signature';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider (simulator or Stripe); tests pass a fake through buildApp({ payments }). */
    payments: PaymentProvider;
  }
}

export interface PaymentProviderDeps {
  /** The app's database: the simulator keeps its sessions and webhook deliveries there (decision 056). */
  db: Database;
  /** The app's clock: session expiry and webhook timestamps follow it. */
  clock?: () => Date;
  log?: DeliveryLog;
  /** Simulator timings (tests shorten the asynchronous cards' delay and the webhook retries). */
  simulator?: Pick<SimulatorOptions, 'asyncSettleMs' | 'retryDelaysMs'>;
}

export function createPaymentProvider(config: Config, deps: PaymentProviderDeps): PaymentProvider {
  if (config.paymentProvider === 'stripe') {
    if (!config.stripeSecretKey || !config.stripeWebhookSecret) {
      throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
    }
    return createStripeProvider({
      secretKey: config.stripeSecretKey,
      webhookSecret: config.stripeWebhookSecret,
      apiUrl: config.stripeApiUrl,
      clock: deps.clock,
    });
  }
  if (config.env === 'production') {
    // Only when PAYMENT_PROVIDER names it (config.ts refuses the default there, decision 043): a
    // demo deployment is legitimate, but said loudly, since anyone can pay with a test card.
    deps.log?.warn(
      { paymentProvider: 'simulator' },
      'PAYMENT_PROVIDER=simulator in production: no real payment is taken',
    );
  }
  return new PaymentSimulator({
    db: deps.db,
    publicUrl: config.publicUrl,
    webhookSecret: config.paymentWebhookSecret,
    clock: deps.clock,
    log: deps.log,
    ...deps.simulator,
  });
}

/** The simulator's webhook endpoint, as the contract names it. */
export const SIMULATOR_WEBHOOK_URL = apiUrl(paymentEndpoints.simulatorWebhook.path);

/**
 * When `app.payments` is the simulator: its hosted page (`/pay/:sessionId`), its webhooks
 * delivered to the app from their rows from ready until close (decision 056). Nothing for Stripe
 * or a fake.
 *
 * Webhooks go in-process through `app.inject` (decision 016): PUBLIC_URL may not be reachable
 * from the server itself (a proxy, a container), and inject still runs the real webhook route,
 * its raw-body parser and its signature check.
 */
export async function registerPaymentPages(app: App): Promise<void> {
  const provider = app.payments;
  if (!(provider instanceof PaymentSimulator)) return;
  provider.attach(async (rawBody, signature, requestId) => {
    const response = await app.inject({
      method: 'POST',
      url: SIMULATOR_WEBHOOK_URL,
      payload: rawBody,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signature,
        // The webhook's handling, and the e-mails it queues, log under the paying request's id (decision 061).
        ...(requestId ? { 'x-request-id': requestId } : {}),
      },
    });
    return response.statusCode;
  });
  app.addHook('onReady', async () => provider.webhooks.start());
  app.addHook('onClose', async () => provider.close());
  await app.register(payPageRoutes(provider, app.appConfig.publicUrl));
}
