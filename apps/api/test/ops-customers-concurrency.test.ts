import {
  GIFT_CHANGE_LIMIT_MESSAGE,
  GIFT_RESEND_LIMIT_MESSAGE,
  GIFT_RESENDS_PER_DAY,
  type OpsVoucherPage,
} from '@gvm/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVoucherCipher } from '../src/adapters/vouchers';
import { auditLog } from '../src/db/schema';
import { type CheckoutTestContext, createCheckoutTestApp, defined } from './support/checkout';
import { buyGift, sendFrom } from './support/gifts';
import { mailsTo } from './support/mail';
import { createOperator, opsCall, signInOperator } from './support/operators';
import { sendAs } from './support/requests';
import { createUserAndToken } from './support/users';
import { buyVoucher, orderRow } from './support/vouchers';

/**
 * The console's customer actions when the same request arrives fifty times at once (a double
 * press, a retried request, two operators on one ticket): each change happens as often as its
 * rule allows and no more, with one audit row and one e-mail per change (decision 053).
 */
const CALLS = 50;

let ctx: CheckoutTestContext;
let support: string;
let finance: string;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  await createOperator(ctx.app, 'race-support@ugm.example', 'support');
  await createOperator(ctx.app, 'race-finance@ugm.example', 'finance');
  support = (await signInOperator(ctx.app, ctx.clock, 'race-support@ugm.example')).token;
  finance = (await signInOperator(ctx.app, ctx.clock, 'race-finance@ugm.example')).token;
}, 60_000);
afterAll(() => ctx.close());

const statuses = (answers: readonly { statusCode: number }[]) =>
  answers.reduce<Record<number, number>>((counts, answer) => {
    counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
    return counts;
  }, {});
const atOnce = <T>(make: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: CALLS }, (_, i) => make(i)));
const auditRows = (targetId: string, action: string) =>
  ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), eq(auditLog.action, action)));
const codeOf = async (voucherId: string) =>
  createVoucherCipher(ctx.app.appConfig.voucherEncryptionKey).open(
    defined(defined(await orderRow(ctx, voucherId), 'voucher').codeCiphertext, 'code'),
  );
const lastFour = (code: string) => code.replace(/-/g, '').slice(-4);
const voucherPage = async (voucherId: string) =>
  (await opsCall(ctx.app, 'GET', `/vouchers/${voucherId}`, support)).json<OpsVoucherPage>();
const claimLinkIn = (text: string) => defined(/\/gift\/([\w-]+)/.exec(text)?.[1], 'claim token in the e-mail');
const giftLookup = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/gifts/${token}` });

describe(`'Reissue code' ${CALLS} times at once`, () => {
  it('reissues once: one new code, one audit row, one e-mail; the repeats are told it is done', async () => {
    const holder = await createUserAndToken(ctx.app);
    const voucherId = await buyVoucher(ctx, holder, 40);
    // A code exists once its holder activated the voucher (decision 068).
    expect((await sendAs(ctx.app, 'POST', `/orders/${voucherId}/activate`, holder)).statusCode).toBe(200);
    const oldCode = await codeOf(voucherId);
    const mailsBefore = (await mailsTo(ctx.app, holder.user.email)).length;

    const answers = await atOnce(() =>
      opsCall(ctx.app, 'POST', `/vouchers/${voucherId}/reissue`, finance, {
        reason: 'Code leaked',
        codeLast4: lastFour(oldCode),
      }),
    );

    expect(statuses(answers)).toEqual({ 200: 1, 409: CALLS - 1 });
    const newCode = await codeOf(voucherId);
    expect(newCode).not.toBe(oldCode);
    expect(lastFour(newCode)).not.toBe(lastFour(oldCode));
    const done = defined(answers.find((answer) => answer.statusCode === 200));
    expect(done.json<{ message: string }>().message).toContain(`ending ${lastFour(newCode)}`);
    for (const repeat of answers.filter((answer) => answer.statusCode === 409)) {
      expect(repeat.json<{ error: string }>().error).toBe(
        `This voucher's code no longer ends ${lastFour(oldCode)}: it has already been reissued and now ends ${lastFour(newCode)}.`,
      );
    }
    const rows = await auditRows(voucherId, 'voucher.reissue');
    expect(rows.map((row) => [row.before, row.after])).toEqual([
      [{ codeLast4: lastFour(oldCode) }, { codeLast4: lastFour(newCode) }],
    ]);
    const mails = await mailsTo(ctx.app, holder.user.email);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails[0]?.subject).toBe('Your Argos voucher has a new code');
    expect((await voucherPage(voucherId)).timeline.filter((entry) => entry.kind === 'reissued')).toHaveLength(1);

    // The holder's till shows the one new code; the old code is gone.
    const till = await sendAs(ctx.app, 'GET', `/orders/${voucherId}/voucher`, holder);
    expect(till.json<{ code: string }>().code).toBe(newCode);
  }, 60_000);

  it('reissues again only for the code now shown: a stale last four changes nothing', async () => {
    const holder = await createUserAndToken(ctx.app);
    const voucherId = await buyVoucher(ctx, holder, 15);
    expect((await sendAs(ctx.app, 'POST', `/orders/${voucherId}/activate`, holder)).statusCode).toBe(200);
    const first = await codeOf(voucherId);
    const reissue = (codeLast4: string) =>
      opsCall(ctx.app, 'POST', `/vouchers/${voucherId}/reissue`, finance, { reason: 'Leaked', codeLast4 });

    expect((await reissue(lastFour(first).toLowerCase())).statusCode).toBe(200);
    const second = await codeOf(voucherId);
    expect((await reissue(lastFour(first))).statusCode).toBe(409);
    expect(await codeOf(voucherId)).toBe(second);
    // The new code leaked too: the operator reissues the code the page now shows.
    expect((await voucherPage(voucherId)).voucher.codeLast4).toBe(lastFour(second));
    expect((await reissue(lastFour(second))).statusCode).toBe(200);
    expect(await codeOf(voucherId)).not.toBe(second);
    expect(await auditRows(voucherId, 'voucher.reissue')).toHaveLength(2);
  }, 60_000);
});

describe(`'Resend gift e-mail' ${CALLS} times at once`, () => {
  it("sends no more than the daily limit, counted with the sender's own resends in the same race", async () => {
    const sender = await createUserAndToken(ctx.app);
    const recipient = `race-resend-${Date.now()}@example.com`;
    const gift = await buyGift(ctx, sender, { name: 'Ria', email: recipient });
    expect(await mailsTo(ctx.app, recipient)).toHaveLength(1);

    // Half the presses are the operator's, half the sender's own 'Resend' in the wallet.
    const answers = await atOnce((index) =>
      index % 2 === 0
        ? opsCall(ctx.app, 'POST', `/vouchers/${gift.orderId}/gift/resend`, support, { reason: 'Not received' })
        : sendAs(ctx.app, 'POST', `/orders/${gift.orderId}/gift/resend`, sender),
    );

    expect(statuses(answers)).toEqual({ 200: GIFT_RESENDS_PER_DAY, 429: CALLS - GIFT_RESENDS_PER_DAY });
    for (const refused of answers.filter((answer) => answer.statusCode === 429)) {
      expect(refused.json<{ error: string }>().error).toBe(GIFT_RESEND_LIMIT_MESSAGE);
    }
    expect(await mailsTo(ctx.app, recipient)).toHaveLength(1 + GIFT_RESENDS_PER_DAY);
    const byOperator = answers.filter((answer, index) => index % 2 === 0 && answer.statusCode === 200).length;
    expect(await auditRows(gift.orderId, 'gift.resend')).toHaveLength(byOperator);
    const resends = (await voucherPage(gift.orderId)).timeline.filter((entry) => entry.kind === 'resent');
    expect(resends).toHaveLength(GIFT_RESENDS_PER_DAY);
    // Every resend carried the one link, which still works.
    for (const mail of await mailsTo(ctx.app, recipient)) expect(claimLinkIn(mail.text)).toBe(gift.token);
    expect((await giftLookup(gift.token)).statusCode).toBe(200);
  }, 60_000);
});

describe(`'Correct recipient' ${CALLS} times at once`, () => {
  it('corrects once: one audit row, one e-mail to the new address, the old link dead and the new one alive', async () => {
    const sender = await createUserAndToken(ctx.app);
    const wrong = `race-wrong-${Date.now()}@example.com`;
    const right = `race-right-${Date.now()}@example.com`;
    const gift = await buyGift(ctx, sender, { name: 'Sam', email: wrong });

    const answers = await atOnce(() =>
      opsCall(ctx.app, 'POST', `/vouchers/${gift.orderId}/gift/recipient`, support, {
        name: 'Sam Right',
        email: right,
        reason: 'Typo',
      }),
    );

    expect(statuses(answers)).toEqual({ 200: CALLS });
    expect(new Set(answers.map((answer) => answer.json<{ message: string }>().message)).size).toBe(1);
    const rows = await auditRows(gift.orderId, 'gift.correct-recipient');
    expect(rows.map((row) => [row.before, row.after])).toEqual([
      [
        { recipientName: 'Sam', recipientEmail: wrong },
        { recipientName: 'Sam Right', recipientEmail: right },
      ],
    ]);
    const mails = await mailsTo(ctx.app, right);
    expect(mails).toHaveLength(1);
    const newToken = claimLinkIn(defined(mails[0]).text);
    expect((await giftLookup(gift.token)).statusCode).toBe(404);
    expect((await giftLookup(newToken)).statusCode).toBe(200);
    expect(await mailsTo(ctx.app, wrong)).toHaveLength(1);
    const corrections = (await voucherPage(gift.orderId)).timeline.filter(
      (entry) => entry.kind === 'recipient-corrected',
    );
    expect(corrections).toHaveLength(1);

    // The recipient claims it by the one link they were sent.
    const recipient = await createUserAndToken(ctx.app, { email: right });
    const claimed = await sendFrom(ctx.app, 'POST', '/orders/redeem-link', recipient, {
      link: `${ctx.app.appConfig.publicUrl}/gift/${newToken}`,
    });
    expect(claimed.statusCode).toBe(200);
  }, 60_000);

  it(`${CALLS} different corrections at once: the daily limit's worth happen, each with its audit row and e-mail`, async () => {
    const sender = await createUserAndToken(ctx.app);
    const stamp = Date.now();
    const gift = await buyGift(ctx, sender, { name: 'Lee', email: `race-first-${stamp}@example.com` });
    const addressOf = (index: number) => `race-${index}-${stamp}@example.com`;

    const answers = await atOnce((index) =>
      opsCall(ctx.app, 'POST', `/vouchers/${gift.orderId}/gift/recipient`, support, {
        name: `Lee ${index}`,
        email: addressOf(index),
      }),
    );

    expect(statuses(answers)).toEqual({ 200: GIFT_RESENDS_PER_DAY, 429: CALLS - GIFT_RESENDS_PER_DAY });
    for (const refused of answers.filter((answer) => answer.statusCode === 429)) {
      expect(refused.json<{ error: string }>().error).toBe(GIFT_CHANGE_LIMIT_MESSAGE);
    }
    expect(await auditRows(gift.orderId, 'gift.correct-recipient')).toHaveLength(GIFT_RESENDS_PER_DAY);
    const corrected = answers.flatMap((answer, index) => (answer.statusCode === 200 ? [index] : []));
    const tokenTo = new Map<string, string>();
    for (const index of corrected) {
      const mails = await mailsTo(ctx.app, addressOf(index));
      expect(mails).toHaveLength(1);
      tokenTo.set(addressOf(index), claimLinkIn(defined(mails[0]).text));
    }
    // Only the link sent to the address the gift has now (the last correction's) finds the gift.
    const current = defined((await voucherPage(gift.orderId)).gift?.recipientEmail, 'current recipient');
    const alive = [];
    for (const token of [gift.token, ...tokenTo.values()]) {
      if ((await giftLookup(token)).statusCode === 200) alive.push(token);
    }
    expect(alive).toEqual([tokenTo.get(current)]);
  }, 60_000);
});
