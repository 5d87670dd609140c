import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentSimulator, SIGNATURE_HEADER, signWebhook } from '../src/adapters/payments';
import { deliveriesOf } from '../src/adapters/payments/simulator/store';
import { testConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { createTestDatabase } from './helpers';
import { createTestClock, type TestClock } from './support/app';
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
const SETTLE_MS = 5_000;
const secret = testConfig().paymentWebhookSecret;

beforeAll(async () => {
  const created = await createPaymentsTestApp({}, { asyncSettleMs: SETTLE_MS, retryDelaysMs: [20, 40] });
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

  it('3220: processing at first, then paid once its time has come', async () => {
    const sessionId = await openSimulatorSession(30);
    const accepted = await payOnPage(ctx.app, sessionId, { cardNumber: '4000 0000 0000 3220' });
    expect(accepted.headers.location).toContain('session_id=pending');
    await simulator.idle();
    expect(await checkoutStatusOf(ctx.app, sessionId)).toBe('processing');
    const polled = await sendAs(ctx.app, 'GET', `/orders/status?key=${keyOf(accepted.headers.location)}`, buyer);
    expect(polled.json()).toMatchObject({ status: 'processing', orders: [] });
    ctx.clock.advance(SETTLE_MS);
    await simulator.idle();
    expect(await checkoutStatusOf(ctx.app, sessionId)).toBe('paid');
  });

  it('3220: the status poll finds the payment settled when its time has come, before any round runs', async () => {
    const sessionId = await openSimulatorSession(35);
    const accepted = await payOnPage(ctx.app, sessionId, { cardNumber: '4000 0000 0000 3220' });
    await simulator.idle();
    ctx.clock.advance(SETTLE_MS);
    const polled = await sendAs(ctx.app, 'GET', `/orders/status?key=${keyOf(accepted.headers.location)}`, buyer);
    expect(polled.json()).toMatchObject({ status: 'paid', orders: [{ valuePurchased: 35 }] });
  });

  it('0341: processing at first, then failed', async () => {
    const sessionId = await openSimulatorSession(40);
    await payOnPage(ctx.app, sessionId, { cardNumber: '4000 0000 0000 0341' });
    await simulator.idle();
    expect(await checkoutStatusOf(ctx.app, sessionId)).toBe('processing');
    ctx.clock.advance(SETTLE_MS);
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
  // The simulator's rows are shared by every instance on a database: these simulators get a
  // database of their own, so the app above does not deliver their events.
  let database: DatabaseHandle;
  let clock: TestClock;
  beforeAll(async () => {
    database = await createTestDatabase();
    clock = createTestClock();
  });
  afterAll(() => database.close());

  let sequence = 0;
  const sessionRequest = () => {
    sequence += 1;
    return {
      checkoutSessionId: `22222222-2222-4222-8222-${String(sequence).padStart(12, '0')}`,
      amount: 500,
      currency: 'GBP',
      lines: [{ name: 'Argos gift card £5.00', unitAmount: 500, quantity: 1 }],
      customerEmail: 'ada@example.com',
      successUrl: 'http://localhost:3000/confirmation?session_id={CHECKOUT_SESSION_ID}&key=k',
      pendingUrl: 'http://localhost:3000/confirmation?session_id=pending&key=k',
      cancelUrl: 'http://localhost:3000/checkout',
      expiresAt: new Date(clock.now().getTime() + 30 * 60_000),
    };
  };
  const card = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Ada' };

  function standalone(retryDelaysMs: number[], asyncSettleMs = 10) {
    return new PaymentSimulator({
      db: database.db,
      publicUrl: 'http://localhost:3000',
      webhookSecret: secret,
      clock: clock.now,
      retryDelaysMs,
      asyncSettleMs,
    });
  }

  async function pay(sim: PaymentSimulator, cardNumber = card.cardNumber) {
    const hosted = await sim.createHostedSession(sessionRequest());
    await sim.payWithCard(defined(await sim.findSession(hosted.providerSessionId)), { ...card, cardNumber });
    return hosted.providerSessionId;
  }

  it('retries a failed delivery with a fresh signature until the endpoint accepts it', async () => {
    const sim = standalone([5, 10, 20]);
    const received: { body: string; signature: string }[] = [];
    sim.attach(async (body, signature) => {
      received.push({ body, signature });
      if (received.length < 3) throw new Error('connection refused');
      return 200;
    });
    const sessionId = await pay(sim);
    await sim.idle();
    expect(received).toHaveLength(1);
    clock.advance(5);
    await sim.idle();
    expect(received).toHaveLength(2);
    clock.advance(10);
    await sim.idle();
    expect(received).toHaveLength(3);
    clock.advance(60_000);
    await sim.idle();
    expect(received).toHaveLength(3);
    for (const delivery of received) {
      const event = sim.parseWebhook(Buffer.from(delivery.body), { [SIGNATURE_HEADER]: delivery.signature });
      expect(event).toEqual({ providerSessionId: sessionId, state: 'paid' });
    }
    expect(await deliveriesOf(database.db, sessionId)).toMatchObject([{ status: 'delivered', attempts: 3 }]);
  });

  it('gives up after its bounded retries', async () => {
    const sim = standalone([5, 5]);
    let attempts = 0;
    sim.attach(async () => {
      attempts += 1;
      return 500;
    });
    const sessionId = await pay(sim);
    for (let round = 0; round < 5; round += 1) {
      await sim.idle();
      clock.advance(5);
    }
    expect(attempts).toBe(3);
    expect(await deliveriesOf(database.db, sessionId)).toMatchObject([
      { status: 'failed', attempts: 3, lastError: 'answered 500' },
    ]);
  });

  it('sends nothing once closed: the events wait in their rows', async () => {
    const sim = standalone([60_000], 60_000);
    let attempts = 0;
    sim.attach(async () => {
      attempts += 1;
      return 503;
    });
    const sessionId = await pay(sim, '4000000000003220');
    await sim.idle();
    await sim.close();
    clock.advance(60_000);
    expect(await sim.webhooks.runDue()).toBe(0);
    expect(attempts).toBe(1);
    expect(await deliveriesOf(database.db, sessionId)).toMatchObject([{ status: 'pending', attempts: 1 }]);
  });

  it('lets the app close at once with an asynchronous payment still settling', async () => {
    const slow = await createPaymentsTestApp({}, { asyncSettleMs: 60_000 });
    const slowSimulator = defined(slow.simulator);
    const shopper = await createUserAndToken(slow.app, { name: 'Slow Shopper' });
    const url = await openCheckout(slow.app, shopper, personalCheckout(slow.argos, 5));
    const sessionId = defined(new URL(url).pathname.split('/').at(-1));
    await payOnPage(slow.app, sessionId, { cardNumber: '4000000000003220' });
    const started = Date.now();
    await slow.app.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await slowSimulator.retrieveSession(sessionId)).toBe('processing');
    await slow.database.close();
  });
});
