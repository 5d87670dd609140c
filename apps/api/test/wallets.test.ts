import type { UserWallets, Wallet } from '@gvm/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallets, walletTransactions } from '../src/db/schema';
import { creditWallet } from '../src/modules/wallets';
import { type CheckoutTestContext, createCheckoutTestApp, defined } from './support/checkout';
import { sendAs } from './support/requests';
import { createUserAndToken } from './support/users';
import { buyVoucher, ledgerOf } from './support/vouchers';

let ctx: CheckoutTestContext;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
});
afterAll(() => ctx.close());

describe('GET /wallets/user/:userId and POST /wallets', () => {
  it('answers 404 before the wallet exists, 201 when created, then the same wallet with 200', async () => {
    const user = await createUserAndToken(ctx.app);
    const missing = await sendAs(ctx.app, 'GET', `/wallets/user/${user.user.id}`, user);
    expect(missing.statusCode).toBe(404);

    const created = await sendAs(ctx.app, 'POST', '/wallets', user, { userID: user.user.id, currency: 'GB' });
    expect(created.statusCode).toBe(201);
    const pounds = { _id: expect.any(String), currency: 'GBP', balance: 0, transactions: [] };
    const wallet = created.json<UserWallets>();
    expect(wallet).toEqual({ ...pounds, wallets: [pounds] });

    const again = await sendAs(ctx.app, 'POST', '/wallets', user, { userID: user.user.id, currency: 'GBP' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(wallet);
    const read = await sendAs(ctx.app, 'GET', `/wallets/user/${user.user.id}`, user);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(wallet);
  });

  it('holds one wallet per currency: a second currency opens a second wallet, listed after the first', async () => {
    const user = await createUserAndToken(ctx.app);
    const pounds = (await sendAs(ctx.app, 'POST', '/wallets', user, { userID: user.user.id, currency: 'GB' })).json();
    ctx.clock.advance(1000);
    const dollars = await sendAs(ctx.app, 'POST', '/wallets', user, { userID: user.user.id, currency: 'US' });
    expect(dollars.statusCode).toBe(201);
    const opened = dollars.json<UserWallets>();
    expect(opened.currency).toBe('USD');
    expect(opened.wallets.map((wallet) => wallet.currency)).toEqual(['GBP', 'USD']);
    expect(opened.wallets[0]?._id).toBe(pounds._id);
    const read = (await sendAs(ctx.app, 'GET', `/wallets/user/${user.user.id}`, user)).json<UserWallets>();
    expect(read._id).toBe(pounds._id);
    expect(read.wallets.map((wallet) => wallet.currency)).toEqual(['GBP', 'USD']);
  });

  it.each([
    ['GB', 'GBP'],
    ['US', 'USD'],
    ['EU', 'EUR'],
    ['us', 'USD'],
    ['FR', 'GBP'],
    ['USD', 'USD'],
    ['EUR', 'EUR'],
    ['GBP', 'GBP'],
    [undefined, 'GBP'],
  ])('creates a wallet for %s in %s', async (given, currency) => {
    const user = await createUserAndToken(ctx.app);
    const created = await sendAs(ctx.app, 'POST', '/wallets', user, {
      userID: user.user.id,
      ...(given ? { currency: given } : {}),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().currency).toBe(currency);
  });

  it("answers 403 for another user's wallet, 401 without a token and 400 for a bad payload", async () => {
    const owner = await createUserAndToken(ctx.app);
    const other = await createUserAndToken(ctx.app);
    await sendAs(ctx.app, 'POST', '/wallets', owner, { userID: owner.user.id });
    expect((await sendAs(ctx.app, 'GET', `/wallets/user/${owner.user.id}`, other)).statusCode).toBe(403);
    expect((await sendAs(ctx.app, 'POST', '/wallets', other, { userID: owner.user.id })).statusCode).toBe(403);
    expect((await sendAs(ctx.app, 'GET', `/wallets/user/${owner.user.id}`, null)).statusCode).toBe(401);
    expect((await sendAs(ctx.app, 'POST', '/wallets', null, { userID: owner.user.id })).statusCode).toBe(401);
    expect((await sendAs(ctx.app, 'POST', '/wallets', owner, {})).statusCode).toBe(400);
    const rows = await ctx.app.db.select().from(wallets).where(eq(wallets.userId, other.user.id));
    expect(rows).toEqual([]);
  });

  it('keeps one wallet per user and currency under 20 concurrent creates (one 201, the rest 200 with the same wallet)', async () => {
    const user = await createUserAndToken(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => sendAs(ctx.app, 'POST', '/wallets', user, { userID: user.user.id })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(19);
    expect(new Set(answers.map((answer) => answer.json<Wallet>()._id)).size).toBe(1);
    const rows = await ctx.app.db.select().from(wallets).where(eq(wallets.userId, user.user.id));
    expect(rows).toHaveLength(1);
  });

  it('shows movements newest first in major units, the last 100, with the order id or null', async () => {
    const user = await createUserAndToken(ctx.app);
    const orderId = await buyVoucher(ctx, user, 25);
    ctx.clock.advance(1000);
    const converted = await sendAs(ctx.app, 'POST', `/orders/${orderId}/return`, user);
    expect(converted.statusCode).toBe(200);
    const wallet = (await sendAs(ctx.app, 'GET', `/wallets/user/${user.user.id}`, user)).json<Wallet>();
    expect(wallet.balance).toBe(25);
    expect(wallet.transactions).toEqual([
      { transactionType: 'funding', transactionValue: 25, timestamp: expect.any(String), orderID: orderId },
      { transactionType: 'purchase', transactionValue: 25, timestamp: expect.any(String), orderID: orderId },
    ]);

    const { wallet: row } = defined(await ledgerOf(ctx, user));
    const base = ctx.clock.now().getTime();
    await ctx.app.db.insert(walletTransactions).values(
      Array.from({ length: 120 }, (_, index) => ({
        walletId: row.id,
        type: 'purchase' as const,
        amount: 100 + index,
        createdAt: new Date(base + (index + 1) * 1000),
      })),
    );
    const long = (await sendAs(ctx.app, 'GET', `/wallets/user/${user.user.id}`, user)).json<Wallet>();
    expect(long.transactions).toHaveLength(100);
    expect(long.transactions[0]).toMatchObject({ transactionType: 'purchase', transactionValue: 2.19, orderID: null });
    const times = long.transactions.map((t) => Date.parse(t.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('the ledger is a database fact', () => {
  it('moves the balance with each funding and withdrawal row and refuses a negative balance', async () => {
    const user = await createUserAndToken(ctx.app);
    const orderId = await buyVoucher(ctx, user, 10);
    await ctx.app.db.transaction((tx) =>
      creditWallet(tx, { userId: user.user.id, amount: 1000, currency: 'GBP', orderId }),
    );
    const { wallet } = defined(await ledgerOf(ctx, user));
    expect(wallet.balance).toBe(1000);

    await ctx.app.db.insert(walletTransactions).values({ walletId: wallet.id, type: 'withdrawal', amount: 400 });
    expect(defined(await ledgerOf(ctx, user)).wallet.balance).toBe(600);
    await expect(
      ctx.app.db.insert(walletTransactions).values({ walletId: wallet.id, type: 'withdrawal', amount: 601 }),
    ).rejects.toThrow();
    const after = defined(await ledgerOf(ctx, user));
    expect(after.wallet.balance).toBe(600);
    expect(after.sum).toBe(600);
  });

  it('refuses to set a balance by hand, on creation or later', async () => {
    const user = await createUserAndToken(ctx.app);
    await expect(ctx.app.db.insert(wallets).values({ userId: user.user.id, balance: 500 })).rejects.toThrow();
    await ctx.app.db.insert(wallets).values({ userId: user.user.id });
    await expect(
      ctx.app.db
        .update(wallets)
        .set({ balance: sql`${wallets.balance} + 100` })
        .where(eq(wallets.userId, user.user.id)),
    ).rejects.toThrow();
    expect(defined(await ledgerOf(ctx, user)).wallet.balance).toBe(0);
  });
});
