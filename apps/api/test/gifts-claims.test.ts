import { GIFT_LINK_INVALID_MESSAGE, ORDER_NOT_FOUND_MESSAGE } from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftTransfers, notifications, orders } from '../src/db/schema';
import { NO_PENDING_GIFTS_MESSAGE, OWN_GIFT_MESSAGE, TRANSFER_CONFIRMED_MESSAGE } from '../src/modules/gifts';
import { type CheckoutTestContext, createCheckoutTestApp, defined } from './support/checkout';
import { buyGift, sendFrom } from './support/gifts';
import { mailsTo } from './support/mail';
import { sendAs } from './support/requests';
import { createUserAndToken, type TestUser } from './support/users';

let ctx: CheckoutTestContext;
let ada: TestUser;
let bo: TestUser;
let cy: TestUser;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  ada = await createUserAndToken(ctx.app, { name: 'Ada Sender', email: 'ada@example.com' });
  bo = await createUserAndToken(ctx.app, { name: 'Bo <b>Bold</b>', email: 'bo@example.com' });
  cy = await createUserAndToken(ctx.app, { name: 'Cy Stranger', email: 'cy@example.com' });
});
afterAll(() => ctx.close());

const ownerOf = async (orderId: string) =>
  (await ctx.app.db.select({ ownerId: orders.ownerId }).from(orders).where(eq(orders.id, orderId)))[0]?.ownerId;

const notificationsOf = async (user: TestUser) =>
  (
    await ctx.app.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, user.user.id))
  ).map((row) => row.message);

describe('received and sent gifts', () => {
  it('lists gifts addressed to the caller (any letter case) and gifts the caller sent, newest transfer first', async () => {
    const first = await buyGift(ctx, ada, { name: 'Bo', email: 'bo@example.com', message: 'Happy birthday' });
    ctx.clock.advance(60_000);
    const second = await buyGift(ctx, ada, { name: 'Bobby', email: 'BO@Example.com' }, 40);

    const received = await sendAs(ctx.app, 'GET', '/orders/received', bo);
    expect(received.statusCode).toBe(200);
    const items = received.json().orders;
    expect(items.map((item: { orderId: string }) => item.orderId)).toEqual([second.orderId, first.orderId]);
    expect(items[1]).toEqual({
      orderId: first.orderId,
      currency: 'GBP',
      valuePurchased: 25,
      senderEmail: 'ada@example.com',
      transferDate: expect.any(String),
      latestAction: 'pending',
      giftMessage: 'Happy birthday',
      merchant: { name: 'Argos', redemptionUrl: `/vouchers/${first.orderId}` },
      imageUrl: '/api/v1/logos/ARGOS-GB.svg',
      recipientName: 'Bo',
      isActive: false,
    });
    expect(items[0]).toMatchObject({ valuePurchased: 40, giftMessage: null, recipientName: 'Bobby' });
    expect(Date.parse(items[0].transferDate)).toBeGreaterThan(Date.parse(items[1].transferDate));

    const sent = (await sendAs(ctx.app, 'GET', '/orders/sent', ada)).json().orders;
    expect(sent.map((item: { orderId: string }) => item.orderId)).toEqual([second.orderId, first.orderId]);
    expect(sent[0]).toMatchObject({ senderEmail: 'ada@example.com', recipientName: 'Bobby', latestAction: 'pending' });

    // Nobody else sees them: not a stranger, not the sender in their received list.
    expect((await sendAs(ctx.app, 'GET', '/orders/received', cy)).json().orders).toEqual([]);
    expect((await sendAs(ctx.app, 'GET', '/orders/sent', cy)).json().orders).toEqual([]);
    const adaReceived = (await sendAs(ctx.app, 'GET', '/orders/received', ada)).json().orders;
    expect(adaReceived.some((item: { orderId: string }) => item.orderId === first.orderId)).toBe(false);
    expect((await sendAs(ctx.app, 'GET', '/orders/received', null)).statusCode).toBe(401);
    expect((await sendAs(ctx.app, 'GET', '/orders/sent', null)).statusCode).toBe(401);
  });

  it('tells a recipient who already has an account that a gift arrived', async () => {
    await buyGift(ctx, ada, { name: 'Cy', email: 'cy@example.com' });
    expect(await notificationsOf(cy)).toContain(
      'Ada Sender sent you a gift: Argos £25.00. Confirm it under Manage Vouchers in your wallet.',
    );
  });
});

describe('confirm-transfer', () => {
  it('lets only the addressed recipient confirm, once; the voucher becomes theirs and the sender is told', async () => {
    const gift = await buyGift(ctx, ada, { name: 'Bo', email: 'bo@example.com' });
    const url = `/orders/${gift.orderId}/confirm-transfer`;

    expect((await sendAs(ctx.app, 'POST', url, null)).statusCode).toBe(401);
    const stranger = await sendAs(ctx.app, 'POST', url, cy);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error).toBe(ORDER_NOT_FOUND_MESSAGE);
    const sender = await sendAs(ctx.app, 'POST', url, ada);
    expect(sender.statusCode).toBe(409);
    expect(sender.json().error).toBe(OWN_GIFT_MESSAGE);
    expect((await sendAs(ctx.app, 'POST', '/orders/not-a-uuid/confirm-transfer', bo)).statusCode).toBe(404);
    expect(
      (await sendAs(ctx.app, 'POST', '/orders/00000000-0000-4000-8000-000000000000/confirm-transfer', bo)).statusCode,
    ).toBe(404);
    expect(await ownerOf(gift.orderId)).toBeNull();

    const confirmed = await sendAs(ctx.app, 'POST', url, bo);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: TRANSFER_CONFIRMED_MESSAGE,
      order: {
        _id: gift.orderId,
        merchant: { name: 'Argos', redemptionUrl: `/vouchers/${gift.orderId}` },
        productCode: 'ARGOS-GB',
        currency: 'GBP',
        valuePurchased: 25,
        isActivated: false,
        country: ['GB'],
      },
    });
    expect(await ownerOf(gift.orderId)).toBe(bo.user.id);
    const [transfer] = await ctx.app.db.select().from(giftTransfers).where(eq(giftTransfers.orderId, gift.orderId));
    expect(transfer).toMatchObject({ latestAction: 'claimed', claimedBy: bo.user.id });
    expect(transfer?.claimedAt).toBeInstanceOf(Date);

    const again = await sendAs(ctx.app, 'POST', url, bo);
    expect(again.statusCode).toBe(409);

    // Both lists and the gift landing page show it claimed.
    const received = (await sendAs(ctx.app, 'GET', '/orders/received', bo)).json().orders;
    expect(received.find((item: { orderId: string }) => item.orderId === gift.orderId)?.latestAction).toBe('claimed');
    const sent = (await sendAs(ctx.app, 'GET', '/orders/sent', ada)).json().orders;
    expect(sent.find((item: { orderId: string }) => item.orderId === gift.orderId)?.latestAction).toBe('claimed');
    const landing = await ctx.app.inject({ method: 'GET', url: `/api/v1/gifts/${gift.token}` });
    expect(landing.json().status).toBe('claimed');

    // The sender: a notification and an e-mail (HTML escaped), queued with the claim.
    expect(await notificationsOf(ada)).toContain('Bo <b>Bold</b> claimed your Argos £25.00 gift.');
    const claimedMails = (await mailsTo(ctx.app, 'ada@example.com')).filter((sent) => sent.subject.includes('claimed'));
    expect(claimedMails).toHaveLength(1);
    const [mail] = claimedMails;
    expect(mail?.subject).toBe('Bo <b>Bold</b> claimed your gift voucher: Argos £25.00');
    expect(mail?.text).toContain('Bo <b>Bold</b> claimed your Argos £25.00 gift.');
    expect(mail?.html).toContain('Bo &lt;b&gt;Bold&lt;/b&gt; claimed your Argos £25.00 gift.');
    expect(mail?.html).not.toContain('<b>Bold</b>');
    expect(mail?.html).toContain('/api/v1/logos/ARGOS-GB.png?value=25&amp;currency=GBP"');
  });
});

describe('redeem by sender e-mail', () => {
  it('lists pending gifts from that sender to the caller, and confirm-claim takes one', async () => {
    const gift = await buyGift(ctx, ada, { name: 'Bo', email: 'bo@example.com' }, 15);
    const found = await sendFrom(ctx.app, 'POST', '/orders/redeem-email', bo, { senderEmail: ' ADA@example.com ' });
    expect(found.statusCode).toBe(200);
    const pending = found.json().pendingVouchers;
    expect(pending.find((item: { orderId: string }) => item.orderId === gift.orderId)).toEqual({
      orderId: gift.orderId,
      merchant: 'Argos',
      imageUrl: '/api/v1/logos/ARGOS-GB.svg',
      value: 15,
      currency: 'GBP',
      sentDate: expect.any(String),
    });
    for (const item of pending)
      expect(
        (await ctx.app.db.select().from(giftTransfers).where(eq(giftTransfers.orderId, item.orderId)))[0]?.latestAction,
      ).toBe('pending');

    // The wrong sender, an unknown address, the caller's own: one clear 404.
    for (const senderEmail of ['cy@example.com', 'nobody@example.com', 'bo@example.com']) {
      const answer = await sendFrom(ctx.app, 'POST', '/orders/redeem-email', bo, { senderEmail });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error).toBe(NO_PENDING_GIFTS_MESSAGE);
    }
    // Gifts from Ada addressed to someone else are not Cy's to find.
    const forCy = await sendFrom(ctx.app, 'POST', '/orders/redeem-email', cy, { senderEmail: 'ada@example.com' });
    expect(
      forCy.json().pendingVouchers?.some((item: { orderId: string }) => item.orderId === gift.orderId) ?? false,
    ).toBe(false);
    expect(
      (await sendFrom(ctx.app, 'POST', '/orders/redeem-email', bo, { senderEmail: 'not-an-email' })).statusCode,
    ).toBe(400);
    expect(
      (await sendFrom(ctx.app, 'POST', '/orders/redeem-email', null, { senderEmail: 'ada@example.com' })).statusCode,
    ).toBe(401);

    const url = `/orders/${gift.orderId}/confirm-claim`;
    const wrongSender = await sendAs(ctx.app, 'POST', url, bo, { senderEmail: 'cy@example.com' });
    expect(wrongSender.statusCode).toBe(404);
    expect((await sendAs(ctx.app, 'POST', url, cy, { senderEmail: 'ada@example.com' })).statusCode).toBe(404);
    expect((await sendAs(ctx.app, 'POST', url, ada, { senderEmail: 'ada@example.com' })).statusCode).toBe(409);
    expect((await sendAs(ctx.app, 'POST', url, bo, {})).statusCode).toBe(400);
    expect(await ownerOf(gift.orderId)).toBeNull();

    const claimed = await sendAs(ctx.app, 'POST', url, bo, { senderEmail: 'Ada@Example.com' });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().order).toMatchObject({ _id: gift.orderId, valuePurchased: 15 });
    expect(await ownerOf(gift.orderId)).toBe(bo.user.id);
    expect((await sendAs(ctx.app, 'POST', url, bo, { senderEmail: 'ada@example.com' })).statusCode).toBe(409);
    expect(await notificationsOf(ada)).toContain('Bo <b>Bold</b> claimed your Argos £15.00 gift.');

    // Once none is pending, the same 404.
    await ctx.app.db
      .update(giftTransfers)
      .set({ latestAction: 'claimed' })
      .where(eq(giftTransfers.latestAction, 'pending'));
    const none = await sendFrom(ctx.app, 'POST', '/orders/redeem-email', bo, { senderEmail: 'ada@example.com' });
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe(NO_PENDING_GIFTS_MESSAGE);
  });
});

describe('redeem by link', () => {
  it('lets any signed-in holder claim with the whole link or the token, once; the sender cannot', async () => {
    const gift = await buyGift(ctx, ada, { name: 'Di', email: 'di@example.com' });
    const dan = await createUserAndToken(ctx.app, { name: 'Dan' });

    expect((await sendFrom(ctx.app, 'POST', '/orders/redeem-link', null, { link: gift.link })).statusCode).toBe(401);
    const own = await sendFrom(ctx.app, 'POST', '/orders/redeem-link', ada, { link: gift.link });
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe(OWN_GIFT_MESSAGE);

    const claimed = await sendFrom(ctx.app, 'POST', '/orders/redeem-link', dan, { link: ` ${gift.link} ` });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().order).toMatchObject({ _id: gift.orderId });
    expect(await ownerOf(gift.orderId)).toBe(dan.user.id);
    expect(await notificationsOf(ada)).toContain('Dan claimed your Argos £25.00 gift.');
    // Dan claimed it, so it is in Dan's received list although it was addressed to Di.
    const received = (await sendAs(ctx.app, 'GET', '/orders/received', dan)).json().orders;
    expect(received.map((item: { orderId: string }) => item.orderId)).toEqual([gift.orderId]);

    // A used link, an unknown one and malformed ones: one and the same answer.
    const answers = await Promise.all(
      [
        gift.link,
        gift.token,
        'A'.repeat(43),
        'https://example.com/gift/',
        'not a link at all',
        '%E0%A4%A',
        '../../etc',
      ].map((link) => sendFrom(ctx.app, 'POST', '/orders/redeem-link', cy, { link })),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: GIFT_LINK_INVALID_MESSAGE });
    }
    expect((await sendFrom(ctx.app, 'POST', '/orders/redeem-link', cy, { link: '   ' })).statusCode).toBe(400);
  });

  it('accepts the token alone', async () => {
    const gift = await buyGift(ctx, ada, { name: 'Ed', email: 'ed@example.com' });
    const ed = await createUserAndToken(ctx.app, { email: 'ed@example.com' });
    const claimed = await sendFrom(ctx.app, 'POST', '/orders/redeem-link', ed, { link: gift.token });
    expect(claimed.statusCode).toBe(200);
    expect(defined(await ownerOf(gift.orderId))).toBe(ed.user.id);
  });
});
