import { randomUUID } from 'node:crypto';
import type { ApprovalDecisionAnswer, RefundAnswer } from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentSimulator } from '../src/adapters/payments';
import { checkoutSessions, orders, refunds } from '../src/db/schema';
import { settleWaitingRefunds } from '../src/modules/finance';
import { defined } from './support/checkout';
import { mailsTo } from './support/mail';
import { createOperator, opsCall, signInOperator } from './support/operators';
import {
  createPaymentsTestApp,
  openCheckout,
  type PaymentsTestContext,
  payOnPage,
  personalCheckout,
} from './support/payments';
import { sendAs } from './support/requests';
import { createUserAndToken, type TestUser } from './support/users';

/**
 * Money under a burst, through the payment simulator the app runs with by default (decision 063):
 * on the embedded database a card refund no longer holds its only connection while the simulator
 * needs it, and on either database fifty refunds of one order at once refund the card no more
 * than it paid, answer no 5xx, and leave shoppers' requests answered.
 */
let ctx: PaymentsTestContext & { simulator: PaymentSimulator };
let finance: string;
let approver: string;

beforeAll(async () => {
  const created = await createPaymentsTestApp({}, { pollMs: 60_000 });
  ctx = { ...created, simulator: defined(created.simulator, 'simulator') };
  await createOperator(ctx.app, 'burst-finance@ugm.example', 'finance');
  await createOperator(ctx.app, 'burst-approver@ugm.example', 'finance');
  finance = (await signInOperator(ctx.app, ctx.clock, 'burst-finance@ugm.example')).token;
  approver = (await signInOperator(ctx.app, ctx.clock, 'burst-approver@ugm.example')).token;
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

/** Pays by card on the simulator's page and answers the order (checkout) id and its vouchers. */
async function paidOrder(
  buyer: TestUser,
  value: number,
  quantity: number,
): Promise<{ orderId: string; voucherIds: string[]; sessionId: string }> {
  const url = await openCheckout(ctx.app, buyer, personalCheckout(ctx.argos, value, quantity));
  const sessionId = defined(/\/pay\/(sim_[\w-]+)/.exec(url)?.[1], 'simulator session');
  const paid = await payOnPage(ctx.app, sessionId, { cardNumber: '4242 4242 4242 4242' });
  expect(paid.statusCode, paid.body).toBe(303);
  await ctx.simulator.idle();
  const [checkout] = await ctx.app.db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.providerSessionId, sessionId));
  const orderId = defined(checkout?.fulfilledAt ? checkout.id : undefined, 'a fulfilled checkout');
  const vouchers = await ctx.app.db.select().from(orders).where(eq(orders.checkoutSessionId, orderId));
  return { orderId, voucherIds: vouchers.map((voucher) => voucher.id), sessionId };
}

const refundCall = (orderId: string, body: { amount: number; voucherIds?: string[]; requestId?: string }) =>
  opsCall(ctx.app, 'POST', `/orders/${orderId}/refunds`, finance, {
    requestId: body.requestId ?? randomUUID(),
    refundTo: 'card',
    reason: 'Customer asked',
    ...body,
  });

/** The 99th percentile of the durations, in ms. */
const p99 = (durations: number[]) => [...durations].sort((a, b) => a - b)[Math.ceil(durations.length * 0.99) - 1] ?? 0;

describe('a card refund through the payment simulator', () => {
  it('answers, and the shop goes on answering after it', async () => {
    const buyer = await createUserAndToken(ctx.app);
    const { orderId, sessionId } = await paidOrder(buyer, 10, 1);
    const answer = await refundCall(orderId, { amount: 1000 });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<RefundAnswer>()).toMatchObject({ refund: { status: 'done' }, message: 'Refund done.' });
    expect((await ctx.simulator.refunds()).filter((made) => made.providerSessionId === sessionId)).toHaveLength(1);
    const health = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    expect((await sendAs(ctx.app, 'GET', '/users/me', buyer)).statusCode).toBe(200);
  }, 60_000);
});

describe('fifty refunds of one order at once', () => {
  it('refund the card no more than it paid, answer no 5xx, and leave 200 shopper reads answered', async () => {
    const buyer = await createUserAndToken(ctx.app);
    const shopper = await createUserAndToken(ctx.app);
    const { orderId, voucherIds, sessionId } = await paidOrder(buyer, 10, 5);
    const reads: number[] = [];
    const read = async () => {
      const started = performance.now();
      const answer = await sendAs(ctx.app, 'GET', '/users/me', shopper);
      reads.push(performance.now() - started);
      return answer.statusCode;
    };
    const [answers, readStatuses] = await Promise.all([
      Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          refundCall(orderId, { amount: 1000, voucherIds: [defined(voucherIds[index % 5])] }),
        ),
      ),
      Promise.all(Array.from({ length: 200 }, read)),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.filter((status) => status >= 500),
      JSON.stringify(answers.map((a) => a.body)),
    ).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(readStatuses.every((status) => status === 200)).toBe(true);
    console.info(`200 shopper reads beside the burst: p99 ${p99(reads).toFixed(1)} ms`);

    const made = (await ctx.simulator.refunds()).filter((refund) => refund.providerSessionId === sessionId);
    expect(made.reduce((total, refund) => total + refund.amount, 0)).toBe(5000);
    const rows = await ctx.app.db.select().from(refunds).where(eq(refunds.checkoutSessionId, orderId));
    expect(rows.map((row) => row.status)).toEqual(Array(5).fill('done'));
    const [checkout] = await ctx.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, orderId));
    expect(checkout).toMatchObject({ refundedAmount: 5000, cardRefundedAmount: 5000 });
    // The vouchers' holder hears of each refund once.
    expect((await mailsTo(ctx.app, buyer.user.email)).filter((mail) => mail.subject.includes('refund'))).toHaveLength(
      5,
    );
  }, 120_000);

  it('twenty approvals and rejections of one request at once: one decides it, none answers 5xx', async () => {
    const buyer = await createUserAndToken(ctx.app);
    const { orderId, sessionId } = await paidOrder(buyer, 300, 1);
    const asked = await refundCall(orderId, { amount: 30_000 });
    expect(asked.statusCode, asked.body).toBe(200);
    const pending = asked.json<RefundAnswer>().refund;
    expect(pending.status).toBe('pending');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        opsCall(ctx.app, 'POST', `/approvals/${pending.id}/${index % 2 === 0 ? 'approve' : 'reject'}`, approver, {}),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    const decided = answers.filter((answer) => answer.statusCode === 200);
    expect(decided).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 409)).toBe(true);
    const [row] = await ctx.app.db.select().from(refunds).where(eq(refunds.id, pending.id));
    const decision = defined(decided[0]).json<ApprovalDecisionAnswer>();
    expect(row?.status).toBe(decision.status);
    const made = (await ctx.simulator.refunds()).filter((refund) => refund.providerSessionId === sessionId);
    expect(made.map((refund) => refund.amount)).toEqual(decision.status === 'done' ? [30_000] : []);
  }, 120_000);
});

describe('the database keeps refunds within what was paid', () => {
  it('refuses a statement that would count more refunded than the order or the card paid', async () => {
    const buyer = await createUserAndToken(ctx.app);
    const { orderId } = await paidOrder(buyer, 20, 1);
    await expect(
      ctx.app.db
        .update(checkoutSessions)
        .set({ refundedAmount: 2001, cardRefundedAmount: 2001 })
        .where(eq(checkoutSessions.id, orderId)),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
    await expect(
      ctx.app.db.update(checkoutSessions).set({ cardRefundedAmount: 10 }).where(eq(checkoutSessions.id, orderId)),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
  });
});

describe('a card refund whose answer was lost', () => {
  it('is settled by the job, which asks the provider by the same key: refunded once, e-mailed once', async () => {
    const buyer = await createUserAndToken(ctx.app);
    const { orderId, sessionId } = await paidOrder(buyer, 15, 1);
    const requestId = randomUUID();
    // The provider made the refund, but its answer never came back: the request is told it is on its way.
    const provider = ctx.app.payments;
    const refundOnce = provider.refund.bind(provider);
    provider.refund = async (request) => {
      await refundOnce(request);
      throw new Error('read ETIMEDOUT');
    };
    let answer: Awaited<ReturnType<typeof refundCall>>;
    try {
      answer = await refundCall(orderId, { amount: 1500, requestId });
    } finally {
      provider.refund = refundOnce;
    }
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<RefundAnswer>()).toMatchObject({
      refund: { status: 'processing' },
      message:
        'The refund was sent to the payment provider, which has not confirmed it yet: it shows as done here once it does.',
    });
    const mailsBefore = (await mailsTo(ctx.app, buyer.user.email)).length;
    const deps = { config: ctx.app.appConfig, payments: provider };

    // Too early: a request may still be waiting on the provider.
    expect(await settleWaitingRefunds(ctx.app.db, deps, ctx.clock.now())).toBe(0);
    // (The app's own periodic run of the job may settle it first: either way, once.)
    ctx.clock.advance(3 * 60_000);
    await settleWaitingRefunds(ctx.app.db, deps, ctx.clock.now());

    const [row] = await ctx.app.db.select().from(refunds).where(eq(refunds.requestId, requestId));
    expect(row).toMatchObject({ status: 'done', settleAfter: null });
    const made = (await ctx.simulator.refunds()).filter((refund) => refund.providerSessionId === sessionId);
    expect(made).toEqual([
      expect.objectContaining({ amount: 1500, idempotencyKey: requestId, id: row?.providerRefundId }),
    ]);
    expect((await mailsTo(ctx.app, buyer.user.email)).length).toBe(mailsBefore + 1);
    expect(await settleWaitingRefunds(ctx.app.db, deps, ctx.clock.now())).toBe(0);
  }, 60_000);

  it('that never reached the provider is asked for again with the same key by the job', async () => {
    const buyer = await createUserAndToken(ctx.app);
    const { orderId, sessionId } = await paidOrder(buyer, 15, 1);
    const requestId = randomUUID();
    const provider = ctx.app.payments;
    const refundOnce = provider.refund.bind(provider);
    provider.refund = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    let answer: Awaited<ReturnType<typeof refundCall>>;
    try {
      answer = await refundCall(orderId, { amount: 1500, requestId });
    } finally {
      provider.refund = refundOnce;
    }
    expect(answer.json<RefundAnswer>().refund.status).toBe('processing');
    ctx.clock.advance(3 * 60_000);
    await settleWaitingRefunds(ctx.app.db, { config: ctx.app.appConfig, payments: provider }, ctx.clock.now());
    const [row] = await ctx.app.db.select().from(refunds).where(eq(refunds.requestId, requestId));
    expect(row?.status).toBe('done');
    const made = (await ctx.simulator.refunds()).filter((refund) => refund.providerSessionId === sessionId);
    expect(made.map((refund) => refund.idempotencyKey)).toEqual([requestId]);
  }, 60_000);
});
