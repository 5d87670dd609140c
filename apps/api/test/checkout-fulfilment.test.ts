import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVoucherCipher } from '../src/adapters/vouchers';
import {
  cartItems,
  carts,
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
    for (const order of issued) expect(receipts[0]?.text).toContain(order.id);
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

  it('keeps voucher codes unreadable in the database: only AES-GCM ciphertexts, PIN where the merchant uses one', async () => {
    const issued = await ordersOf(buyer);
    const cipher = createVoucherCipher(ctx.app.appConfig.voucherEncryptionKey);
    const codes = issued.map((order) => cipher.open(order.codeCiphertext));
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(new Set(codes).size).toBe(codes.length);
    const dump = JSON.stringify(await ctx.app.db.select().from(orders));
    for (const code of codes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replaceAll('-', ''));
    }
    const outbox = JSON.stringify(await ctx.app.db.select().from(mailOutbox));
    for (const code of codes) expect(outbox).not.toContain(code);
    const tesco = issued.find((order) => order.merchantName === 'Tesco');
    expect(cipher.open(defined(defined(tesco).pinCiphertext))).toMatch(/^\d{4}$/);
    expect(issued.find((order) => order.merchantName === 'Argos')?.pinCiphertext).toBeNull();
    const tampered = `${defined(tesco).codeCiphertext.slice(0, -2)}AA`;
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
});
