import { GIFT_ENDED_MESSAGE } from '@gvm/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, orders } from '../src/db/schema';
import { checkoutPayload, defined, startCheckout } from './support/checkout';
import { buyGift, sendFrom } from './support/gifts';
import { mailsTo } from './support/mail';
import {
  createMoneyTestApp,
  type MoneyTestContext,
  refund,
  signedInOperator,
  type TestOperator,
} from './support/money';
import { opsCall } from './support/operators';
import { sendAs } from './support/requests';
import { createUserAndToken, type TestUser } from './support/users';

/**
 * A gift whose voucher an operator refunded or voided before it was claimed is no longer
 * available (docs/product/operators.md#refunds): its sender and the console can no longer resend
 * it or send its link to a corrected address, the schedule e-mails and reminds nothing, and its
 * landing page says so.
 */

let ctx: MoneyTestContext;
let finance: TestOperator;
let support: TestOperator;
let sender: TestUser;

const DAY = 24 * 60 * 60 * 1000;
const ends = ['void', 'refund'] as const;

beforeAll(async () => {
  ctx = await createMoneyTestApp();
});
afterAll(() => ctx.close());
// Operators sign in at the test's time (their sessions follow the app's clock); a sender per test,
// as checkout sessions are limited per account in real time.
beforeEach(async () => {
  ctx.clock.set(new Date('2026-08-03T10:00:00Z'));
  finance = await signedInOperator(ctx, 'finance');
  support = await signedInOperator(ctx, 'support');
  sender = await createUserAndToken(ctx.app, { name: 'Sid Sender' });
});

const call = (method: 'PUT' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: sender.headers, ...(payload ? { payload } : {}) });

/** Ends the gift's voucher as the console does: 'Void voucher', or a refund of its order to UGM Credit. */
async function endVoucher(voucherId: string, how: (typeof ends)[number]): Promise<void> {
  const answer =
    how === 'void'
      ? await opsCall(ctx.app, 'POST', `/vouchers/${voucherId}/void`, finance.token, { reason: 'Stolen card' })
      : await refund(ctx, finance, await checkoutOf(voucherId), { amount: 2500, refundTo: 'credit' });
  expect(answer.statusCode, answer.body).toBe(200);
}

async function checkoutOf(voucherId: string): Promise<string> {
  const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, voucherId));
  return defined(row?.checkoutSessionId, 'checkout');
}

const giftAudits = (voucherId: string) =>
  ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, voucherId), inArray(auditLog.action, ['gift.resend', 'gift.correct-recipient'])));

describe('a gift e-mailed, then refunded or voided before it was claimed', () => {
  it.each(ends)(
    'after a %s: no resend, no correction, no reminder; its page says it is no longer available',
    async (how) => {
      const recipient = `rae-${how}@example.com`;
      const gift = await buyGift(ctx, sender, { name: 'Rae', email: recipient });
      expect((await sendFrom(ctx.app, 'GET', `/gifts/${gift.token}`, null)).json().status).toBe('pending');
      await endVoucher(gift.orderId, how);
      const mailsBefore = (await mailsTo(ctx.app, recipient)).length;

      // The sender, from the Sent list.
      const resent = await call('POST', `/orders/${gift.orderId}/gift/resend`);
      expect(resent.statusCode).toBe(409);
      expect(resent.json()).toEqual({ error: GIFT_ENDED_MESSAGE });
      const corrected = await call('PUT', `/orders/${gift.orderId}/gift/recipient`, {
        name: 'Rae',
        email: `rae-${how}-new@example.com`,
      });
      expect(corrected.statusCode).toBe(409);
      expect(corrected.json()).toEqual({ error: GIFT_ENDED_MESSAGE });

      // An operator, from the voucher's page.
      const opsResent = await opsCall(ctx.app, 'POST', `/vouchers/${gift.orderId}/gift/resend`, support.token, {});
      expect(opsResent.statusCode).toBe(409);
      expect(opsResent.json()).toEqual({ error: GIFT_ENDED_MESSAGE });
      const opsCorrected = await opsCall(ctx.app, 'POST', `/vouchers/${gift.orderId}/gift/recipient`, support.token, {
        name: 'Rae',
        email: `rae-${how}-ops@example.com`,
      });
      expect(opsCorrected.statusCode).toBe(409);
      expect(opsCorrected.json()).toEqual({ error: GIFT_ENDED_MESSAGE });
      expect(await giftAudits(gift.orderId)).toEqual([]);

      // The landing page of its link.
      const landing = await sendFrom(ctx.app, 'GET', `/gifts/${gift.token}`, null);
      expect(landing.statusCode).toBe(200);
      expect(landing.json()).toMatchObject({ status: 'unavailable', recipientName: 'Rae' });

      // Thirty days on, no reminder of it either.
      ctx.clock.advance(31 * DAY);
      await ctx.app.giftScheduler.runDue();
      expect(await mailsTo(ctx.app, recipient)).toHaveLength(mailsBefore);
      for (const address of [`rae-${how}-new@example.com`, `rae-${how}-ops@example.com`]) {
        expect(await mailsTo(ctx.app, address)).toEqual([]);
      }
    },
  );

  it('a claimed gift refunded later still reads claimed on its page', async () => {
    const claimer = await createUserAndToken(ctx.app);
    const gift = await buyGift(ctx, sender, { name: 'Cal', email: claimer.user.email });
    expect((await sendFrom(ctx.app, 'POST', '/orders/redeem-link', claimer, { link: gift.link })).statusCode).toBe(200);
    await endVoucher(gift.orderId, 'refund');
    expect((await sendFrom(ctx.app, 'GET', `/gifts/${gift.token}`, null)).json().status).toBe('claimed');
  });
});

describe('a scheduled gift refunded or voided before its day', () => {
  it.each(ends)('after a %s: never e-mailed, neither on its day nor by Send now or a new day', async (how) => {
    const recipient = `sam-${how}@example.com`;
    const started = await startCheckout(
      ctx.app,
      ctx.payments,
      sender,
      checkoutPayload([
        {
          product: ctx.argos,
          value: 25,
          recipients: [{ name: 'Sam', email: recipient, sendOn: '2026-08-10' } as { name: string; email: string }],
        },
      ]),
    );
    ctx.payments.setState(started.providerSessionId, 'paid');
    const verified = await sendAs(ctx.app, 'GET', `/orders/verify?session_id=${started.providerSessionId}`, sender);
    expect(verified.statusCode, verified.body).toBe(200);
    const voucherId = defined(verified.json<{ orders: { _id: string }[] }>().orders[0], 'voucher')._id;
    await endVoucher(voucherId, how);

    for (const answer of [
      await call('POST', `/orders/${voucherId}/gift/send-now`),
      await call('PUT', `/orders/${voucherId}/gift/send-on`, { sendOn: '2026-08-03' }),
      await call('PUT', `/orders/${voucherId}/gift/send-on`, { sendOn: '2026-08-12' }),
    ]) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ error: GIFT_ENDED_MESSAGE });
    }
    ctx.clock.set(new Date('2026-08-10T09:00:00Z'));
    await ctx.app.giftScheduler.runDue();
    ctx.clock.advance(40 * DAY);
    await ctx.app.giftScheduler.runDue();
    expect(await mailsTo(ctx.app, recipient)).toEqual([]);
  });
});
