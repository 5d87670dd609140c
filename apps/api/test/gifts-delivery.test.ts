import {
  GIFT_ALREADY_SENT_MESSAGE,
  GIFT_CHANGE_LIMIT_MESSAGE,
  GIFT_LINK_INVALID_MESSAGE,
  GIFT_NOT_PENDING_MESSAGE,
  GIFT_NOT_YET_SENT_MESSAGE,
  GIFT_RESEND_LIMIT_MESSAGE,
  GIFT_RESENDS_PER_DAY,
  SEND_ON_RANGE_MESSAGE,
} from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { giftEvents, giftTransfers, mailOutbox, notifications } from '../src/db/schema';
import { sendDueGifts } from '../src/modules/gifts/delivery';
import { giftMailDepsOf } from '../src/modules/gifts/scheduler';
import {
  type CheckoutTestContext,
  checkoutPayload,
  createCheckoutTestApp,
  defined,
  startCheckout,
} from './support/checkout';
import { buyGift, sendFrom } from './support/gifts';
import { mailsTo } from './support/mail';
import { sendAs } from './support/requests';
import { createUserAndToken, type TestUser } from './support/users';

let ctx: CheckoutTestContext;
let ada: TestUser;
let bo: TestUser;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  bo = await createUserAndToken(ctx.app, { name: 'Bo', email: 'bo@example.com' });
});
afterAll(() => ctx.close());
// A sender per test: checkout-session is limited per account in real time, whatever the test clock says.
beforeEach(async () => {
  ctx.clock.set(new Date());
  ada = await createUserAndToken(ctx.app, { name: 'Ada Sender' });
});

const DAY = 24 * 60 * 60 * 1000;

/** PUT and POST under /api/v1 as a signed-in user. */
const call = (method: 'PUT' | 'POST', url: string, as: TestUser, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: as.headers, ...(payload ? { payload } : {}) });

/** Buys one Argos gift through the real checkout with a delivery day; answers its order id. */
async function buyScheduledGift(recipient: { name: string; email: string }, sendOn: string): Promise<string> {
  const started = await startCheckout(
    ctx.app,
    ctx.payments,
    ada,
    checkoutPayload([{ product: ctx.argos, value: 20, recipients: [{ ...recipient, sendOn } as typeof recipient] }]),
  );
  ctx.payments.setState(started.providerSessionId, 'paid');
  const verified = await sendAs(ctx.app, 'GET', `/orders/verify?session_id=${started.providerSessionId}`, ada);
  expect(verified.statusCode).toBe(200);
  const order = defined(verified.json<{ orders: { _id: string; giftOrder?: object }[] }>().orders[0], 'order');
  // The payment result screen says when it goes.
  expect(order.giftOrder).toMatchObject({ recipientEmail: recipient.email, scheduledFor: sendOn });
  return order._id;
}

const giftMails = async (to: string) =>
  (await mailsTo(ctx.app, to)).filter((mail) => mail.subject.includes('sent you'));
const linkIn = (text: string) => defined(/https?:\/\/\S+\/gift\/[\w-]+/.exec(text)?.[0], 'claim link');
const sentCard = async (orderId: string) =>
  (await sendAs(ctx.app, 'GET', '/orders/sent', ada))
    .json()
    .orders.find((order: { orderId: string }) => order.orderId === orderId);

describe('scheduled delivery', () => {
  it('keeps the gift e-mail until 09:00 UK time on its day, across both BST changes', async () => {
    // Bought in GMT for a BST day: 09:00 BST is 08:00 UTC.
    ctx.clock.set(new Date('2026-03-27T12:00:00Z'));
    const spring = await buyScheduledGift({ name: 'Spring', email: 'spring@example.com' }, '2026-03-30');
    // Bought in BST for a GMT day: 09:00 GMT is 09:00 UTC.
    const autumnBuy = new Date('2026-10-23T12:00:00Z');
    ctx.clock.set(autumnBuy);
    const autumn = await buyScheduledGift({ name: 'Autumn', email: 'autumn@example.com' }, '2026-10-26');

    expect(await giftMails('spring@example.com')).toHaveLength(0);
    // The buyer is told when it goes, in the receipt and the payment notification.
    const receipt = (await mailsTo(ctx.app, ada.user.email)).find((mail) => mail.text.includes('Spring'));
    expect(receipt?.text).toContain('we will e-mail each gift to its recipient at 9am UK time on the day you chose.');
    expect(receipt?.text).toContain('e-mailed on 30 Mar 2026');
    const paid = await ctx.app.db.select().from(notifications).where(eq(notifications.userId, ada.user.id));
    expect(paid.map((notice) => notice.message)).toContain(
      'Payment received: 1 gift voucher for £20.00. Your gift will be e-mailed on the day you chose.',
    );
    expect((await sentCard(spring)).delivery).toMatchObject({
      scheduledFor: '2026-03-30',
      recipientEmail: 'spring@example.com',
    });
    expect((await sentCard(autumn)).delivery.scheduledFor).toBe('2026-10-26');

    ctx.clock.set(new Date('2026-03-30T07:59:59Z'));
    expect(await ctx.app.giftScheduler.runDue()).toEqual({ sent: 0, reminded: 0 });
    ctx.clock.set(new Date('2026-03-30T08:00:00Z'));
    expect((await ctx.app.giftScheduler.runDue()).sent).toBe(1);
    expect(await giftMails('spring@example.com')).toHaveLength(1);
    expect((await sentCard(spring)).delivery.scheduledFor).toBeNull();

    // 08:00 UTC on 26 October would be 09:00 in summer time, but the clocks went back on the 25th.
    ctx.clock.set(new Date('2026-10-26T08:00:00Z'));
    expect((await ctx.app.giftScheduler.runDue()).sent).toBe(0);
    expect(await giftMails('autumn@example.com')).toHaveLength(0);
    ctx.clock.set(new Date('2026-10-26T09:00:00Z'));
    expect((await ctx.app.giftScheduler.runDue()).sent).toBe(1);
    const [mail] = await giftMails('autumn@example.com');
    expect(mail?.subject).toBe('Ada Sender sent you a gift voucher: Argos £20.00');
    // Once only, however often the schedule runs afterwards.
    expect((await ctx.app.giftScheduler.runDue()).sent).toBe(0);
    expect(await giftMails('autumn@example.com')).toHaveLength(1);

    const history = (await sentCard(autumn)).delivery.history;
    expect(history.map((entry: { kind: string }) => entry.kind)).toEqual(['scheduled', 'sent']);
    expect(history[0]).toMatchObject({ sendOn: '2026-10-26', at: autumnBuy.toISOString() });
    expect(history[1]).toMatchObject({ email: 'autumn@example.com', at: '2026-10-26T09:00:00.000Z' });
  });

  it('hides a scheduled gift from its recipient until it is e-mailed, and tells them then', async () => {
    ctx.clock.set(new Date('2026-11-01T10:00:00Z'));
    const scheduled = await buyScheduledGift({ name: 'Bo', email: 'bo@example.com' }, '2026-11-05');
    const received = async () =>
      (await sendAs(ctx.app, 'GET', '/orders/received', bo))
        .json()
        .orders.some((order: { orderId: string }) => order.orderId === scheduled);
    expect(await received()).toBe(false);
    expect((await sendAs(ctx.app, 'POST', `/orders/${scheduled}/confirm-transfer`, bo)).statusCode).toBe(404);
    const found = await sendFrom(ctx.app, 'POST', '/orders/redeem-email', bo, { senderEmail: ada.user.email });
    expect(found.json().pendingVouchers?.some((item: { orderId: string }) => item.orderId === scheduled) ?? false).toBe(
      false,
    );
    const notices = async () =>
      (await ctx.app.db.select().from(notifications).where(eq(notifications.userId, bo.user.id))).filter((notice) =>
        notice.message.includes('£20.00'),
      );
    const before = (await notices()).length;

    ctx.clock.set(new Date('2026-11-05T09:00:00Z'));
    await ctx.app.giftScheduler.runDue();
    expect(await received()).toBe(true);
    expect((await notices()).length).toBe(before + 1);
  });

  it('refuses a day in the past or more than a year ahead at checkout', async () => {
    ctx.clock.set(new Date('2026-11-23T12:00:00Z'));
    for (const sendOn of ['2026-11-22', '2027-11-24']) {
      const answer = await sendAs(
        ctx.app,
        'POST',
        '/wallets/checkout-session',
        ada,
        checkoutPayload([
          { product: ctx.argos, value: 20, recipients: [{ name: 'Bo', email: 'bo@example.com', sendOn } as never] },
        ]),
      );
      expect(answer.statusCode).toBe(422);
      expect(answer.json().error).toBe(SEND_ON_RANGE_MESSAGE);
    }
    const malformed = await sendAs(
      ctx.app,
      'POST',
      '/wallets/checkout-session',
      ada,
      checkoutPayload([
        {
          product: ctx.argos,
          value: 20,
          recipients: [{ name: 'Bo', email: 'bo@example.com', sendOn: '30/11/2026' } as never],
        },
      ]),
    );
    expect(malformed.statusCode).toBe(400);
  });

  it('lets the sender move the day or send now; once e-mailed, neither', async () => {
    ctx.clock.set(new Date('2026-06-01T10:00:00Z'));
    const orderId = await buyScheduledGift({ name: 'Moved', email: 'moved@example.com' }, '2026-06-10');

    const moved = await call('PUT', `/orders/${orderId}/gift/send-on`, ada, { sendOn: '2026-06-03' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().delivery.scheduledFor).toBe('2026-06-03');
    const tooFar = await call('PUT', `/orders/${orderId}/gift/send-on`, ada, { sendOn: '2027-06-02' });
    expect(tooFar.statusCode).toBe(422);
    expect(tooFar.json().error).toBe(SEND_ON_RANGE_MESSAGE);
    // Nobody but the sender may touch it.
    expect((await call('PUT', `/orders/${orderId}/gift/send-on`, bo, { sendOn: '2026-06-04' })).statusCode).toBe(404);
    expect((await call('POST', `/orders/${orderId}/gift/send-now`, bo)).statusCode).toBe(404);
    expect((await call('POST', `/orders/${orderId}/gift/resend`, ada)).json().error).toBe(GIFT_NOT_YET_SENT_MESSAGE);

    ctx.clock.set(new Date('2026-06-02T08:00:00Z'));
    expect((await ctx.app.giftScheduler.runDue()).sent).toBe(0);
    const now = await call('POST', `/orders/${orderId}/gift/send-now`, ada);
    expect(now.statusCode).toBe(200);
    expect(now.json().delivery.scheduledFor).toBeNull();
    expect(await giftMails('moved@example.com')).toHaveLength(1);
    // The schedule has nothing left to do for it, and the day can no longer change.
    ctx.clock.set(new Date('2026-06-03T08:00:00Z'));
    expect((await ctx.app.giftScheduler.runDue()).sent).toBe(0);
    expect(await giftMails('moved@example.com')).toHaveLength(1);
    const late = await call('PUT', `/orders/${orderId}/gift/send-on`, ada, { sendOn: '2026-06-05' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(GIFT_ALREADY_SENT_MESSAGE);
    expect((await call('POST', `/orders/${orderId}/gift/send-now`, ada)).statusCode).toBe(409);
    expect((await sentCard(orderId)).delivery.history.map((entry: { kind: string }) => entry.kind)).toEqual([
      'scheduled',
      'rescheduled',
      'sent',
    ]);
  });

  it('queues each due gift once when a round dies mid-way and when two instances run at once', async () => {
    ctx.clock.set(new Date('2026-05-01T10:00:00Z'));
    const emails = ['r1@example.com', 'r2@example.com', 'r3@example.com'];
    for (const email of emails) await buyScheduledGift({ name: 'R', email }, '2026-05-02');
    ctx.clock.set(new Date('2026-05-02T08:00:00Z'));

    // A round that crashes after queueing the first e-mail: its transaction commits nothing.
    const deps = giftMailDepsOf(ctx.app);
    let reads = 0;
    const dying = {
      ...deps,
      get publicUrl() {
        reads += 1;
        if (reads > 1) throw new Error('the process died mid-send');
        return deps.publicUrl;
      },
    };
    await expect(sendDueGifts(ctx.app.db, dying)).rejects.toThrow('mid-send');
    for (const email of emails) expect(await giftMails(email)).toHaveLength(0);

    // A restarted instance and a second one, both running the schedule at once, twice.
    const second = await buildApp({
      config: testConfig(),
      database: ctx.database,
      logger: false,
      clock: ctx.clock.now,
      payments: ctx.payments,
    });
    try {
      const rounds = await Promise.all([
        ctx.app.giftScheduler.runDue(),
        second.giftScheduler.runDue(),
        ctx.app.giftScheduler.runDue(),
        second.giftScheduler.runDue(),
      ]);
      expect(rounds.reduce((sum, round) => sum + round.sent, 0)).toBe(emails.length);
    } finally {
      await second.close();
    }
    for (const email of emails) expect(await giftMails(email)).toHaveLength(1);
  });
});

describe('correct the address, resend', () => {
  it('a changed address stops the old link at once and sends a new one to the new address', async () => {
    const gift = await buyGift(ctx, ada, { name: 'Bo Typo', email: 'bo@exmaple.com' });
    ctx.clock.advance(60_000);
    const changed = await call('PUT', `/orders/${gift.orderId}/gift/recipient`, ada, {
      name: 'Bo',
      email: 'Bo@Example.com',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().delivery).toMatchObject({ recipientEmail: 'bo@example.com', scheduledFor: null });

    // The old link: gone from the landing page and from redeem-link.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/gifts/${gift.token}` })).statusCode).toBe(404);
    const stranger = await createUserAndToken(ctx.app);
    const old = await sendFrom(ctx.app, 'POST', '/orders/redeem-link', stranger, { link: gift.link });
    expect(old.statusCode).toBe(404);
    expect(old.json().error).toBe(GIFT_LINK_INVALID_MESSAGE);

    const [mail] = await giftMails('bo@example.com');
    const link = linkIn(defined(mail, 'e-mail to the new address').text);
    expect(link).not.toBe(gift.link);
    expect(mail?.text).toContain('Hello Bo,');
    expect((await sendFrom(ctx.app, 'POST', '/orders/redeem-link', bo, { link })).statusCode).toBe(200);

    const card = await sentCard(gift.orderId);
    expect(card.recipientName).toBe('Bo');
    expect(card.delivery.history.map((entry: { kind: string }) => entry.kind)).toEqual([
      'sent',
      'recipient_changed',
      'sent',
    ]);
    expect(card.delivery.history[1]).toMatchObject({
      previousName: 'Bo Typo',
      previousEmail: 'bo@exmaple.com',
      name: 'Bo',
      email: 'bo@example.com',
    });
    // Claimed: no more changes.
    const after = await call('PUT', `/orders/${gift.orderId}/gift/recipient`, ada, {
      name: 'X',
      email: 'x@example.com',
    });
    expect(after.statusCode).toBe(409);
    expect(after.json().error).toBe(GIFT_NOT_PENDING_MESSAGE);
  });

  it('a correction racing claims through the old link: never both', async () => {
    for (let round = 0; round < 3; round += 1) {
      const gift = await buyGift(ctx, ada, { name: 'Gus', email: `gus${round}@exmaple.com` });
      const claimers = await Promise.all(Array.from({ length: 10 }, () => createUserAndToken(ctx.app)));
      const [change, ...claims] = await Promise.all([
        call('PUT', `/orders/${gift.orderId}/gift/recipient`, ada, { name: 'Gus', email: `gus${round}@example.com` }),
        ...claimers.map((claimer) => sendFrom(ctx.app, 'POST', '/orders/redeem-link', claimer, { link: gift.link })),
      ]);
      const claimed = claims.filter((answer) => answer.statusCode === 200).length;
      // Either a claim came first (the correction is refused) or the correction did (no old-link claim).
      expect(claimed + (change?.statusCode === 200 ? 1 : 0)).toBe(1);
      if (claimed === 1) expect(change?.statusCode).toBe(409);
    }
  });

  it('a scheduled gift keeps its day after a change and goes only to the new address', async () => {
    ctx.clock.set(new Date('2026-02-01T10:00:00Z'));
    const orderId = await buyScheduledGift({ name: 'Cy', email: 'cy-typo@example.com' }, '2026-02-14');
    const changed = await call('PUT', `/orders/${orderId}/gift/recipient`, ada, {
      name: 'Cy',
      email: 'cy@example.com',
    });
    expect(changed.json().delivery.scheduledFor).toBe('2026-02-14');
    expect(await giftMails('cy@example.com')).toHaveLength(0);
    ctx.clock.set(new Date('2026-02-14T09:00:00Z'));
    await ctx.app.giftScheduler.runDue();
    expect(await giftMails('cy@example.com')).toHaveLength(1);
    expect(await giftMails('cy-typo@example.com')).toHaveLength(0);
  });

  it('resends the same link to the same address, 3 times in 24 hours', async () => {
    const gift = await buyGift(ctx, ada, { name: 'Di', email: 'di@example.com' });
    for (let resend = 1; resend <= GIFT_RESENDS_PER_DAY; resend += 1) {
      const answer = await call('POST', `/orders/${gift.orderId}/gift/resend`, ada);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().delivery.resendsLeft).toBe(GIFT_RESENDS_PER_DAY - resend);
      ctx.clock.advance(60 * 60 * 1000);
    }
    const refused = await call('POST', `/orders/${gift.orderId}/gift/resend`, ada);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(GIFT_RESEND_LIMIT_MESSAGE);
    const mails = await giftMails('di@example.com');
    expect(mails).toHaveLength(1 + GIFT_RESENDS_PER_DAY);
    for (const mail of mails) expect(linkIn(mail.text)).toBe(gift.link);
    // A day after the first resend, one more is allowed.
    ctx.clock.advance(DAY - 3 * 60 * 60 * 1000);
    expect((await call('POST', `/orders/${gift.orderId}/gift/resend`, ada)).statusCode).toBe(200);
    expect((await call('POST', `/orders/${gift.orderId}/gift/resend`, bo)).statusCode).toBe(404);
  });

  it('50 simultaneous resends send exactly 3; 50 simultaneous identical changes make one change and one e-mail', async () => {
    const gift = await buyGift(ctx, ada, { name: 'Ed', email: 'ed@example.com' });
    const resends = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', `/orders/${gift.orderId}/gift/resend`, ada)),
    );
    expect(resends.filter((answer) => answer.statusCode === 200)).toHaveLength(GIFT_RESENDS_PER_DAY);
    expect(resends.filter((answer) => answer.statusCode === 429)).toHaveLength(50 - GIFT_RESENDS_PER_DAY);
    expect(await giftMails('ed@example.com')).toHaveLength(1 + GIFT_RESENDS_PER_DAY);

    const changes = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('PUT', `/orders/${gift.orderId}/gift/recipient`, ada, { name: 'Ed', email: 'ed.real@example.com' }),
      ),
    );
    expect(changes.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(await giftMails('ed.real@example.com')).toHaveLength(1);
    const [transfer] = await ctx.app.db.select().from(giftTransfers).where(eq(giftTransfers.orderId, gift.orderId));
    const events = await ctx.app.db
      .select()
      .from(giftEvents)
      .where(eq(giftEvents.transferId, defined(transfer).id));
    expect(events.filter((event) => event.kind === 'recipient_changed')).toHaveLength(1);

    // 50 different changes at once: at most 3 in a day, each with its own e-mail, and the last one holds.
    const spread = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        call('PUT', `/orders/${gift.orderId}/gift/recipient`, ada, { name: 'Ed', email: `ed${n}@example.com` }),
      ),
    );
    const accepted = spread.filter((answer) => answer.statusCode === 200);
    expect(accepted).toHaveLength(2);
    for (const answer of spread.filter((one) => one.statusCode !== 200)) {
      expect(answer.statusCode).toBe(429);
      expect(answer.json().error).toBe(GIFT_CHANGE_LIMIT_MESSAGE);
    }
    const [final] = await ctx.app.db.select().from(giftTransfers).where(eq(giftTransfers.orderId, gift.orderId));
    const queued = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, defined(final).recipientEmail));
    expect(queued).toHaveLength(1);
  });
});

describe('the 30-day reminder', () => {
  it('reminds the recipient once and tells the sender, only while the gift is unclaimed', async () => {
    const start = new Date('2026-08-01T10:00:00Z');
    ctx.clock.set(start);
    const gift = await buyGift(ctx, ada, { name: 'Flo', email: 'flo@example.com' });
    const claimedGift = await buyGift(ctx, ada, { name: 'Bo', email: 'bo@example.com' });
    expect((await sendFrom(ctx.app, 'POST', '/orders/redeem-link', bo, { link: claimedGift.link })).statusCode).toBe(
      200,
    );
    const reminders = async (to: string) =>
      (await mailsTo(ctx.app, to)).filter((mail) => mail.subject.startsWith('Reminder:'));

    ctx.clock.set(new Date(start.getTime() + 30 * DAY - 1000));
    await ctx.app.giftScheduler.runDue();
    expect(await reminders('flo@example.com')).toHaveLength(0);
    ctx.clock.set(new Date(start.getTime() + 30 * DAY));
    await ctx.app.giftScheduler.runDue();
    await ctx.app.giftScheduler.runDue();
    ctx.clock.advance(10 * DAY);
    await ctx.app.giftScheduler.runDue();

    const [reminder, ...more] = await reminders('flo@example.com');
    expect(more).toHaveLength(0);
    expect(linkIn(defined(reminder, 'reminder').text)).toBe(gift.link);
    expect(await reminders('bo@example.com')).toHaveLength(0);
    const senderNotices = (
      await ctx.app.db.select().from(notifications).where(eq(notifications.userId, ada.user.id))
    ).filter((notice) => notice.message.includes('gift to Flo has not been claimed'));
    expect(senderNotices.map((notice) => notice.message)).toEqual([
      'Your Argos £25.00 gift to Flo has not been claimed after 30 days. We have reminded flo@example.com; you can resend it or correct the address under Manage Vouchers.',
    ]);
    expect((await sentCard(gift.orderId)).delivery.history.at(-1)).toMatchObject({
      kind: 'reminded',
      email: 'flo@example.com',
    });
  });
});
