import { PAYMENT_STATUS_POLL_MS } from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, orders } from '../src/db/schema';
import { applyPaymentEvent, checkoutDepsOf } from '../src/modules/checkout';
import { minutes } from './support/app';
import {
  type CheckoutTestContext,
  checkoutPayload,
  createCheckoutTestApp,
  defined,
  startCheckout,
} from './support/checkout';
import { mailsTo } from './support/mail';
import { sendAs } from './support/requests';
import { createUserAndToken, type TestUser } from './support/users';

let ctx: CheckoutTestContext;
let buyer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  buyer = await createUserAndToken(ctx.app, { name: 'Ada Buyer' });
  stranger = await createUserAndToken(ctx.app, { name: 'Eve Stranger' });
});
afterAll(() => ctx.close());

const verify = (as: TestUser | null, sessionId: string) =>
  sendAs(ctx.app, 'GET', `/orders/verify?session_id=${encodeURIComponent(sessionId)}`, as);
const status = (as: TestUser | null, key: string) =>
  sendAs(ctx.app, 'GET', `/orders/status?key=${encodeURIComponent(key)}`, as);
const event = (providerSessionId: string, state: 'processing' | 'paid' | 'failed') =>
  applyPaymentEvent(ctx.app.db, checkoutDepsOf(ctx.app), { providerSessionId, state });

const giftCheckout = (as: TestUser) =>
  startCheckout(
    ctx.app,
    ctx.payments,
    as,
    checkoutPayload([
      {
        product: ctx.argos,
        value: 30,
        recipients: [{ name: 'Bo', email: `bo-${as.user.id}@example.com`, message: 'Enjoy!' }],
      },
    ]),
  );

describe('payment result calls', () => {
  it('answers 401 to a guest and 404 to another user, for verify and status alike', async () => {
    const started = await giftCheckout(buyer);
    ctx.payments.setState(started.providerSessionId, 'paid');
    expect((await verify(null, started.providerSessionId)).statusCode).toBe(401);
    expect((await status(null, started.key)).statusCode).toBe(401);
    const [session] = await ctx.app.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, started.providerSessionId));
    for (const ref of [started.providerSessionId, defined(session).id]) {
      const answer = await verify(stranger, ref);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: 'Checkout session not found' });
    }
    expect((await status(stranger, started.key)).statusCode).toBe(404);
    // The stranger's calls fulfilled nothing on the buyer's behalf.
    expect(
      await ctx.app.db
        .select()
        .from(orders)
        .where(eq(orders.checkoutSessionId, defined(session).id)),
    ).toEqual([]);
    // Our own id works as well as the provider's.
    const own = await verify(buyer, defined(session).id);
    expect(own.statusCode).toBe(200);
    expect(own.json().orders).toEqual([
      expect.objectContaining({
        productCode: 'ARGOS-GB',
        merchant: { name: 'Argos' },
        valuePurchased: 30,
        currency: 'GBP',
        giftOrder: { recipientName: 'Bo', recipientEmail: `bo-${buyer.user.id}@example.com`, status: 'pending' },
      }),
    ]);
    expect((await verify(buyer, 'not-a-session')).statusCode).toBe(404);
    expect((await status(buyer, 'not-a-key')).statusCode).toBe(404);
  });

  it('async paid: processing while the provider settles, then paid with the orders', async () => {
    const shopper = await createUserAndToken(ctx.app, { name: 'Async Payer' });
    const started = await giftCheckout(shopper);
    expect((await status(shopper, started.key)).json()).toEqual({ status: 'processing', orders: [] });
    await event(started.providerSessionId, 'processing');
    ctx.payments.setState(started.providerSessionId, 'processing');
    ctx.clock.advance(PAYMENT_STATUS_POLL_MS);
    expect((await status(shopper, started.key)).json()).toEqual({ status: 'processing', orders: [] });
    const notYet = await verify(shopper, started.providerSessionId);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toEqual({ error: 'Your payment has not been confirmed yet.' });
    await event(started.providerSessionId, 'paid');
    ctx.payments.setState(started.providerSessionId, 'paid');
    const paid = (await status(shopper, started.key)).json();
    expect(paid.status).toBe('paid');
    expect(paid.orders).toHaveLength(1);
    expect(await mailsTo(ctx.app, `bo-${shopper.user.id}@example.com`)).toHaveLength(1);
  });

  it('async failed: processing, then failed with the lines as failed orders, and nothing issued', async () => {
    const shopper = await createUserAndToken(ctx.app, { name: 'Async Failure' });
    const started = await giftCheckout(shopper);
    await event(started.providerSessionId, 'processing');
    expect((await status(shopper, started.key)).json().status).toBe('processing');
    await event(started.providerSessionId, 'failed');
    ctx.payments.setState(started.providerSessionId, 'failed');
    const failed = (await status(shopper, started.key)).json();
    expect(failed.status).toBe('failed');
    expect(failed.orders).toEqual([
      expect.objectContaining({ _id: '0', merchant: { name: 'Argos' }, valuePurchased: 30 }),
    ]);
    const verified = await verify(shopper, started.providerSessionId);
    expect(verified.statusCode).toBe(402);
    expect(verified.json().error).toBe('Your payment did not go through, so no voucher was issued.');
    expect(await ctx.app.db.select().from(orders).where(eq(orders.buyerId, shopper.user.id))).toEqual([]);
  });

  it('expires an open session after 30 minutes, unless the provider says it was paid', async () => {
    const shopper = await createUserAndToken(ctx.app, { name: 'Slow Payer' });
    const abandoned = await giftCheckout(shopper);
    const lastMinute = await giftCheckout(shopper);
    ctx.payments.setState(lastMinute.providerSessionId, 'paid');
    ctx.clock.advance(minutes(31));
    expect((await status(shopper, abandoned.key)).json().status).toBe('failed');
    expect((await verify(shopper, abandoned.providerSessionId)).statusCode).toBe(402);
    expect((await status(shopper, lastMinute.key)).json().status).toBe('paid');
  });
});

describe('GET /gifts/:token', () => {
  it('shows the gift behind a claim link to anyone, and 404 for an unknown token', async () => {
    const shopper = await createUserAndToken(ctx.app, { name: 'Generous Gil' });
    const started = await giftCheckout(shopper);
    await event(started.providerSessionId, 'paid');
    const [mail] = await mailsTo(ctx.app, `bo-${shopper.user.id}@example.com`);
    const token = /\/gift\/([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const gift = await sendAs(ctx.app, 'GET', `/gifts/${token}`, null);
    expect(gift.statusCode).toBe(200);
    expect(gift.json()).toEqual({
      senderName: 'Generous Gil',
      recipientName: 'Bo',
      merchant: { name: 'Argos' },
      imageUrl: '/api/v1/logos/ARGOS-GB.svg',
      value: 30,
      currency: 'GBP',
      message: 'Enjoy!',
      status: 'pending',
    });
    const unknown = await sendAs(ctx.app, 'GET', `/gifts/${'x'.repeat(43)}`, null);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'This gift link is invalid or has expired' });
  });
});
