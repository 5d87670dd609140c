import { GIFT_LINK_INVALID_MESSAGE } from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftTransfers, mailOutbox, notifications, orders } from '../src/db/schema';
import { REDEEM_EMAIL_PER_IP, REDEEM_LINK_PER_ACCOUNT, REDEEM_LINK_PER_IP } from '../src/modules/gifts/routes';
import { type CheckoutTestContext, createCheckoutTestApp } from './support/checkout';
import { buyGift, sendFrom } from './support/gifts';
import { nextIp } from './support/sign-in';
import { createUserAndToken, type TestUser } from './support/users';

let ctx: CheckoutTestContext;
let ada: TestUser;
let bo: TestUser;

const CALLS = 50;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  ada = await createUserAndToken(ctx.app, { name: 'Ada Sender', email: 'ada@example.com' });
  bo = await createUserAndToken(ctx.app, { name: 'Bo', email: 'bo@example.com' });
});
afterAll(() => ctx.close());

/** After a race: the voucher has one owner, the transfer one claimer, the sender one notice and one e-mail. */
async function expectClaimedOnce(orderId: string, claimerIds: readonly string[]) {
  const owned = await ctx.app.db.select().from(orders).where(eq(orders.id, orderId));
  expect(owned).toHaveLength(1);
  const [transfer] = await ctx.app.db.select().from(giftTransfers).where(eq(giftTransfers.orderId, orderId));
  expect(transfer?.latestAction).toBe('claimed');
  expect(owned[0]?.ownerId).toBe(transfer?.claimedBy);
  expect(claimerIds).toContain(owned[0]?.ownerId);
  const notices = await ctx.app.db.select().from(notifications).where(eq(notifications.userId, ada.user.id));
  expect(notices.filter((notice) => notice.message.includes('claimed your'))).toHaveLength(1);
  const mails = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ada@example.com'));
  expect(mails.filter((mail) => mail.subject.includes('claimed your'))).toHaveLength(1);
  // Clear the sender's claim notices and e-mails for the next race.
  await ctx.app.db.delete(notifications).where(eq(notifications.userId, ada.user.id));
  await ctx.app.db.delete(mailOutbox).where(eq(mailOutbox.to, 'ada@example.com'));
}

const statuses = (answers: readonly { statusCode: number }[]) =>
  answers.reduce<Record<number, number>>((counts, answer) => {
    counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
    return counts;
  }, {});

describe(`${CALLS} simultaneous claims of one gift`, () => {
  it('by link, from as many accounts: exactly one 200, the rest the invalid-link 404', async () => {
    const gift = await buyGift(ctx, ada, { name: 'Bo', email: 'bo@example.com' });
    const claimers = await Promise.all(Array.from({ length: CALLS }, () => createUserAndToken(ctx.app)));
    const answers = await Promise.all(
      claimers.map((claimer) => sendFrom(ctx.app, 'POST', '/orders/redeem-link', claimer, { link: gift.link })),
    );
    expect(statuses(answers)).toEqual({ 200: 1, 404: CALLS - 1 });
    for (const answer of answers) {
      if (answer.statusCode === 404) expect(answer.json().error).toBe(GIFT_LINK_INVALID_MESSAGE);
    }
    await expectClaimedOnce(
      gift.orderId,
      claimers.map((claimer) => claimer.user.id),
    );
  });

  it('by confirm-claim: exactly one 200, the rest 409', async () => {
    const gift = await buyGift(ctx, ada, { name: 'Bo', email: 'bo@example.com' });
    const answers = await Promise.all(
      Array.from({ length: CALLS }, () =>
        sendFrom(ctx.app, 'POST', `/orders/${gift.orderId}/confirm-claim`, bo, { senderEmail: 'ada@example.com' }),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: 1, 409: CALLS - 1 });
    await expectClaimedOnce(gift.orderId, [bo.user.id]);
  });

  it('by confirm-transfer: exactly one 200, the rest 409', async () => {
    const gift = await buyGift(ctx, ada, { name: 'Bo', email: 'bo@example.com' });
    const answers = await Promise.all(
      Array.from({ length: CALLS }, () => sendFrom(ctx.app, 'POST', `/orders/${gift.orderId}/confirm-transfer`, bo)),
    );
    expect(statuses(answers)).toEqual({ 200: 1, 409: CALLS - 1 });
    await expectClaimedOnce(gift.orderId, [bo.user.id]);
  });

  it('by all three ways at once: exactly one 200, the rest 409 or 404', async () => {
    const gift = await buyGift(ctx, ada, { name: 'Bo', email: 'bo@example.com' });
    const holders = await Promise.all(Array.from({ length: 16 }, () => createUserAndToken(ctx.app)));
    const answers = await Promise.all([
      ...holders.map((holder) => sendFrom(ctx.app, 'POST', '/orders/redeem-link', holder, { link: gift.token })),
      ...Array.from({ length: 17 }, () =>
        sendFrom(ctx.app, 'POST', `/orders/${gift.orderId}/confirm-claim`, bo, { senderEmail: 'ada@example.com' }),
      ),
      ...Array.from({ length: 17 }, () => sendFrom(ctx.app, 'POST', `/orders/${gift.orderId}/confirm-transfer`, bo)),
    ]);
    const counts = statuses(answers);
    expect(counts[200]).toBe(1);
    expect((counts[409] ?? 0) + (counts[404] ?? 0)).toBe(CALLS - 1);
    await expectClaimedOnce(gift.orderId, [bo.user.id, ...holders.map((holder) => holder.user.id)]);
  });
});

describe('link-guessing defence', () => {
  const guess = () => `https://example.com/gift/${'x'.repeat(20)}${Math.random().toString(36).slice(2, 12)}`;

  it('limits claim-link attempts per account, whatever the IP address', async () => {
    const guesser = await createUserAndToken(ctx.app);
    for (let attempt = 0; attempt < REDEEM_LINK_PER_ACCOUNT; attempt += 1) {
      const answer = await sendFrom(ctx.app, 'POST', '/orders/redeem-link', guesser, { link: guess() });
      expect(answer.statusCode).toBe(404);
    }
    const limited = await sendFrom(ctx.app, 'POST', '/orders/redeem-link', guesser, { link: guess() });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many redeem attempts\. Please wait \d+ minutes before trying again\.$/);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another account is not affected.
    const other = await createUserAndToken(ctx.app);
    expect((await sendFrom(ctx.app, 'POST', '/orders/redeem-link', other, { link: guess() })).statusCode).toBe(404);
  });

  it('limits claim-link attempts per IP address, whatever the account', async () => {
    const ip = nextIp();
    for (let attempt = 0; attempt < REDEEM_LINK_PER_IP; attempt += 1) {
      const account = await createUserAndToken(ctx.app);
      const answer = await sendFrom(ctx.app, 'POST', '/orders/redeem-link', account, { link: guess() }, ip);
      expect(answer.statusCode).toBe(404);
    }
    const account = await createUserAndToken(ctx.app);
    const limited = await sendFrom(ctx.app, 'POST', '/orders/redeem-link', account, { link: guess() }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many redeem attempts/);
  });

  it('limits sender look-ups per IP address', async () => {
    const ip = nextIp();
    for (let attempt = 0; attempt < REDEEM_EMAIL_PER_IP; attempt += 1) {
      const answer = await sendFrom(
        ctx.app,
        'POST',
        '/orders/redeem-email',
        bo,
        { senderEmail: `nobody${attempt}@example.com` },
        ip,
      );
      expect(answer.statusCode).toBe(404);
    }
    const limited = await sendFrom(ctx.app, 'POST', '/orders/redeem-email', bo, { senderEmail: 'ada@example.com' }, ip);
    expect(limited.statusCode).toBe(429);
  });
});
