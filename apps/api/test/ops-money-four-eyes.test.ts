import { randomUUID } from 'node:crypto';
import type { CreditAdjustmentAnswer, RefundAnswer } from '@gvm/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditAdjustments, refunds } from '../src/db/schema';
import { defined } from './support/checkout';
import { adjust, buyOrder, createMoneyTestApp, type MoneyTestContext, refund, signedInOperator } from './support/money';
import { opsCall } from './support/operators';
import { createUserAndToken } from './support/users';

/**
 * The four-eyes rule counted so that it cannot be split (docs/product/operators.md#approvals,
 * decision 063): one operator's moves for one customer over 24 hours, refunds and adjustments
 * together, and what is refunded of one order in all, each at most £250 without a second operator.
 */
let ctx: MoneyTestContext;
beforeAll(async () => {
  ctx = await createMoneyTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe("one operator's moves for one customer in 24 hours", () => {
  it('ten £250 adjustments at once: one is done, nine wait, saying what the day would come to', async () => {
    const finance = await signedInOperator(ctx, 'finance');
    const customer = await createUserAndToken(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => adjust(ctx, finance, customer.user.id, { amount: 25_000 })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const made = answers.map((answer) => answer.json<CreditAdjustmentAnswer>());
    expect(made.filter((answer) => answer.adjustment.status === 'done')).toHaveLength(1);
    const waiting = made.filter((answer) => answer.adjustment.status === 'pending');
    expect(waiting).toHaveLength(9);
    expect(waiting.map((answer) => answer.message)).toContain(
      "This takes today's total for this customer to £500.00: it needs a second operator, so it is waiting in Approvals.",
    );
    const rows = await ctx.app.db
      .select()
      .from(creditAdjustments)
      .where(eq(creditAdjustments.userId, customer.user.id));
    expect(rows.filter((row) => row.status === 'done')).toHaveLength(1);

    // Another operator's own £250 is theirs to count; once the day has passed the first may move £250 again.
    const colleague = await signedInOperator(ctx, 'finance');
    const theirs = await adjust(ctx, colleague, customer.user.id, { amount: 25_000 });
    expect(theirs.json<CreditAdjustmentAnswer>().adjustment.status).toBe('done');
    await ctx.app.db
      .update(creditAdjustments)
      .set({ createdAt: sql`${creditAdjustments.createdAt} - interval '24 hours 1 second'` })
      .where(eq(creditAdjustments.userId, customer.user.id));
    const later = await adjust(ctx, finance, customer.user.id, { amount: -25_000 });
    expect(later.json<CreditAdjustmentAnswer>().adjustment.status).toBe('done');
  }, 120_000);

  it('counts refunds and adjustments together, either way', async () => {
    const finance = await signedInOperator(ctx, 'finance');
    const buyer = await createUserAndToken(ctx.app);
    const { orderId } = await buyOrder(ctx, buyer, [{ product: ctx.argos, value: 20 }]);
    const credited = await adjust(ctx, finance, buyer.user.id, { amount: 20_000 });
    expect(credited.json<CreditAdjustmentAnswer>().adjustment.status).toBe('done');
    const taken = await adjust(ctx, finance, buyer.user.id, { amount: -4_000 });
    expect(taken.json<CreditAdjustmentAnswer>().adjustment.status).toBe('done');
    // £200 + £40 moved; a £20 refund takes the day to £260.
    const answer = await refund(ctx, finance, orderId, { amount: 2000, refundTo: 'card' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<RefundAnswer>()).toMatchObject({
      refund: { status: 'pending' },
      message:
        "This takes today's total for this customer to £260.00: it needs a second operator, so it is waiting in Approvals.",
    });
    expect(ctx.payments.refunds.filter((made) => made.amount === 2000 && made.currency === 'GBP')).toEqual([]);
  }, 60_000);
});

describe('what is refunded of one order', () => {
  it('two £250 card refunds of a £500 order: the second waits, whoever asks', async () => {
    const [first, second] = [await signedInOperator(ctx, 'finance'), await signedInOperator(ctx, 'finance')];
    const buyer = await createUserAndToken(ctx.app);
    const { orderId, voucherIds } = await buyOrder(ctx, buyer, [{ product: ctx.argos, value: 250, quantity: 2 }]);
    const one = await refund(ctx, first, orderId, {
      amount: 25_000,
      refundTo: 'card',
      voucherIds: [defined(voucherIds[0])],
    });
    expect(one.json<RefundAnswer>().refund.status).toBe('done');
    const two = await refund(ctx, second, orderId, {
      amount: 25_000,
      refundTo: 'card',
      voucherIds: [defined(voucherIds[1])],
    });
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json<RefundAnswer>()).toMatchObject({
      refund: { status: 'pending' },
      message:
        'This takes what is refunded of this order to £500.00: it needs a second operator, so it is waiting in Approvals.',
    });
    const rows = await ctx.app.db.select().from(refunds).where(eq(refunds.checkoutSessionId, orderId));
    expect(rows.map((row) => row.status).sort()).toEqual(['done', 'pending']);

    // The first operator may approve the second's request: four eyes have seen it.
    const approved = await opsCall(
      ctx.app,
      'POST',
      `/approvals/${two.json<RefundAnswer>().refund.id}/approve`,
      first.token,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
  }, 60_000);
});

describe('a refund request id', () => {
  it('sent again with other content is refused 409, and with the same content answers the first refund', async () => {
    const finance = await signedInOperator(ctx, 'finance');
    const buyer = await createUserAndToken(ctx.app);
    const { orderId, voucherIds } = await buyOrder(ctx, buyer, [{ product: ctx.argos, value: 10, quantity: 2 }]);
    const requestId = randomUUID();
    const body = { amount: 1000, refundTo: 'credit' as const, voucherIds: [defined(voucherIds[0])], requestId };
    const first = await refund(ctx, finance, orderId, body);
    expect(first.statusCode, first.body).toBe(200);
    const same = await refund(ctx, finance, orderId, body);
    expect(same.statusCode).toBe(200);
    expect(same.json<RefundAnswer>()).toMatchObject({
      refund: { id: first.json<RefundAnswer>().refund.id },
      message: 'This refund was already recorded.',
    });
    for (const other of [
      { ...body, amount: 500 },
      { ...body, voucherIds: [defined(voucherIds[1])] },
      { ...body, refundTo: 'card' as const },
    ]) {
      const answer = await refund(ctx, finance, orderId, other);
      expect(answer.statusCode, JSON.stringify(other)).toBe(409);
      expect(answer.json().error).toBe(
        'This request id was already used for a different refund: nothing was changed. Reload the page and try again.',
      );
    }
    expect(await ctx.app.db.select().from(refunds).where(eq(refunds.checkoutSessionId, orderId))).toHaveLength(1);
  }, 60_000);
});
