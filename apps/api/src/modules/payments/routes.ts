import { paymentEndpoints } from '@gvm/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type PaymentEvent, type PaymentProvider, WebhookSignatureError } from '../../adapters/payments';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { applyPaymentEvent, checkoutDepsOf } from '../checkout';

/** Stripe's events can be larger than the app's 256 KiB default; nothing else is read here. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;
const INVALID_SIGNATURE_MESSAGE = 'Invalid webhook signature';
const OTHER_PROVIDER_MESSAGE = 'This payment provider is not in use';

/**
 * The providers' webhooks (decision 016). A signature covers the exact bytes sent, so in this
 * encapsulated context every body is read raw, as a Buffer, whatever its content type. A bad or
 * stale signature answers 400 and changes nothing; a verified event goes to checkout, which
 * applies it exactly once however often it arrives. A 5xx makes the provider retry.
 */
export async function paymentRoutes(app: App): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.route({
    ...fromContract(paymentEndpoints.simulatorWebhook),
    handler: async (request, reply) => answer(reply, await receiveWebhook(app, 'simulator', request)),
  });
  app.route({
    ...fromContract(paymentEndpoints.stripeWebhook),
    handler: async (request, reply) => answer(reply, await receiveWebhook(app, 'stripe', request)),
  });
}

type WebhookAnswer = { status: 200; body: { received: true } } | { status: 400; body: { error: string } };

function answer(reply: FastifyReply, result: WebhookAnswer): WebhookAnswer['body'] {
  reply.code(result.status);
  return result.body;
}

async function receiveWebhook(
  app: App,
  provider: PaymentProvider['name'],
  request: FastifyRequest,
): Promise<WebhookAnswer> {
  if (app.payments.name !== provider) return { status: 400, body: { error: OTHER_PROVIDER_MESSAGE } };
  const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  let event: PaymentEvent | null;
  try {
    event = app.payments.parseWebhook(rawBody, request.headers);
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error;
    request.log.warn({ provider, reason: error.message }, 'payment webhook refused');
    return { status: 400, body: { error: INVALID_SIGNATURE_MESSAGE } };
  }
  if (event) {
    await applyPaymentEvent(app.db, checkoutDepsOf(app), event);
    app.metrics.paymentEvents.inc({ provider, state: event.state });
  }
  return { status: 200, body: { received: true } };
}
