import { randomUUID } from 'node:crypto';
import {
  ADJUSTMENT_TOO_LARGE_MESSAGE,
  type ApprovalDecisionAnswer,
  type ApprovalList,
  type CreditAdjustmentAnswer,
  REFUND_TOO_LARGE_MESSAGE,
  type RefundAnswer,
} from '@gvm/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, refunds } from '../src/db/schema';
import { defined } from './support/checkout';
import {
  adjust,
  buyOrder,
  createMoneyTestApp,
  type MoneyTestContext,
  refund,
  signedInOperator,
  type TestOperator,
} from './support/money';
import { opsCall } from './support/operators';
import { sendAs } from './support/requests';
import { createUserAndToken } from './support/users';
import { ledgerOf } from './support/vouchers';

let ctx: MoneyTestContext;
let requester: TestOperator;
let approver: TestOperator;
beforeAll(async () => {
  ctx = await createMoneyTestApp();
  requester = await signedInOperator(ctx, 'finance');
  approver = await signedInOperator(ctx, 'finance');
});
afterAll(async () => {
  await ctx.close();
});

const voucherStatus = async (id: string) =>
  defined((await ctx.app.db.select().from(orders).where(eq(orders.id, id)))[0]).status;
const approvals = async (operator: TestOperator) =>
  (await opsCall(ctx.app, 'GET', '/approvals', operator.token)).json<ApprovalList>().approvals;
const decide = (operator: TestOperator, id: string, decision: 'approve' | 'reject', reason?: string) =>
  opsCall(ctx.app, 'POST', `/approvals/${id}/${decision}`, operator.token, reason ? { reason } : {});

describe('a refund above £250', () => {
  it('waits in Approvals, moving nothing, until a second operator approves it; then it is done once', async () => {
    const buyer = await createUserAndToken(ctx.app);
    const { orderId, voucherIds } = await buyOrder(ctx, buyer, [{ product: ctx.argos, value: 300 }]);
    const asked = await refund(ctx, requester, orderId, {
      amount: 30_000,
      refundTo: 'card',
      reason: 'Duplicate order',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const { refund: pending, message } = asked.json<RefundAnswer>();
    expect(pending.status).toBe('pending');
    expect(message).toBe('Refunds above £250 need a second operator: this one is waiting in Approvals.');
    // Nothing moved.
    expect(await voucherStatus(defined(voucherIds[0]))).toBe('active');
    expect(ctx.payments.refunds.filter((made) => made.idempotencyKey === pending.requestId)).toEqual([]);

    const listed = await approvals(approver);
    expect(listed).toContainEqual(
      expect.objectContaining({
        id: pending.id,
        kind: 'refund',
        amount: 30_000,
        refundTo: 'card',
        orderId,
        customer: { id: buyer.user.id, email: buyer.user.email },
        requestedBy: { id: requester.id, email: requester.email },
      }),
    );

    // The one who asked cannot approve it, nor reject it.
    for (const decision of ['approve', 'reject'] as const) {
      const own = await decide(requester, pending.id, decision);
      expect(own.statusCode).toBe(403);
      expect(own.json().error).toBe(
        'You cannot approve or reject your own request: another finance operator or admin must.',
      );
    }
    // Support may not even see the queue.
    const support = await signedInOperator(ctx, 'support');
    expect((await opsCall(ctx.app, 'GET', '/approvals', support.token)).statusCode).toBe(403);
    expect((await decide(support, pending.id, 'approve')).statusCode).toBe(403);
    expect(await voucherStatus(defined(voucherIds[0]))).toBe('active');

    // Two approvals at once from two operators: one carries it out, the other is told.
    const admin = await signedInOperator(ctx, 'admin');
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => decide(approver, pending.id, 'approve', 'Checked with the bank')),
      ...Array.from({ length: 10 }, () => decide(admin, pending.id, 'approve')),
    ]);
    const done = answers.filter((answer) => answer.statusCode === 200);
    expect(done).toHaveLength(1);
    expect(done[0]?.json<ApprovalDecisionAnswer>()).toMatchObject({ status: 'done', kind: 'refund' });
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(19);
    expect(await voucherStatus(defined(voucherIds[0]))).toBe('refunded');
    expect(ctx.payments.refunds.filter((made) => made.idempotencyKey === pending.requestId)).toEqual([
      expect.objectContaining({ amount: 30_000 }),
    ]);
    const [row] = await ctx.app.db.select().from(refunds).where(eq(refunds.id, pending.id));
    expect(row).toMatchObject({ status: 'done', requestedBy: requester.id });
    expect([approver.id, admin.id]).toContain(row?.decidedBy);
    const actions = (await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, orderId))).map(
      (entry) => entry.action,
    );
    expect(actions.sort()).toEqual(['refund.approve', 'refund.request']);
    expect(await approvals(approver)).not.toContainEqual(expect.objectContaining({ id: pending.id }));
  }, 90_000);

  it('rejected, moves nothing and leaves the order refundable', async () => {
    const buyer = await createUserAndToken(ctx.app);
    const { orderId, voucherIds } = await buyOrder(ctx, buyer, [{ product: ctx.argos, value: 260 }]);
    const pending = (await refund(ctx, requester, orderId, { amount: 26_000, refundTo: 'credit' })).json<RefundAnswer>()
      .refund;
    // While it waits, its voucher cannot go in another refund.
    const second = await refund(ctx, approver, orderId, { amount: 100, refundTo: 'credit' });
    expect(second.statusCode).toBe(409);
    const rejected = await decide(approver, pending.id, 'reject', 'Not our fault');
    expect(rejected.json<ApprovalDecisionAnswer>()).toMatchObject({ status: 'rejected' });
    expect((await decide(approver, pending.id, 'approve')).statusCode).toBe(409);
    expect(await voucherStatus(defined(voucherIds[0]))).toBe('active');
    expect(await ledgerOf(ctx, buyer).then((ledger) => ledger?.wallet.balance ?? 0)).toBe(0);
    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, orderId), eq(auditLog.action, 'refund.reject')));
    expect(audit).toMatchObject({ operatorId: approver.id, reason: 'Not our fault' });
    expect((await refund(ctx, requester, orderId, { amount: 10_000, refundTo: 'credit' })).statusCode).toBe(200);
  }, 60_000);

  it('approved after its voucher was activated meanwhile is refused with the reason, and stays pending', async () => {
    const buyer = await createUserAndToken(ctx.app);
    const { orderId, voucherIds } = await buyOrder(ctx, buyer, [{ product: ctx.argos, value: 400 }]);
    const pending = (await refund(ctx, requester, orderId, { amount: 40_000, refundTo: 'credit' })).json<RefundAnswer>()
      .refund;
    expect((await sendAs(ctx.app, 'POST', `/orders/${voucherIds[0]}/activate`, buyer)).statusCode).toBe(200);
    const approved = await decide(approver, pending.id, 'approve');
    expect(approved.statusCode).toBe(422);
    expect(approved.json().error).toMatch(
      /^Voucher ending \w{4} \(Argos\) cannot be refunded: it has been activated\.$/,
    );
    expect(await ledgerOf(ctx, buyer).then((ledger) => ledger?.wallet.balance ?? 0)).toBe(0);
    expect((await decide(approver, pending.id, 'reject')).statusCode).toBe(200);
  }, 60_000);
});

describe('credit adjustments', () => {
  it('write an adjustment row of the signed amount; the balance never goes below zero', async () => {
    const customer = await createUserAndToken(ctx.app);
    const up = await adjust(ctx, requester, customer.user.id, { amount: 1500, reason: 'Late delivery' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json<CreditAdjustmentAnswer>().adjustment).toMatchObject({ status: 'done', amount: 1500, balance: 1500 });
    const down = await adjust(ctx, requester, customer.user.id, { amount: -500 });
    expect(down.json<CreditAdjustmentAnswer>().adjustment.balance).toBe(1000);
    const overdraw = await adjust(ctx, requester, customer.user.id, { amount: -1001 });
    expect(overdraw.statusCode).toBe(422);
    expect(overdraw.json().error).toBe('This adjustment would take the UGM Credit below zero');
    const zero = await adjust(ctx, requester, customer.user.id, { amount: 0 });
    expect(zero.statusCode).toBe(400);
    const ledger = defined(await ledgerOf(ctx, customer));
    expect(ledger.rows.map((row) => [row.type, row.amount]).sort()).toEqual([
      ['adjustment', -500],
      ['adjustment', 1500],
    ]);
    expect(ledger.wallet.balance).toBe(1000);
    expect(ledger.sum).toBe(1000);
    // The shopper's history shows them as money in and out.
    const wallet = await sendAs(ctx.app, 'GET', `/wallets/user/${customer.user.id}`, customer);
    expect(
      wallet
        .json<{ transactions: { transactionType: string; transactionValue: number }[] }>()
        .transactions.map((row) => [row.transactionType, row.transactionValue])
        .sort(),
    ).toEqual([
      ['funding', 15],
      ['withdrawal', 5],
    ]);
    const audits = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, customer.user.id), eq(auditLog.action, 'credit.adjust')));
    expect(audits).toHaveLength(2);
    expect(audits.find((row) => row.reason === 'Late delivery')?.before).toEqual({ balance: 0, currency: 'GBP' });
  }, 60_000);

  it('the same request sent 50 times at once adjusts once', async () => {
    const customer = await createUserAndToken(ctx.app);
    const requestId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => adjust(ctx, requester, customer.user.id, { amount: 700, requestId })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    expect(defined(await ledgerOf(ctx, customer)).wallet.balance).toBe(700);
  }, 90_000);

  it('above £250 (either way) waits for a second operator; nothing moves before', async () => {
    const customer = await createUserAndToken(ctx.app);
    const asked = await adjust(ctx, requester, customer.user.id, { amount: 25_001, reason: 'Make good' });
    const pending = asked.json<CreditAdjustmentAnswer>().adjustment;
    expect(pending).toMatchObject({ status: 'pending', balance: null });
    expect(await ledgerOf(ctx, customer)).toBeNull();
    expect(await approvals(approver)).toContainEqual(
      expect.objectContaining({ id: pending.id, kind: 'adjustment', amount: 25_001, refundTo: null }),
    );
    expect((await decide(requester, pending.id, 'approve')).statusCode).toBe(403);
    const approved = await decide(approver, pending.id, 'approve');
    expect(approved.json<ApprovalDecisionAnswer>()).toMatchObject({ kind: 'adjustment', status: 'done' });
    expect(defined(await ledgerOf(ctx, customer)).wallet.balance).toBe(25_001);

    // A large take-back that would overdraw is refused at approval and stays pending.
    const takeBack = (
      await adjust(ctx, requester, customer.user.id, { amount: -30_000 })
    ).json<CreditAdjustmentAnswer>().adjustment;
    expect(takeBack.status).toBe('pending');
    expect((await decide(approver, takeBack.id, 'approve')).statusCode).toBe(422);
    expect(defined(await ledgerOf(ctx, customer)).wallet.balance).toBe(25_001);
    expect(await approvals(approver)).toContainEqual(expect.objectContaining({ id: takeBack.id }));
  }, 60_000);

  it('refuses more than £1,000,000 either way at its field (400), and writes nothing', async () => {
    // 2^31 pence overflowed the 32-bit columns: the request failed with a 500.
    const customer = await createUserAndToken(ctx.app);
    for (const amount of [2 ** 31, -(2 ** 31), 100_000_001]) {
      const answer = await adjust(ctx, requester, customer.user.id, { amount });
      expect(answer.statusCode, `${amount}: ${answer.body}`).toBe(400);
      expect(answer.json()).toEqual({
        error: ADJUSTMENT_TOO_LARGE_MESSAGE,
        errors: [{ path: 'amount', message: ADJUSTMENT_TOO_LARGE_MESSAGE }],
      });
    }
    const orderId = (await buyOrder(ctx, customer, [{ product: ctx.argos, value: 10 }])).orderId;
    const tooMuch = await refund(ctx, requester, orderId, { amount: 2 ** 31, refundTo: 'credit' });
    expect(tooMuch.statusCode, tooMuch.body).toBe(400);
    expect(tooMuch.json().errors).toEqual([{ path: 'amount', message: REFUND_TOO_LARGE_MESSAGE }]);
    const moved = (await ledgerOf(ctx, customer))?.rows.filter(
      (row) => row.type === 'adjustment' || row.type === 'refund',
    );
    expect(moved ?? []).toEqual([]);
    expect(await ctx.app.db.select().from(refunds).where(eq(refunds.checkoutSessionId, orderId))).toEqual([]);
  });

  it('refuses an unknown customer and a currency UGM Credit is not held in', async () => {
    expect((await adjust(ctx, requester, randomUUID(), { amount: 100 })).statusCode).toBe(404);
    const customer = await createUserAndToken(ctx.app);
    expect((await adjust(ctx, requester, customer.user.id, { amount: 100, currency: 'JPY' })).statusCode).toBe(422);
  });
});
