import { asyncLocalStorage, type RequestContext } from '@fastify/request-context';
import { count, eq, inArray, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVoucherCipher } from '../src/adapters/vouchers';
import {
  cartItems,
  carts,
  checkoutSessions,
  giftTransfers,
  mailOutbox,
  notifications,
  orders,
  wallets,
  walletTransactions,
} from '../src/db/schema';
import { applyPaymentEvent, checkoutDepsOf } from '../src/modules/checkout';
import {
  type CheckoutTestContext,
  checkoutPayload,
  createCheckoutTestApp,
  defined,
  type LineSpec,
  type StartedCheckout,
  startCheckout,
} from './support/checkout';
import { mailsTo } from './support/mail';
import { sendAs } from './support/requests';
import { createUserAndToken, type TestUser } from './support/users';

let ctx: CheckoutTestContext;
let buyer: TestUser;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  buyer = await createUserAndToken(ctx.app, { name: 'Ada Buyer' });
});
afterAll(() => ctx.close());

const ordersOf = (sessionBuyer: TestUser) =>
  ctx.app.db.select().from(orders).where(eq(orders.buyerId, sessionBuyer.user.id));

/** A checkout's order reference, which its receipt names. */
async function referenceOf(checkoutSessionId: string): Promise<string> {
  const [row] = await ctx.app.db
    .select({ reference: checkoutSessions.orderReference })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, checkoutSessionId));
  return defined(row).reference;
}

describe('fulfilment of a paid checkout session', () => {
  it('issues exactly one set of orders however many verify calls, status polls and webhooks race', async () => {
    await ctx.app.db.insert(carts).values({ userId: buyer.user.id });
    const [cart] = await ctx.app.db.select().from(carts).where(eq(carts.userId, buyer.user.id));
    await ctx.app.db
      .insert(cartItems)
      .values({ cartId: defined(cart).id, productId: ctx.argos.id, quantity: 3, selectedValue: 2500 });

    const started = await startCheckout(
      ctx.app,
      ctx.payments,
      buyer,
      checkoutPayload([
        {
          product: ctx.argos,
          value: 25,
          quantity: 3,
          recipients: [
            { name: 'Bo <b>Gift</b>', email: 'bo@example.com', message: 'Happy birthday & <cheers>' },
            { name: 'Cy', email: 'cy@example.com' },
          ],
        },
        { product: ctx.tesco, value: 10 },
      ]),
    );
    ctx.payments.setState(started.providerSessionId, 'paid');
    const event = { providerSessionId: started.providerSessionId, state: 'paid' as const };
    const deps = checkoutDepsOf(ctx.app);
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        sendAs(ctx.app, 'GET', `/orders/verify?session_id=${started.providerSessionId}`, buyer),
      ),
      ...Array.from({ length: 20 }, () => sendAs(ctx.app, 'GET', `/orders/status?key=${started.key}`, buyer)),
      ...Array.from({ length: 10 }, () => applyPaymentEvent(ctx.app.db, deps, event).then(() => null)),
    ]);

    const issued = await ordersOf(buyer);
    expect(issued).toHaveLength(4);
    expect(issued.map((order) => order.unitIndex).sort()).toEqual([0, 1, 2, 3]);
    for (const answer of answers) {
      if (!answer) continue;
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(body.orders).toHaveLength(4);
      if ('status' in body) expect(body.status).toBe('paid');
      else expect(body.success).toBe(true);
    }

    // Personal units belong to the buyer; gift units to nobody yet, with a pending transfer each.
    const owned = issued.filter((order) => order.ownerId === buyer.user.id);
    expect(owned.map((order) => order.merchantName).sort()).toEqual(['Argos', 'Tesco']);
    const transfers = await ctx.app.db.select().from(giftTransfers);
    expect(transfers.map((transfer) => [transfer.recipientEmail, transfer.latestAction]).sort()).toEqual([
      ['bo@example.com', 'pending'],
      ['cy@example.com', 'pending'],
    ]);

    // One receipt, one e-mail per recipient, with the claim link; HTML escaped.
    const receipts = await mailsTo(ctx.app, buyer.user.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain('Total paid: £85.00');
    // The payment is named by its order reference alone, not by its vouchers' ids.
    const reference = await referenceOf(defined(issued[0]?.checkoutSessionId));
    expect(receipts[0]?.text).toContain(`Order reference: ${reference}`);
    for (const order of issued) expect(receipts[0]?.text).not.toContain(order.id);
    const [toBo] = await mailsTo(ctx.app, 'bo@example.com');
    expect(await mailsTo(ctx.app, 'bo@example.com')).toHaveLength(1);
    expect(await mailsTo(ctx.app, 'cy@example.com')).toHaveLength(1);
    expect(toBo?.subject).toBe('Ada Buyer sent you a gift voucher: Argos £25.00');
    expect(toBo?.text).toContain('Happy birthday & <cheers>');
    expect(toBo?.html).toContain('Happy birthday &amp; &lt;cheers&gt;');
    expect(toBo?.html).not.toContain('<b>Gift</b>');
    // The gift card's art, as a PNG at an absolute address with the value on it (decision 028).
    expect(toBo?.html).toMatch(
      /<img src="http[^"]*\/api\/v1\/logos\/ARGOS-GB\.png\?value=25&amp;currency=GBP" alt="Argos gift card, £25\.00" width="214" height="135"/,
    );
    const token = /\/gift\/([\w-]+)/.exec(toBo?.text ?? '')?.[1];
    expect(token?.length).toBeGreaterThanOrEqual(22);
    expect(transfers.some((transfer) => transfer.claimTokenHash.includes(defined(token)))).toBe(false);

    // Cart emptied; one purchase row that leaves the balance alone; one notification.
    expect(
      await ctx.app.db
        .select()
        .from(cartItems)
        .where(eq(cartItems.cartId, defined(cart).id)),
    ).toEqual([]);
    const [wallet] = await ctx.app.db.select().from(wallets).where(eq(wallets.userId, buyer.user.id));
    expect(wallet).toMatchObject({ balance: 0, currency: 'GBP' });
    const history = await ctx.app.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.walletId, defined(wallet).id));
    expect(history.map((row) => [row.type, row.amount, row.orderIds.length])).toEqual([['purchase', 8500, 4]]);
    const [notified] = await ctx.app.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, buyer.user.id));
    expect(notified?.n).toBe(1);
  });

  it('issues vouchers without codes; a code bought at activation is kept unreadable, PIN where the merchant uses one', async () => {
    const issued = await ordersOf(buyer);
    // Stored value until the holder activates: no code, PIN or supplier yet (decision 068).
    for (const order of issued) {
      expect(order).toMatchObject({ codeCiphertext: null, pinCiphertext: null, codeLast4: null, supplier: null });
    }
    const owned = issued.filter((order) => order.ownerId === buyer.user.id);
    for (const order of owned) {
      expect((await sendAs(ctx.app, 'POST', `/orders/${order.id}/activate`, buyer)).statusCode).toBe(200);
    }
    const activated = (await ordersOf(buyer)).filter((order) => order.ownerId === buyer.user.id);
    const cipher = createVoucherCipher(ctx.app.appConfig.voucherEncryptionKey);
    const codes = activated.map((order) => cipher.open(defined(order.codeCiphertext, 'sealed code')));
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(new Set(codes).size).toBe(codes.length);
    const dump = JSON.stringify(await ctx.app.db.select().from(orders));
    for (const code of codes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replaceAll('-', ''));
    }
    const outbox = JSON.stringify(await ctx.app.db.select().from(mailOutbox));
    for (const code of codes) expect(outbox).not.toContain(code);
    const tesco = activated.find((order) => order.merchantName === 'Tesco');
    expect(cipher.open(defined(defined(tesco).pinCiphertext))).toMatch(/^\d{4}$/);
    expect(activated.find((order) => order.merchantName === 'Argos')?.pinCiphertext).toBeNull();
    const tampered = `${defined(defined(tesco).codeCiphertext).slice(0, -2)}AA`;
    expect(() => cipher.open(tampered)).toThrow();
  });

  it('issues nothing for a declined or failed payment', async () => {
    const shopper = await createUserAndToken(ctx.app, { name: 'Declined' });
    const started = await startCheckout(
      ctx.app,
      ctx.payments,
      shopper,
      checkoutPayload([{ product: ctx.argos, value: 25, recipients: [{ name: 'Di', email: 'di@example.com' }] }]),
    );
    // A declined card leaves the provider's session open: nothing to apply, nothing issued.
    const pending = await sendAs(ctx.app, 'GET', `/orders/verify?session_id=${started.providerSessionId}`, shopper);
    expect(pending.statusCode).toBe(409);
    await applyPaymentEvent(ctx.app.db, checkoutDepsOf(ctx.app), {
      providerSessionId: started.providerSessionId,
      state: 'failed',
    });
    // A late "paid" for another session id we never issued changes nothing either.
    await applyPaymentEvent(ctx.app.db, checkoutDepsOf(ctx.app), { providerSessionId: 'fake_unknown', state: 'paid' });
    expect(await ordersOf(shopper)).toEqual([]);
    expect(await mailsTo(ctx.app, shopper.user.email)).toEqual([]);
    expect(await mailsTo(ctx.app, 'di@example.com')).toEqual([]);
    const failed = await sendAs(ctx.app, 'GET', `/orders/verify?session_id=${started.providerSessionId}`, shopper);
    expect(failed.statusCode).toBe(402);
    expect(failed.json().failedOrders).toEqual([
      expect.objectContaining({
        _id: '0',
        productCode: 'ARGOS-GB',
        merchant: { name: 'Argos' },
        valuePurchased: 25,
        giftOrder: expect.objectContaining({ recipientName: 'Di', recipientEmail: 'di@example.com' }),
      }),
    ]);
  });

  it('fulfils the sessions paid at one moment together, each exactly once and with only its own rows', async () => {
    const [ann, ben, dee] = await Promise.all(
      ['Ann', 'Ben', 'Dee'].map((name) =>
        createUserAndToken(ctx.app, { name, email: `${name.toLowerCase()}@batch.example` }),
      ),
    );
    const [annA, annB, ben1, ben2] = [defined(ann), defined(ann), defined(ben), defined(ben)];
    // Ann buys twice, Ben twice (one a gift to Dee, who has an account); each the other's concurrent neighbour.
    const started = [];
    const purchases: [TestUser, LineSpec[]][] = [
      [annA, [{ product: ctx.argos, value: 10 }]],
      [annB, [{ product: ctx.tesco, value: 25, quantity: 2 }]],
      [ben1, [{ product: ctx.argos, value: 30, recipients: [{ name: 'Dee', email: 'DEE@batch.example' }] }]],
      [ben2, [{ product: ctx.argos, value: 15 }]],
    ];
    for (const [buyerOf, lines] of purchases) {
      const session = await startCheckout(ctx.app, ctx.payments, buyerOf, checkoutPayload(lines));
      ctx.payments.setState(session.providerSessionId, 'paid');
      started.push(session);
    }
    const deps = checkoutDepsOf(ctx.app);
    const execute = vi.spyOn(ctx.app.db, 'execute');
    try {
      // Each event three times over, all at once, each session's under a request id of its own.
      await Promise.all(
        started.flatMap((session, index) =>
          [1, 2, 3].map(() =>
            asRequest(`webhook-${index}`, () =>
              applyPaymentEvent(ctx.app.db, deps, { providerSessionId: session.providerSessionId, state: 'paid' }),
            ),
          ),
        ),
      );
      // Sessions read together were claimed by one statement: its claim names several.
      const claimsIn = (statement: SQL) => {
        const claims = new PgDialect()
          .sqlToQuery(statement)
          .params.find((param) => typeof param === 'string' && /^\[\{"id":"[^"]+","at":/.test(param));
        return typeof claims === 'string' ? (JSON.parse(claims) as unknown[]).length : 0;
      };
      const claimed = execute.mock.calls.map(([statement]) => claimsIn(statement as SQL));
      expect(Math.max(...claimed)).toBeGreaterThan(1);
      expect(claimed.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(12);
    } finally {
      execute.mockRestore();
    }

    const issued = await ctx.app.db
      .select()
      .from(orders)
      .where(inArray(orders.checkoutSessionId, await sessionIdsOf(started)));
    expect(issued.map((order) => `${order.merchantName} ${order.value}`).sort()).toEqual([
      'Argos 1000',
      'Argos 1500',
      'Argos 3000',
      'Tesco 2500',
      'Tesco 2500',
    ]);
    expect(issued.filter((order) => order.ownerId === null).map((order) => order.value)).toEqual([3000]);
    // One receipt per session, to its own buyer, naming its own payment; one gift e-mail to Dee.
    const receiptsOf = async (user: TestUser) => (await mailsTo(ctx.app, user.user.email)).map((mail) => mail.text);
    expect(await receiptsOf(defined(ann))).toHaveLength(2);
    expect(await receiptsOf(defined(ben))).toHaveLength(2);
    for (const order of issued) {
      const receipts = await receiptsOf(order.buyerId === defined(ann).user.id ? defined(ann) : defined(ben));
      const reference = await referenceOf(defined(order.checkoutSessionId));
      expect(receipts.filter((text) => text.includes(reference))).toHaveLength(1);
    }
    expect(await mailsTo(ctx.app, 'dee@batch.example')).toHaveLength(1);
    // Each e-mail keeps the id of the request that paid its own session, though the batch ran in one.
    const sessionIds = await sessionIdsOf(started);
    const outbox = await ctx.app.db.select().from(mailOutbox);
    for (const order of issued) {
      const index = sessionIds.indexOf(defined(order.checkoutSessionId));
      const reference = await referenceOf(defined(order.checkoutSessionId));
      const naming = outbox.filter((mail) => mail.text.includes(reference));
      expect(naming.map((mail) => mail.requestId)).toEqual([`webhook-${index}`]);
    }
    // Dee is told of the gift in her notifications; each buyer of each payment.
    const notesOf = async (user: TestUser) =>
      (await ctx.app.db.select().from(notifications).where(eq(notifications.userId, user.user.id))).map(
        (row) => row.message,
      );
    expect(await notesOf(defined(dee))).toEqual([expect.stringContaining('Ben sent you a gift: Argos £30.00')]);
    expect((await notesOf(defined(ann))).sort()).toEqual([
      'Payment received: 1 gift voucher for £10.00.',
      'Payment received: 2 gift vouchers for £50.00.',
    ]);
    // One wallet per buyer, with a purchase row per session.
    for (const [user, amounts] of [
      [defined(ann), [1000, 5000]],
      [defined(ben), [1500, 3000]],
    ] as const) {
      const owned = await ctx.app.db.select().from(wallets).where(eq(wallets.userId, user.user.id));
      expect(owned).toHaveLength(1);
      const history = await ctx.app.db
        .select()
        .from(walletTransactions)
        .where(eq(walletTransactions.walletId, defined(owned[0]).id));
      expect(history.map((row) => row.amount).sort((a, b) => a - b)).toEqual(amounts);
    }
  });

  it('fails only the session that cannot be written when it is fulfilled with others', async () => {
    const [eve, fay] = await Promise.all(
      ['Eve', 'Fay'].map((name) => createUserAndToken(ctx.app, { name, email: `${name.toLowerCase()}@batch.example` })),
    );
    const good = await startCheckout(
      ctx.app,
      ctx.payments,
      defined(eve),
      checkoutPayload([{ product: ctx.argos, value: 20 }]),
    );
    const bad = await startCheckout(
      ctx.app,
      ctx.payments,
      defined(fay),
      checkoutPayload([{ product: ctx.argos, value: 40 }]),
    );
    const [badSessionId] = await sessionIdsOf([bad]);
    // Unit 0 of Fay's session already has a voucher: issuing it again breaks the orders' unique key.
    await ctx.app.db.insert(orders).values({
      checkoutSessionId: badSessionId,
      unitIndex: 0,
      buyerId: defined(fay).user.id,
      ownerId: defined(fay).user.id,
      productCode: 'ARGOS-GB',
      merchantName: 'Argos',
      value: 100,
      currency: 'GBP',
    });
    const deps = checkoutDepsOf(ctx.app);
    const outcomes = await Promise.allSettled(
      [good, bad, good, bad].map((session) =>
        applyPaymentEvent(ctx.app.db, deps, { providerSessionId: session.providerSessionId, state: 'paid' }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect(await ordersOf(defined(eve))).toHaveLength(1);
    expect(await mailsTo(ctx.app, defined(eve).user.email)).toHaveLength(1);
    // Nothing of Fay's was written: no receipt, no notification, still unfulfilled for the provider's next try.
    expect(await mailsTo(ctx.app, defined(fay).user.email)).toEqual([]);
    const [session] = await ctx.app.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, defined(badSessionId)));
    expect(session?.fulfilledAt).toBeNull();
  });
});

/**
 * Runs `work` as the request `requestId` would: @fastify/request-context keeps each request's
 * values in a plain object in its AsyncLocalStorage (its type describes the accessor instead).
 */
const asRequest = <T>(requestId: string, work: () => Promise<T>) =>
  asyncLocalStorage.run({ requestId } as unknown as RequestContext, work);

/** The ids of started checkouts' sessions, in the same order. */
async function sessionIdsOf(started: readonly StartedCheckout[]): Promise<string[]> {
  const rows = await ctx.app.db
    .select({ id: checkoutSessions.id, providerSessionId: checkoutSessions.providerSessionId })
    .from(checkoutSessions)
    .where(
      inArray(
        checkoutSessions.providerSessionId,
        started.map((session) => session.providerSessionId),
      ),
    );
  return started.map((session) => defined(rows.find((row) => row.providerSessionId === session.providerSessionId)).id);
}
