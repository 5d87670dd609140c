import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStripeProvider } from '../src/adapters/payments/stripe';
import { checkoutSessions } from '../src/db/schema';
import { defined } from './support/checkout';
import {
  checkoutStatusOf,
  createPaymentsTestApp,
  openCheckout,
  type PaymentsTestContext,
  personalCheckout,
} from './support/payments';
import { sendAs } from './support/requests';
import { type StripeStandIn, startStripeStandIn } from './support/stripe-stand-in';
import { createUserAndToken, type TestUser } from './support/users';

/**
 * PAYMENT_PROVIDER=stripe against a local stand-in for the Stripe API (STRIPE_API_URL), and
 * Stripe's webhooks signed with the SDK's own test-header helper.
 */
const secretKey = 'sk_test_standin';
const webhookSecret = 'whsec_test_standin_secret';

let standIn: StripeStandIn;
let ctx: PaymentsTestContext;
let buyer: TestUser;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  ctx = await createPaymentsTestApp({
    paymentProvider: 'stripe',
    stripeSecretKey: secretKey,
    stripeWebhookSecret: webhookSecret,
    stripeApiUrl: standIn.url,
  });
});
// Opening checkout sessions is rate-limited per account: each test buys as someone new.
beforeEach(async () => {
  buyer = await createUserAndToken(ctx.app, { name: 'Ada Buyer' });
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

/** Opens a checkout through the API and answers the Stripe session id behind it. */
async function openStripeCheckout(value = 25, quantity = 1): Promise<string> {
  const url = await openCheckout(ctx.app, buyer, personalCheckout(ctx.argos, value, quantity));
  return defined(/\/c\/pay\/(cs_test_\w+)$/.exec(url)?.[1], 'Stripe session id');
}

const nowSeconds = () => Math.floor(ctx.clock.now().getTime() / 1000);

function stripeEvent(type: string, object: unknown): string {
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}

function postStripeWebhook(payload: string, options: { secret?: string; timestamp?: number; header?: string } = {}) {
  const signature =
    options.header ??
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? webhookSecret,
      timestamp: options.timestamp ?? nowSeconds(),
    });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payments/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

describe('opening a Stripe Checkout Session', () => {
  it('sends the priced lines in pence, the buyer, our id, the URLs, the expiry and an idempotency key', async () => {
    const before = standIn.requests.length;
    const sessionId = await openStripeCheckout(25, 2);
    const [request] = standIn.requests.slice(before);
    const sent = defined(request, 'request to the stand-in');
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.headers.authorization).toBe(`Bearer ${secretKey}`);

    const [row] = await ctx.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, buyer.user.id));
    const ours = defined(row, 'checkout session row');
    expect(ours.providerSessionId).toBe(sessionId);
    expect(sent.headers['idempotency-key']).toBe(`checkout-session-${ours.id}`);
    expect(sent.form).toMatchObject({
      mode: 'payment',
      customer_email: buyer.user.email,
      client_reference_id: ours.id,
      metadata: { checkoutSessionId: ours.id },
      cancel_url: 'http://localhost:3000/checkout',
      line_items: [
        {
          quantity: '2',
          price_data: { currency: 'gbp', unit_amount: '2500', product_data: { name: 'Argos gift card £25.00' } },
        },
      ],
    });
    expect(String(sent.form.success_url)).toMatch(
      /^http:\/\/localhost:3000\/confirmation\?session_id=\{CHECKOUT_SESSION_ID\}&key=[\w-]+$/,
    );
    const expiresAt = Number(sent.form.expires_at);
    expect(expiresAt - nowSeconds()).toBeGreaterThanOrEqual(30 * 60);
    expect(expiresAt - nowSeconds()).toBeLessThanOrEqual(32 * 60);
  });

  it('opens one Stripe session when the same checkout session is sent twice', async () => {
    const provider = createStripeProvider({ secretKey, webhookSecret, apiUrl: standIn.url });
    const request = {
      checkoutSessionId: '33333333-3333-4333-8333-333333333333',
      amount: 1000,
      currency: 'GBP',
      lines: [{ name: 'Argos gift card £10.00', unitAmount: 1000, quantity: 1 }],
      customerEmail: 'ada@example.com',
      successUrl: 'http://localhost:3000/confirmation?session_id={CHECKOUT_SESSION_ID}&key=k',
      pendingUrl: 'http://localhost:3000/confirmation?session_id=pending&key=k',
      cancelUrl: 'http://localhost:3000/checkout',
      expiresAt: new Date(Date.now() + 30 * 60_000),
    };
    const before = standIn.requests.length;
    const first = await provider.createHostedSession(request);
    const second = await provider.createHostedSession(request);
    expect(second).toEqual(first);
    const keys = standIn.requests.slice(before).map((sent) => sent.headers['idempotency-key']);
    expect(keys).toEqual([
      `checkout-session-${request.checkoutSessionId}`,
      `checkout-session-${request.checkoutSessionId}`,
    ]);
  });

  it("reads a session's state from Stripe's status and payment status", async () => {
    const provider = createStripeProvider({ secretKey, webhookSecret, apiUrl: standIn.url });
    const paid = await openStripeCheckout(10);
    expect(await provider.retrieveSession(paid)).toBe('open');
    standIn.complete(paid, 'paid');
    expect(await provider.retrieveSession(paid)).toBe('paid');

    const delayed = await openStripeCheckout(11);
    standIn.complete(delayed, 'unpaid');
    expect(await provider.retrieveSession(delayed)).toBe('processing');
    standIn.failAsyncPayment(delayed);
    expect(await provider.retrieveSession(delayed)).toBe('failed');

    const abandoned = await openStripeCheckout(12);
    standIn.expire(abandoned);
    expect(await provider.retrieveSession(abandoned)).toBe('expired');

    const lastGet = defined(standIn.requests.at(-1));
    expect(lastGet.method).toBe('GET');
    expect(lastGet.form.expand).toEqual(['payment_intent']);
  });

  it('fulfils on the verify call when Stripe says paid before any webhook', async () => {
    const sessionId = await openStripeCheckout(20);
    standIn.complete(sessionId, 'paid');
    const verify = await sendAs(ctx.app, 'GET', `/orders/verify?session_id=${sessionId}`, buyer);
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ success: true, orders: [{ valuePurchased: 20 }] });
  });
});

describe('the Stripe webhook', () => {
  it('checkout.session.completed with payment_status paid fulfils the session', async () => {
    const sessionId = await openStripeCheckout(30);
    standIn.complete(sessionId, 'paid');
    const response = await postStripeWebhook(stripeEvent('checkout.session.completed', standIn.session(sessionId)));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await checkoutStatusOf(ctx.app, sessionId)).toBe('paid');
  });

  it('completed but unpaid is processing; async_payment_succeeded then pays it', async () => {
    const sessionId = await openStripeCheckout(31);
    standIn.complete(sessionId, 'unpaid');
    await postStripeWebhook(stripeEvent('checkout.session.completed', standIn.session(sessionId)));
    expect(await checkoutStatusOf(ctx.app, sessionId)).toBe('processing');
    await postStripeWebhook(stripeEvent('checkout.session.async_payment_succeeded', standIn.session(sessionId)));
    expect(await checkoutStatusOf(ctx.app, sessionId)).toBe('paid');
  });

  it('async_payment_failed fails it; checkout.session.expired expires an open one', async () => {
    const failing = await openStripeCheckout(32);
    standIn.complete(failing, 'unpaid');
    await postStripeWebhook(stripeEvent('checkout.session.completed', standIn.session(failing)));
    await postStripeWebhook(stripeEvent('checkout.session.async_payment_failed', standIn.session(failing)));
    expect(await checkoutStatusOf(ctx.app, failing)).toBe('failed');

    const abandoned = await openStripeCheckout(33);
    standIn.expire(abandoned);
    await postStripeWebhook(stripeEvent('checkout.session.expired', standIn.session(abandoned)));
    expect(await checkoutStatusOf(ctx.app, abandoned)).toBe('expired');
  });

  it('refuses a wrong secret, a missing signature, one older than 300 s and a tampered body, changing nothing', async () => {
    const sessionId = await openStripeCheckout(34);
    standIn.complete(sessionId, 'paid');
    const payload = stripeEvent('checkout.session.completed', standIn.session(sessionId));
    const tampered = ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      },
      payload: payload.replace('"complete"', '"open"'),
    });
    const refused = await Promise.all([
      postStripeWebhook(payload, { secret: 'whsec_somebody_else' }),
      postStripeWebhook(payload, { header: '' }),
      postStripeWebhook(payload, { timestamp: nowSeconds() - 301 }),
      tampered,
    ]);
    for (const response of refused) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Invalid webhook signature' });
    }
    expect(await checkoutStatusOf(ctx.app, sessionId)).toBe('open');
  });

  it('acknowledges other event types without acting on them', async () => {
    const sessionId = await openStripeCheckout(35);
    const response = await postStripeWebhook(
      stripeEvent('payment_intent.created', { id: 'pi_123', object: 'payment_intent' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await checkoutStatusOf(ctx.app, sessionId)).toBe('open');
  });

  it("refuses the simulator's endpoint while Stripe is the provider", async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/simulator/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/pay/sim_AAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).not.toBe(
      200,
    );
  });
});
