import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentSimulator, SIGNATURE_HEADER, signWebhook } from '../src/adapters/payments';
import { testConfig } from '../src/config';
import { defined } from './support/checkout';
import {
  checkoutStatusOf,
  createPaymentsTestApp,
  openCheckout,
  type PaymentsTestContext,
  payOnPage,
  personalCheckout,
} from './support/payments';
import { sendAs } from './support/requests';
import { createUserAndToken, type TestUser } from './support/users';

/**
 * What the simulator's outcomes do to the app: each reaches it as a signed webhook through the
 * real route (raw body, signature, timestamp) and checkout applies it. A webhook that is not
 * signed right, or is older than 300 s, is refused with 400 and changes nothing.
 */
let ctx: PaymentsTestContext;
let simulator: PaymentSimulator;
let buyer: TestUser;
const secret = testConfig().paymentWebhookSecret;

beforeAll(async () => {
  const created = await createPaymentsTestApp({}, { asyncSettleMs: 300, retryDelaysMs: [20, 40] });
  ctx = created;
  simulator = defined(created.simulator, 'simulator');
});
// Opening checkout sessions is rate-limited per account: each test buys as someone new.
beforeEach(async () => {
  buyer = await createUserAndToken(ctx.app, { name: 'Ada Buyer' });
});
afterAll(() => ctx.close());

/** Opens a checkout through the API and answers the simulator's session id (from the page URL). */
async function openSimulatorSession(value = 25): Promise<string> {
  const url = await openCheckout(ctx.app, buyer, personalCheckout(ctx.argos, value));
  return defined(new URL(url).pathname.split('/').at(-1), 'session id');
}

const keyOf = (location: unknown) => defined(new URL(String(location)).searchParams.get('key'), 'poll key');

async function waitForStatus(providerSessionId: string, status: string): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    if ((await checkoutStatusOf(ctx.app, providerSessionId)) === status) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`checkout session never reached ${status}`);
}

function postWebhook(body: string, signature?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payments/simulator/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { [SIGNATURE_HEADER]: signature } : {}) },
    payload: body,
  });
}

const eventFor = (providerSessionId: string, state: string) =>
  JSON.stringify({
    id: 'evt_test',
    type: `payment_session.${state}`,
    data: { object: { id: providerSessionId, state } },
  });
const nowSeconds = () => Math.floor(ctx.clock.now().getTime() / 1000);

describe('simulator outcomes reach the app as signed webhooks', () => {
  it('4242: the webhook marks the checkout session paid and its orders are issued', async () => {
    const sessionId = await openSimulatorSession(25);
    const paid = await payOnPage(ctx.app, sessionId, { cardNumber: '4242424242424242' });
    expect(paid.statusCode).toBe(303);
    await simulator.idle();
    expect(await checkoutStatusOf(ctx.app, sessionId)).toBe('paid');
    const status = await sendAs(ctx.app, 'GET', `/orders/status?key=${keyOf(paid.headers.location)}`, buyer);
    expect(status.json()).toMatchObject({ status: 'paid', orders: [{ valuePurchased: 25, currency: 'GBP' }] });
  });

  it('0002: a declined card leaves the checkout session open and issues nothing', async () => {
    const sessionId = await openSimulatorSession(10);
    const declined = await payOnPage(ctx.app, sessionId, { cardNumber: '4000000000000002' });
    expect(declined.statusCode).toBe(200);
    await simulator.idle();
    expect(await checkoutStatusOf(ctx.app, sessionId)).toBe('open');
  });

  it('3220: processing at first, then paid', async () => {
    const sessionId = await openSimulatorSession(30);
    const accepted = await payOnPage(ctx.app, sessionId, { cardNumber: '4000 0000 0000 3220' });
    expect(accepted.headers.location).toContain('session_id=pending');
    await waitForStatus(sessionId, 'processing');
    const polled = await sendAs(ctx.app, 'GET', `/orders/status?key=${keyOf(accepted.headers.location)}`, buyer);
    expect(polled.json()).toMatchObject({ status: 'processing', orders: [] });
    await simulator.idle();
    expect(await checkoutStatusOf(ctx.app, sessionId)).toBe('paid');
  });

  it('0341: processing at first, then failed', async () => {
    const sessionId = await openSimulatorSession(40);
    await payOnPage(ctx.app, sessionId, { cardNumber: '4000 0000 0000 0341' });
    await waitForStatus(sessionId, 'processing');
    await simulator.idle();
    expect(await checkoutStatusOf(ctx.app, sessionId)).toBe('failed');
    const verify = await sendAs(ctx.app, 'GET', `/orders/verify?session_id=${sessionId}`, buyer);
    expect(verify.statusCode).toBe(402);
  });
});

describe('the simulator webhook endpoint', () => {
  it('applies a well-signed event', async () => {
    const sessionId = await openSimulatorSession(15);
    const body = eventFor(sessionId, 'paid');
    const response = await postWebhook(body, signWebhook(secret, body, nowSeconds()));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await checkoutStatusOf(ctx.app, sessionId)).toBe('paid');
  });

  it('refuses a wrong secret, a tampered body, a missing header and a signature older than 300 s', async () => {
    const sessionId = await openSimulatorSession(20);
    const body = eventFor(sessionId, 'paid');
    const attempts = [
      postWebhook(body, signWebhook('another-secret-that-is-long-enough-to-use', body, nowSeconds())),
      postWebhook(body, signWebhook(secret, eventFor(sessionId, 'failed'), nowSeconds())),
      postWebhook(body),
      postWebhook(body, 't=abc,v1=zz'),
      postWebhook(body, signWebhook(secret, body, nowSeconds() - 301)),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Invalid webhook signature' });
    }
    expect(await checkoutStatusOf(ctx.app, sessionId)).toBe('open');

    // Just inside the tolerance is still accepted.
    const fresh = await postWebhook(body, signWebhook(secret, body, nowSeconds() - 299));
    expect(fresh.statusCode).toBe(200);
    expect(await checkoutStatusOf(ctx.app, sessionId)).toBe('paid');
  });

  it('acknowledges a well-signed event it has no use for, changing nothing', async () => {
    const sessionId = await openSimulatorSession(12);
    const body = JSON.stringify({ id: 'evt_other', type: 'something.else', data: {} });
    const response = await postWebhook(body, signWebhook(secret, body, nowSeconds()));
    expect(response.json()).toEqual({ received: true });
    expect(await checkoutStatusOf(ctx.app, sessionId)).toBe('open');
  });

  it('refuses Stripe events while the simulator is the provider', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('webhook delivery', () => {
  const session = {
    checkoutSessionId: '22222222-2222-4222-8222-222222222222',
    amount: 500,
    currency: 'GBP',
    lines: [{ name: 'Argos gift card £5.00', unitAmount: 500, quantity: 1 }],
    customerEmail: 'ada@example.com',
    successUrl: 'http://localhost:3000/confirmation?session_id={CHECKOUT_SESSION_ID}&key=k',
    pendingUrl: 'http://localhost:3000/confirmation?session_id=pending&key=k',
    cancelUrl: 'http://localhost:3000/checkout',
    expiresAt: new Date(Date.now() + 30 * 60_000),
  };
  const card = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Ada' };

  function standalone(retryDelaysMs: number[], asyncSettleMs = 10) {
    return new PaymentSimulator({
      publicUrl: 'http://localhost:3000',
      webhookSecret: secret,
      retryDelaysMs,
      asyncSettleMs,
    });
  }

  it('retries a failed delivery with a fresh signature until the endpoint accepts it', async () => {
    const sim = standalone([5, 10, 20]);
    const received: { body: string; signature: string }[] = [];
    sim.attach(async (body, signature) => {
      received.push({ body, signature });
      if (received.length < 3) throw new Error('connection refused');
      return 200;
    });
    const hosted = await sim.createHostedSession(session);
    sim.payWithCard(defined(sim.findSession(hosted.providerSessionId)), card);
    await sim.idle();
    expect(received).toHaveLength(3);
    for (const delivery of received) {
      const event = sim.parseWebhook(Buffer.from(delivery.body), { [SIGNATURE_HEADER]: delivery.signature });
      expect(event).toEqual({ providerSessionId: hosted.providerSessionId, state: 'paid' });
    }
  });

  it('gives up after its bounded retries', async () => {
    const sim = standalone([5, 5]);
    let attempts = 0;
    sim.attach(async () => {
      attempts += 1;
      return 500;
    });
    const hosted = await sim.createHostedSession(session);
    sim.payWithCard(defined(sim.findSession(hosted.providerSessionId)), card);
    await sim.idle();
    expect(attempts).toBe(3);
  });

  it('stops settling and retrying once closed', async () => {
    const sim = standalone([60_000], 60_000);
    let attempts = 0;
    sim.attach(async () => {
      attempts += 1;
      return 503;
    });
    const hosted = await sim.createHostedSession(session);
    sim.payWithCard(defined(sim.findSession(hosted.providerSessionId)), { ...card, cardNumber: '4000000000003220' });
    const started = Date.now();
    await sim.close();
    await sim.idle();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(attempts).toBe(1);
    expect(await sim.retrieveSession(hosted.providerSessionId)).toBe('processing');
  });

  it('lets the app close at once with an asynchronous payment still settling', async () => {
    const slow = await createPaymentsTestApp({}, { asyncSettleMs: 60_000 });
    const slowSimulator = defined(slow.simulator);
    const shopper = await createUserAndToken(slow.app, { name: 'Slow Shopper' });
    const url = await openCheckout(slow.app, shopper, personalCheckout(slow.argos, 5));
    const sessionId = defined(new URL(url).pathname.split('/').at(-1));
    await payOnPage(slow.app, sessionId, { cardNumber: '4000000000003220' });
    const started = Date.now();
    await slow.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await slowSimulator.retrieveSession(sessionId)).toBe('processing');
  });
});
