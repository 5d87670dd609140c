import { randomUUID } from 'node:crypto';
import type { OrderItem, RefundAnswer } from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderRefusedError } from '../src/adapters/payments';
import { orders, refunds } from '../src/db/schema';
import { defined } from './support/checkout';
import { createOperator, opsCall, signInOperator } from './support/operators';
import {
  createPaymentsTestApp,
  openCheckout,
  type PaymentsTestContext,
  payOnPage,
  personalCheckout,
} from './support/payments';
import { sendAs } from './support/requests';
import { type StripeStandIn, startStripeStandIn } from './support/stripe-stand-in';
import { createUserAndToken } from './support/users';

/**
 * A card refund through Stripe's Refunds API (https://docs.stripe.com/api/refunds/create),
 * against the local stand-in reached through STRIPE_API_URL (decision 049).
 */
let standIn: StripeStandIn;
let ctx: PaymentsTestContext;
let finance: string;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  ctx = await createPaymentsTestApp({
    paymentProvider: 'stripe',
    stripeSecretKey: 'sk_test_standin',
    stripeWebhookSecret: 'whsec_test_standin_secret',
    stripeApiUrl: standIn.url,
  });
  await createOperator(ctx.app, 'finance-stripe@ugm.example', 'finance');
  finance = (await signInOperator(ctx.app, ctx.clock, 'finance-stripe@ugm.example')).token;
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

/** A paid Stripe checkout of one £`value` Argos voucher; answers the order id and the Stripe session. */
async function paidOrder(
  value: number,
  quantity = 1,
): Promise<{ orderId: string; voucherId: string; voucherIds: string[]; sessionId: string }> {
  const buyer = await createUserAndToken(ctx.app);
  const url = await openCheckout(ctx.app, buyer, personalCheckout(ctx.argos, value, quantity));
  const sessionId = defined(/\/c\/pay\/(cs_test_\w+)$/.exec(url)?.[1], 'Stripe session id');
  standIn.complete(sessionId, 'paid');
  const verify = await sendAs(ctx.app, 'GET', `/orders/verify?session_id=${sessionId}`, buyer);
  const voucherIds = verify.json<{ orders: OrderItem[] }>().orders.map((order) => order._id);
  const voucherId = defined(voucherIds[0]);
  const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, voucherId));
  return { orderId: defined(row?.checkoutSessionId), voucherId, voucherIds, sessionId };
}

const refundCall = (orderId: string, requestId: string, amount: number) =>
  opsCall(ctx.app, 'POST', `/orders/${orderId}/refunds`, finance, {
    requestId,
    amount,
    refundTo: 'card',
    reason: 'Customer asked',
  });

describe('a card refund with Stripe', () => {
  it("refunds the session's PaymentIntent once, with our request id as the idempotency key, however often asked", async () => {
    const { orderId, voucherId, sessionId } = await paidOrder(40);
    const requestId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => refundCall(orderId, requestId, 3000)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.json<RefundAnswer>().refund.id)).size).toBe(1);

    const intent = defined(standIn.session(sessionId)?.payment_intent);
    expect(standIn.refunds).toEqual([expect.objectContaining({ amount: 3000, payment_intent: intent })]);
    const calls = standIn.requests.filter((request) => request.path === '/v1/refunds');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers['idempotency-key']).toBe(`refund-${requestId}`);
    expect(calls[0]?.form).toMatchObject({ amount: '3000', payment_intent: intent, metadata: { refundId: requestId } });

    const [row] = await ctx.app.db.select().from(refunds).where(eq(refunds.checkoutSessionId, orderId));
    expect(row).toMatchObject({ status: 'done', providerRefundId: standIn.refunds[0]?.id });
    const [voucher] = await ctx.app.db.select().from(orders).where(eq(orders.id, voucherId));
    expect(voucher?.status).toBe('refunded');
  }, 60_000);

  it('fifty refunds of one order at once, one voucher each: Stripe refunds exactly what the card paid, no 5xx', async () => {
    const { orderId, voucherIds, sessionId } = await paidOrder(10, 5);
    const intent = defined(standIn.session(sessionId)?.payment_intent);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        opsCall(ctx.app, 'POST', `/orders/${orderId}/refunds`, finance, {
          requestId: randomUUID(),
          amount: 1000,
          refundTo: 'card',
          reason: 'Customer asked',
          voucherIds: [defined(voucherIds[index % 5])],
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    const made = standIn.refunds.filter((refund) => refund.payment_intent === intent);
    expect(made.reduce((total, refund) => total + refund.amount, 0)).toBe(5000);
    const rows = await ctx.app.db.select().from(refunds).where(eq(refunds.checkoutSessionId, orderId));
    expect(rows.map((row) => row.status)).toEqual(Array(5).fill('done'));
  }, 120_000);

  it('refused by Stripe: recorded as failed, the voucher given back, nothing refunded', async () => {
    const { orderId, voucherId, sessionId } = await paidOrder(20);
    standIn.failAsyncPayment(sessionId);
    const before = standIn.refunds.length;
    const answer = await refundCall(orderId, randomUUID(), 2000);
    expect(answer.statusCode).toBe(503);
    expect(standIn.refunds).toHaveLength(before);
    expect(await ctx.app.db.select().from(refunds).where(eq(refunds.checkoutSessionId, orderId))).toEqual([
      expect.objectContaining({ status: 'failed', failure: 'No such payment_intent' }),
    ]);
    const [voucher] = await ctx.app.db.select().from(orders).where(eq(orders.id, voucherId));
    expect(voucher?.status).toBe('active');
  }, 60_000);

  it('never more than the card paid: Stripe refuses the excess, and a lost answer is found by its key', async () => {
    const { orderId, sessionId } = await paidOrder(30);
    const intent = defined(standIn.session(sessionId)?.payment_intent);
    const provider = ctx.app.payments;
    const first = randomUUID();
    const made = await provider.refund({
      providerSessionId: sessionId,
      amount: 2000,
      currency: 'GBP',
      idempotencyKey: first,
    });
    expect(await provider.findRefund({ providerSessionId: sessionId, idempotencyKey: first })).toEqual(made);
    expect(await provider.findRefund({ providerSessionId: sessionId, idempotencyKey: randomUUID() })).toBeNull();
    await expect(
      provider.refund({ providerSessionId: sessionId, amount: 1500, currency: 'GBP', idempotencyKey: randomUUID() }),
    ).rejects.toBeInstanceOf(ProviderRefusedError);
    await expect(
      provider.refund({ providerSessionId: sessionId, amount: 900, currency: 'GBP', idempotencyKey: first }),
    ).rejects.toBeInstanceOf(ProviderRefusedError);
    expect(standIn.refunds.filter((refund) => refund.payment_intent === intent).map((refund) => refund.amount)).toEqual(
      [2000],
    );
    expect(orderId).toBeTruthy();
  }, 60_000);
});

describe('a card refund with the simulator', () => {
  it('is recorded once per idempotency key, never more than the payment took, and found by its key', async () => {
    const simulated = await createPaymentsTestApp({}, { pollMs: 60_000 });
    try {
      const simulator = defined(simulated.simulator);
      const buyer = await createUserAndToken(simulated.app);
      const url = await openCheckout(simulated.app, buyer, personalCheckout(simulated.argos, 12));
      const providerSessionId = defined(/\/pay\/(sim_[\w-]+)/.exec(url)?.[1], 'simulator session id');
      const paid = await payOnPage(simulated.app, providerSessionId, { cardNumber: '4242 4242 4242 4242' });
      expect(paid.statusCode, paid.body).toBe(303);
      const request = { providerSessionId, amount: 1000, currency: 'GBP', idempotencyKey: randomUUID() };
      const first = await simulator.refund(request);
      const again = await simulator.refund(request);
      expect(again).toEqual(first);
      expect(await simulator.findRefund(request)).toEqual(first);
      expect(await simulator.findRefund({ ...request, idempotencyKey: randomUUID() })).toBeNull();
      await expect(simulator.refund({ ...request, amount: 900 })).rejects.toBeInstanceOf(ProviderRefusedError);
      await expect(simulator.refund({ ...request, idempotencyKey: randomUUID() })).rejects.toBeInstanceOf(
        ProviderRefusedError,
      );
      await expect(
        simulator.refund({ ...request, providerSessionId: 'sim_unknown', idempotencyKey: randomUUID() }),
      ).rejects.toBeInstanceOf(ProviderRefusedError);
      expect(await simulator.refunds()).toEqual([{ ...request, id: first.providerRefundId }]);
    } finally {
      await simulated.close();
    }
  });
});
