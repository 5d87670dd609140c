import { randomUUID } from 'node:crypto';
import type { OpsOrder, RefundAnswer, VoidVoucherAnswer } from '@gvm/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVoucherCipher } from '../src/adapters/vouchers';
import { auditLog, orders, refunds, walletTransactions } from '../src/db/schema';
import { defined } from './support/checkout';
import { buyGift, sendFrom } from './support/gifts';
import { mailsTo } from './support/mail';
import { buyOrder, createMoneyTestApp, type MoneyTestContext, refund, signedInOperator } from './support/money';
import { opsCall } from './support/operators';
import { sendAs } from './support/requests';
import { createUserAndToken } from './support/users';
import { ledgerOf } from './support/vouchers';

let ctx: MoneyTestContext;
beforeAll(async () => {
  ctx = await createMoneyTestApp();
});
afterAll(async () => {
  await ctx.close();
});

/** The code of a voucher, which it has once activated (decision 068); null before. */
const codeOf = async (voucherId: string) => {
  const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, voucherId));
  const sealed = defined(row, 'voucher').codeCiphertext;
  return sealed === null ? null : createVoucherCipher(ctx.app.appConfig.voucherEncryptionKey).open(sealed);
};
const lastFour = async (voucherId: string) => (await codeOf(voucherId))?.slice(-4) ?? null;
/** How a refusal names a voucher: by its code's last four, or by its id's start while it has no code. */
const labelOf = async (voucherId: string) => {
  const four = await lastFour(voucherId);
  return four === null ? `Voucher ${voucherId.slice(0, 8)}` : `Voucher ending ${four}`;
};
const voucher = async (id: string) => defined((await ctx.app.db.select().from(orders).where(eq(orders.id, id)))[0]);
const refundsOf = (orderId: string) => ctx.app.db.select().from(refunds).where(eq(refunds.checkoutSessionId, orderId));

describe('who may move money, on the server', () => {
  it('lets finance and admin refund, void and adjust; support and partnerships get 403; a shopper token 403', async () => {
    const buyer = await createUserAndToken(ctx.app);
    for (const role of ['support', 'partnerships', 'finance', 'admin'] as const) {
      const operator = await signedInOperator(ctx, role);
      const { orderId, voucherIds } = await buyOrder(ctx, buyer, [{ product: ctx.argos, value: 10, quantity: 2 }]);
      const calls = [
        () =>
          refund(ctx, operator, orderId, { amount: 1000, refundTo: 'credit', voucherIds: [defined(voucherIds[0])] }),
        () => opsCall(ctx.app, 'POST', `/vouchers/${voucherIds[1]}/void`, operator.token, { reason: 'Fraud' }),
        () =>
          opsCall(ctx.app, 'POST', `/customers/${buyer.user.id}/credit-adjustments`, operator.token, {
            requestId: randomUUID(),
            amount: 100,
            currency: 'GBP',
            reason: 'Goodwill',
          }),
      ];
      const may = role === 'finance' || role === 'admin';
      for (const call of calls) {
        const answer = await call();
        expect(answer.statusCode, `${role}: ${answer.body}`).toBe(may ? 200 : 403);
      }
      const view = await opsCall(ctx.app, 'GET', `/orders/${orderId}`, operator.token);
      expect(view.statusCode, role).toBe(role === 'partnerships' ? 403 : 200);
    }
    const shopper = await sendAs(ctx.app, 'POST', `/ops/orders/${randomUUID()}/refunds`, buyer, {
      requestId: randomUUID(),
      amount: 100,
      refundTo: 'credit',
      reason: 'x',
    });
    expect(shopper.statusCode).toBe(403);
    const nobody = await opsCall(ctx.app, 'GET', `/orders/${randomUUID()}`, null);
    expect(nobody.statusCode).toBe(401);
  }, 120_000);
});

describe('an order as the console shows it', () => {
  it('shows the vouchers with the last four characters of their codes, never the codes', async () => {
    const finance = await signedInOperator(ctx, 'finance');
    const buyer = await createUserAndToken(ctx.app, { name: 'Orla Order' });
    const { orderId, voucherIds } = await buyOrder(ctx, buyer, [{ product: ctx.argos, value: 20, quantity: 2 }]);
    for (const id of [orderId, defined(voucherIds[1])]) {
      const answer = await opsCall(ctx.app, 'GET', `/orders/${id}`, finance.token);
      expect(answer.statusCode).toBe(200);
      const order = answer.json<OpsOrder>();
      expect(order).toMatchObject({
        id: orderId,
        total: 4000,
        paidByCard: 4000,
        refunded: 0,
        refundable: { card: 4000, credit: 4000 },
        buyer: { id: buyer.user.id, email: buyer.user.email },
      });
      expect(order.vouchers.map((item) => item.state)).toEqual(['active', 'active']);
      // Not activated: no code bought yet (decision 068), so none to show.
      expect(order.vouchers[0]?.codeLastFour).toBeNull();
      expect(await codeOf(defined(voucherIds[0]))).toBeNull();
    }
    expect((await opsCall(ctx.app, 'GET', `/orders/${randomUUID()}`, finance.token)).statusCode).toBe(404);
  }, 60_000);

  it('is found by the id of a voucher received in an exchange, through every exchange since', async () => {
    const support = await signedInOperator(ctx, 'support');
    const buyer = await createUserAndToken(ctx.app);
    const { orderId, voucherIds } = await buyOrder(ctx, buyer, [{ product: ctx.argos, value: 25 }]);
    const exchange = async (id: string, product: typeof ctx.tesco) => {
      const answer = await sendAs(ctx.app, 'POST', `/orders/${id}/swap`, buyer, {
        newOrderDetails: {
          productCode: product.code,
          currency: 'GBP',
          valuePurchased: 25,
          merchant: { name: product.merchantName },
        },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ order: { _id: string } }>().order._id;
    };
    const first = await exchange(defined(voucherIds[0]), ctx.tesco);
    const second = await exchange(first, ctx.argos);

    for (const id of [first, second]) {
      const answer = await opsCall(ctx.app, 'GET', `/orders/${id}`, support.token);
      expect(answer.statusCode, answer.body).toBe(200);
      const order = answer.json<OpsOrder>();
      expect(order).toMatchObject({ id: orderId, total: 2500, buyer: { id: buyer.user.id } });
      expect(order.vouchers.map((item) => [item.id, item.state])).toEqual([[voucherIds[0], 'exchanged']]);
    }
  }, 60_000);
});

describe('refunding an order', () => {
  it('to UGM Credit voids the vouchers, credits the buyer once, e-mails buyer and holder, and is audited', async () => {
    const finance = await signedInOperator(ctx, 'finance');
    const buyer = await createUserAndToken(ctx.app, { name: 'Bea Buyer' });
    const holder = await createUserAndToken(ctx.app, { name: 'Hal Holder' });
    const gift = await buyGift(ctx, buyer, { name: 'Hal', email: holder.user.email }, 30);
    expect((await sendFrom(ctx.app, 'POST', '/orders/redeem-link', holder, { link: gift.link })).statusCode).toBe(200);
    const orderId = defined((await voucher(gift.orderId)).checkoutSessionId);

    const answer = await refund(ctx, finance, orderId, { amount: 3000, refundTo: 'credit', reason: 'Wrong merchant' });
    expect(answer.statusCode, answer.body).toBe(200);
    const { refund: made } = answer.json<RefundAnswer>();
    expect(made).toMatchObject({ status: 'done', amount: 3000, refundTo: 'credit', voucherIds: [gift.orderId] });

    expect(await voucher(gift.orderId)).toMatchObject({ status: 'refunded', deactivated: true });
    const active = await sendAs(ctx.app, 'GET', `/orders/user/${holder.user.id}/active`, holder);
    expect(active.json<unknown[]>()).toEqual([]);
    const ledger = defined(await ledgerOf(ctx, buyer));
    expect(ledger.wallet.balance).toBe(3000);
    expect(ledger.rows.filter((row) => row.type === 'refund').map((row) => row.amount)).toEqual([3000]);
    expect(ctx.payments.refunds).toHaveLength(0);

    expect((await mailsTo(ctx.app, buyer.user.email)).some((mail) => mail.subject.includes('refund: £30.00'))).toBe(
      true,
    );
    expect((await mailsTo(ctx.app, holder.user.email))[0]?.subject).toBe('Your Argos voucher has been cancelled');

    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, orderId), eq(auditLog.action, 'refund')));
    expect(audit).toMatchObject({ operatorId: finance.id, role: 'finance', reason: 'Wrong merchant' });
    expect(audit?.before).toEqual({ vouchers: [{ id: gift.orderId, state: 'active' }] });
    expect((await voucher(gift.orderId)).codeCiphertext).toBeNull();

    // Nothing is left to refund, and the voucher says why.
    const again = await refund(ctx, finance, orderId, { amount: 100, refundTo: 'credit' });
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toBe(
      `${await labelOf(gift.orderId)} (Argos) cannot be refunded: it has already been refunded.`,
    );
  }, 60_000);

  it('to the card goes through the provider with the request id as its idempotency key', async () => {
    const finance = await signedInOperator(ctx, 'finance');
    const buyer = await createUserAndToken(ctx.app);
    const { orderId, voucherIds } = await buyOrder(ctx, buyer, [{ product: ctx.argos, value: 25, quantity: 2 }]);
    const requestId = randomUUID();
    // A part: one of the two vouchers, and less than it cost.
    const answer = await refund(ctx, finance, orderId, {
      amount: 2000,
      refundTo: 'card',
      voucherIds: [defined(voucherIds[1])],
      requestId,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(ctx.payments.refunds.filter((made) => made.idempotencyKey === requestId)).toEqual([
      expect.objectContaining({ amount: 2000, currency: 'GBP', providerSessionId: expect.any(String) }),
    ]);
    expect((await voucher(defined(voucherIds[0]))).status).toBe('active');
    expect((await voucher(defined(voucherIds[1]))).status).toBe('refunded');
    expect(await ledgerOf(ctx, buyer).then((ledger) => ledger?.rows.some((row) => row.type === 'refund'))).toBe(false);
    const order = (await opsCall(ctx.app, 'GET', `/orders/${orderId}`, finance.token)).json<OpsOrder>();
    expect(order).toMatchObject({ refunded: 2000, refundable: { card: 3000, credit: 3000 } });
    expect(order.vouchers.map((item) => item.state)).toEqual(['active', 'refunded']);

    const tooMuch = await refund(ctx, finance, orderId, { amount: 2600, refundTo: 'card' });
    expect(tooMuch.statusCode).toBe(422);
  }, 60_000);

  it('refuses an order whose voucher was used, naming the voucher by its last four and why; nothing changes', async () => {
    const finance = await signedInOperator(ctx, 'finance');
    const buyer = await createUserAndToken(ctx.app);
    const { orderId, voucherIds } = await buyOrder(ctx, buyer, [{ product: ctx.argos, value: 15, quantity: 3 }]);
    const first = defined(voucherIds[0]);
    const second = defined(voucherIds[1]);
    const third = defined(voucherIds[2]);
    const activated = await sendAs(ctx.app, 'POST', `/orders/${second}/activate`, buyer);
    expect(activated.statusCode, activated.body).toBe(200);
    const converted = await sendAs(ctx.app, 'POST', `/orders/${third}/return`, buyer);
    expect(converted.statusCode, converted.body).toBe(200);

    const answer = await refund(ctx, finance, orderId, { amount: 4500, refundTo: 'card' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error).toBe(
      `${await labelOf(defined(second))} (Argos) cannot be refunded: it has been activated.`,
    );
    const onlyConverted = await refund(ctx, finance, orderId, { amount: 1500, refundTo: 'card', voucherIds: [third] });
    expect(onlyConverted.json().error).toBe(
      `${await labelOf(third)} (Argos) cannot be refunded: it has been converted to UGM Credit.`,
    );
    expect((await voucher(first)).status).toBe('active');
    expect(await refundsOf(orderId)).toEqual([]);
    expect(ctx.payments.refunds.filter((made) => made.amount === 4500)).toEqual([]);

    // The unused one alone may go.
    const part = await refund(ctx, finance, orderId, { amount: 1500, refundTo: 'card', voucherIds: [first] });
    expect(part.statusCode, part.body).toBe(200);
  }, 60_000);

  it('records a refund exactly once when the same request arrives 50 times at once, even from a slow provider', async () => {
    const finance = await signedInOperator(ctx, 'finance');
    for (const delayMs of [0, 150]) {
      const buyer = await createUserAndToken(ctx.app);
      const { orderId } = await buyOrder(ctx, buyer, [{ product: ctx.argos, value: 40 }]);
      const requestId = randomUUID();
      const callsBefore = ctx.payments.refundCalls;
      ctx.payments.refundBehaviour = { delayMs, fail: false };
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => refund(ctx, finance, orderId, { amount: 4000, refundTo: 'card', requestId })),
      );
      ctx.payments.refundBehaviour = { delayMs: 0, fail: false };
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
      const ids = new Set(answers.map((answer) => answer.json<RefundAnswer>().refund.id));
      expect(ids.size).toBe(1);
      expect(await refundsOf(orderId)).toHaveLength(1);
      expect(ctx.payments.refunds.filter((made) => made.idempotencyKey === requestId)).toHaveLength(1);
      expect(ctx.payments.refundCalls - callsBefore).toBe(1);
      const audits = await ctx.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, orderId), eq(auditLog.action, 'refund')));
      expect(audits).toHaveLength(1);
    }
  }, 120_000);

  it('50 different refund requests of one order at once: one succeeds, the others are refused', async () => {
    const finance = await signedInOperator(ctx, 'finance');
    const buyer = await createUserAndToken(ctx.app);
    const { orderId } = await buyOrder(ctx, buyer, [{ product: ctx.argos, value: 40 }]);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => refund(ctx, finance, orderId, { amount: 4000, refundTo: 'credit' })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(49);
    expect(defined(await ledgerOf(ctx, buyer)).wallet.balance).toBe(4000);
  }, 120_000);

  it('refused by the provider: recorded as failed, its voucher given back, nothing moved or e-mailed', async () => {
    const finance = await signedInOperator(ctx, 'finance');
    const buyer = await createUserAndToken(ctx.app);
    const { orderId, voucherIds } = await buyOrder(ctx, buyer, [{ product: ctx.argos, value: 25 }]);
    const mailsBefore = (await mailsTo(ctx.app, buyer.user.email)).length;
    ctx.payments.refundBehaviour = { delayMs: 0, fail: true };
    const answer = await refund(ctx, finance, orderId, { amount: 2500, refundTo: 'card' });
    ctx.payments.refundBehaviour = { delayMs: 0, fail: false };
    expect(answer.statusCode).toBe(503);
    expect(answer.json().error).toBe(
      'The payment provider did not accept the refund. Nothing was changed; please try again later.',
    );
    expect((await voucher(defined(voucherIds[0]))).status).toBe('active');
    expect(await refundsOf(orderId)).toEqual([
      expect.objectContaining({ status: 'failed', failure: 'provider refused the refund', doneAt: null }),
    ]);
    const order = (await opsCall(ctx.app, 'GET', `/orders/${orderId}`, finance.token)).json<OpsOrder>();
    expect(order).toMatchObject({ refunded: 0, refundable: { card: 2500, credit: 2500 } });
    expect(order.refunds).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect(await mailsTo(ctx.app, buyer.user.email)).toHaveLength(mailsBefore);

    const retried = await refund(ctx, finance, orderId, { amount: 2500, refundTo: 'card' });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<RefundAnswer>().refund.status).toBe('done');
  }, 60_000);
});

describe('voiding a voucher', () => {
  it('kills the code for good, activated or not, and refuses one already gone', async () => {
    const finance = await signedInOperator(ctx, 'finance');
    const buyer = await createUserAndToken(ctx.app);
    const { voucherIds } = await buyOrder(ctx, buyer, [{ product: ctx.argos, value: 10, quantity: 3 }]);
    const plain = defined(voucherIds[0]);
    const activated = defined(voucherIds[1]);
    const converted = defined(voucherIds[2]);
    await sendAs(ctx.app, 'POST', `/orders/${activated}/activate`, buyer);
    await sendAs(ctx.app, 'POST', `/orders/${converted}/return`, buyer);

    const noReason = await opsCall(ctx.app, 'POST', `/vouchers/${plain}/void`, finance.token, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    for (const id of [plain, activated]) {
      const answer = await opsCall(ctx.app, 'POST', `/vouchers/${id}/void`, finance.token, { reason: 'Stolen card' });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<VoidVoucherAnswer>().voucher).toMatchObject({
        id,
        state: 'void',
        codeLastFour: await lastFour(id),
      });
      expect(await voucher(id)).toMatchObject({ status: 'void', deactivated: true });
    }
    const till = await sendAs(ctx.app, 'GET', `/orders/${activated}/voucher`, buyer);
    expect(till.statusCode).toBe(409);
    expect(till.json().error).toBe('This voucher is no longer active');
    const again = await opsCall(ctx.app, 'POST', `/vouchers/${plain}/void`, finance.token, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    const gone = await opsCall(ctx.app, 'POST', `/vouchers/${converted}/void`, finance.token, { reason: 'Late' });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error).toBe('This voucher cannot be voided: it is converted.');
    const audits = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'voucher.void'));
    expect(audits.filter((row) => row.targetId === plain)).toEqual([
      expect.objectContaining({
        reason: 'Stolen card',
        before: { state: 'active', ownerId: buyer.user.id },
        after: { state: 'void' },
      }),
    ]);
    expect(
      await ctx.app.db.select().from(walletTransactions).where(eq(walletTransactions.type, 'refund')),
    ).not.toContainEqual(expect.objectContaining({ orderIds: [plain] }));
  }, 60_000);
});

describe("a refund on the voucher's own page", () => {
  it('shows on the timeline of each voucher it refunded, by the operator, and not on the others', async () => {
    const finance = await signedInOperator(ctx, 'finance');
    const buyer = await createUserAndToken(ctx.app);
    const { orderId, voucherIds } = await buyOrder(ctx, buyer, [{ product: ctx.argos, value: 10, quantity: 2 }]);
    const [refunded, kept] = [defined(voucherIds[0]), defined(voucherIds[1])];
    const answer = await refund(ctx, finance, orderId, { amount: 1000, refundTo: 'credit', voucherIds: [refunded] });
    expect(answer.statusCode, answer.body).toBe(200);

    const timeline = async (id: string) => {
      const page = await opsCall(ctx.app, 'GET', `/vouchers/${id}`, finance.token);
      expect(page.statusCode, page.body).toBe(200);
      return page.json<{ timeline: { kind: string; by: { type: string; label: string } }[] }>().timeline;
    };
    expect((await timeline(refunded)).filter((entry) => entry.kind === 'refunded')).toEqual([
      expect.objectContaining({ by: { type: 'operator', label: finance.email } }),
    ]);
    expect((await timeline(kept)).some((entry) => entry.kind === 'refunded')).toBe(false);
  });
});

describe('a gift refunded before it was claimed', () => {
  it('cannot be claimed by its link afterwards: the claimer is told it was refunded, and nothing changes', async () => {
    const finance = await signedInOperator(ctx, 'finance');
    const buyer = await createUserAndToken(ctx.app);
    const recipient = await createUserAndToken(ctx.app);
    const gift = await buyGift(ctx, buyer, { name: 'Rae', email: recipient.user.email }, 30);
    const orderId = defined((await voucher(gift.orderId)).checkoutSessionId);
    const answer = await refund(ctx, finance, orderId, { amount: 3000, refundTo: 'credit', reason: 'Sent by mistake' });
    expect(answer.statusCode, answer.body).toBe(200);

    const claim = await sendFrom(ctx.app, 'POST', '/orders/redeem-link', recipient, { link: gift.link });
    expect(claim.statusCode).toBe(409);
    expect(claim.json()).toMatchObject({
      error: 'This gift is no longer available: it has been refunded or cancelled.',
    });
    expect(await voucher(gift.orderId)).toMatchObject({ status: 'refunded', ownerId: null });
  });
});
