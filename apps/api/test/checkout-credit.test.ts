import { randomUUID } from 'node:crypto';
import {
  type CheckoutSessionRequest,
  CREDIT_BALANCE_TOO_LOW_MESSAGE,
  CREDIT_OVER_TOTAL_MESSAGE,
  creditCurrencyMessage,
  type Wallet,
} from '@gvm/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, orders, wallets } from '../src/db/schema';
import { AppError } from '../src/lib/errors';
import {
  applyPaymentEvent,
  checkoutDepsOf,
  createCheckoutSession,
  releaseDueCreditHolds,
} from '../src/modules/checkout';
import { creditWallet } from '../src/modules/wallets';
import { type CheckoutTestContext, checkoutPayload, createCheckoutTestApp, defined } from './support/checkout';
import { sendAs } from './support/requests';
import { createUserAndToken, type TestUser } from './support/users';
import { ledgerOf } from './support/vouchers';

/** Paying with UGM Credit, whole or in part (decision 026). */

let ctx: CheckoutTestContext;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
});
afterAll(() => ctx.close());

/** A shopper with `pence` of UGM Credit (funded the way a conversion funds it). */
async function shopperWithCredit(pence: number): Promise<TestUser> {
  const user = await createUserAndToken(ctx.app, { name: 'Cara Credit' });
  await creditWallet(ctx.app.db, {
    userId: user.user.id,
    amount: pence,
    currency: 'GBP',
    orderId: randomUUID(),
    at: ctx.clock.now(),
  });
  ctx.clock.advance(1000);
  return user;
}

/** Balance in pence, after checking it is the signed sum of the ledger and not negative. */
async function balanceOf(user: TestUser): Promise<number> {
  const ledger = defined(await ledgerOf(ctx, user), 'wallet');
  expect(ledger.wallet.balance).toBe(ledger.sum);
  expect(ledger.wallet.balance).toBeGreaterThanOrEqual(0);
  return ledger.wallet.balance;
}

const movements = async (user: TestUser) =>
  defined(await ledgerOf(ctx, user), 'wallet')
    .rows.filter((row) => row.checkoutSessionId !== null)
    .map((row) => ({ type: row.type, amount: row.amount, orderIds: row.orderIds }))
    .sort((a, b) => a.type.localeCompare(b.type));

const ordersOf = (user: TestUser) => ctx.app.db.select().from(orders).where(eq(orders.buyerId, user.user.id));
const sessionsOf = (user: TestUser) =>
  ctx.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, user.user.id));

const argosFor = (value: number, walletCredit?: number): CheckoutSessionRequest =>
  checkoutPayload([{ product: ctx.argos, value }], walletCredit === undefined ? {} : { walletCredit });

const checkout = (user: TestUser, payload: CheckoutSessionRequest) =>
  sendAs(ctx.app, 'POST', '/wallets/checkout-session', user, payload);

describe('paying with UGM Credit at checkout', () => {
  it('pays the whole total with credit: no card page, the voucher issued at once, a withdrawal naming it', async () => {
    const user = await shopperWithCredit(2500);
    const before = ctx.payments.requests.length;

    const answer = await checkout(user, argosFor(10, 10));

    expect(answer.statusCode).toBe(200);
    const url = new URL(answer.json<{ url: string }>().url);
    expect(url.pathname).toBe('/confirmation');
    expect(ctx.payments.requests).toHaveLength(before);
    const [order, ...others] = await ordersOf(user);
    expect(others).toEqual([]);
    expect(defined(order).value).toBe(1000);
    expect(await balanceOf(user)).toBe(1500);
    expect(await movements(user)).toEqual([{ type: 'withdrawal', amount: 1000, orderIds: [defined(order).id] }]);
    const [session] = await sessionsOf(user);
    expect(session).toMatchObject({ status: 'paid', creditAmount: 1000, amount: 1000, providerSessionId: null });

    // The result page the browser is sent to shows the voucher; the wallet shows the withdrawal.
    const verify = await sendAs(
      ctx.app,
      'GET',
      `/orders/verify?session_id=${url.searchParams.get('session_id')}`,
      user,
    );
    expect(verify.statusCode).toBe(200);
    expect(verify.json().orders).toHaveLength(1);
    const status = await sendAs(ctx.app, 'GET', `/orders/status?key=${url.searchParams.get('key')}`, user);
    expect(status.json()).toMatchObject({ status: 'paid' });
    const wallet = (await sendAs(ctx.app, 'GET', `/wallets/user/${user.user.id}`, user)).json<Wallet>();
    expect(wallet.balance).toBe(15);
    expect(wallet.transactions[0]).toMatchObject({
      transactionType: 'withdrawal',
      transactionValue: 10,
      orderID: defined(order).id,
    });
  });

  it('pays part with credit and the rest by card: the card is asked only for the rest', async () => {
    const user = await shopperWithCredit(2500);

    const answer = await checkout(user, argosFor(40, 25));

    expect(answer.statusCode).toBe(200);
    const request = defined(ctx.payments.requests.at(-1));
    expect(request.amount).toBe(1500);
    expect(request.lines).toEqual([
      { name: 'Gift cards £40.00 less £25.00 UGM Credit', unitAmount: 1500, quantity: 1 },
    ]);
    // Held at once: the balance is spent while the card page is open.
    expect(await balanceOf(user)).toBe(0);

    const providerSessionId = ctx.payments.sessionId();
    await applyPaymentEvent(ctx.app.db, checkoutDepsOf(ctx.app), { providerSessionId, state: 'paid' });

    const [order] = await ordersOf(user);
    const orderIds = [defined(order).id];
    expect(await balanceOf(user)).toBe(0);
    expect(await movements(user)).toEqual([
      { type: 'purchase', amount: 1500, orderIds },
      { type: 'withdrawal', amount: 2500, orderIds },
    ]);
  });

  it('releases the hold when the card is declined, and spends it once if the provider later says paid', async () => {
    const user = await shopperWithCredit(2500);
    expect((await checkout(user, argosFor(40, 20))).statusCode).toBe(200);
    const providerSessionId = ctx.payments.sessionId();
    expect(await balanceOf(user)).toBe(500);

    ctx.payments.setState(providerSessionId, 'failed');
    const failed = await sendAs(ctx.app, 'GET', `/orders/verify?session_id=${providerSessionId}`, user);
    expect(failed.statusCode).toBe(402);
    // A redelivered failure releases nothing more.
    const deps = checkoutDepsOf(ctx.app);
    await Promise.all(
      Array.from({ length: 10 }, () => applyPaymentEvent(ctx.app.db, deps, { providerSessionId, state: 'failed' })),
    );
    expect(await ordersOf(user)).toEqual([]);
    expect(await balanceOf(user)).toBe(2500);
    expect(await movements(user)).toEqual([
      { type: 'funding', amount: 2000, orderIds: [] },
      { type: 'withdrawal', amount: 2000, orderIds: [] },
    ]);

    // Paid always wins (decision 017): the credit is taken back and spent, once.
    await Promise.all(
      Array.from({ length: 10 }, () => applyPaymentEvent(ctx.app.db, deps, { providerSessionId, state: 'paid' })),
    );
    const [order, ...others] = await ordersOf(user);
    expect(others).toEqual([]);
    expect(await balanceOf(user)).toBe(500);
    expect(await movements(user)).toEqual([
      { type: 'purchase', amount: 2000, orderIds: [defined(order).id] },
      { type: 'withdrawal', amount: 2000, orderIds: [defined(order).id] },
    ]);
  });

  it('issues nothing for a late paid report when the released credit has been spent since', async () => {
    const user = await shopperWithCredit(2000);
    expect((await checkout(user, argosFor(30, 20))).statusCode).toBe(200);
    const lateSession = ctx.payments.sessionId();
    const deps = checkoutDepsOf(ctx.app);
    await applyPaymentEvent(ctx.app.db, deps, { providerSessionId: lateSession, state: 'failed' });
    expect((await checkout(user, argosFor(20, 20))).statusCode).toBe(200);
    expect(await balanceOf(user)).toBe(0);

    await applyPaymentEvent(ctx.app.db, deps, { providerSessionId: lateSession, state: 'paid' });

    expect(await ordersOf(user)).toHaveLength(1);
    expect(await balanceOf(user)).toBe(0);
    const late = (await sessionsOf(user)).find((session) => session.providerSessionId === lateSession);
    expect(late).toMatchObject({ status: 'failed', fulfilledAt: null });
  });

  it('releases the hold when the payment page expires, on the next read or by the sweep with nobody reading', async () => {
    const read = await shopperWithCredit(1000);
    expect((await checkout(read, argosFor(25, 10))).statusCode).toBe(200);
    const readKey = new URL(
      defined(ctx.payments.requests.at(-1)).successUrl.replace('{CHECKOUT_SESSION_ID}', 'x'),
    ).searchParams.get('key');
    const unread = await shopperWithCredit(1000);
    expect((await checkout(unread, argosFor(25, 10))).statusCode).toBe(200);
    const paidLate = await shopperWithCredit(1000);
    expect((await checkout(paidLate, argosFor(25, 10))).statusCode).toBe(200);
    ctx.payments.setState(ctx.payments.sessionId(), 'paid');
    expect([await balanceOf(read), await balanceOf(unread), await balanceOf(paidLate)]).toEqual([0, 0, 0]);

    // Not before the 30 minutes are up.
    ctx.clock.advance(29 * 60_000);
    await releaseDueCreditHolds(ctx.app.db, checkoutDepsOf(ctx.app));
    expect(await balanceOf(unread)).toBe(0);

    ctx.clock.advance(2 * 60_000);
    const status = await sendAs(ctx.app, 'GET', `/orders/status?key=${readKey}`, read);
    expect(status.json()).toMatchObject({ status: 'failed' });
    expect(await balanceOf(read)).toBe(1000);

    await releaseDueCreditHolds(ctx.app.db, checkoutDepsOf(ctx.app));
    expect(await balanceOf(unread)).toBe(1000);
    expect(await sessionsOf(unread)).toMatchObject([{ status: 'expired' }]);
    // The provider is asked first: a payment made at the last second is fulfilled, not released.
    expect(await balanceOf(paidLate)).toBe(0);
    expect(await ordersOf(paidLate)).toHaveLength(1);
    expect(await movements(unread)).toEqual([
      { type: 'funding', amount: 1000, orderIds: [] },
      { type: 'withdrawal', amount: 1000, orderIds: [] },
    ]);
  });

  it('releases the hold when the payment provider cannot open its page', async () => {
    const user = await shopperWithCredit(1000);
    ctx.payments.failCreation(true);
    try {
      const answer = await checkout(user, argosFor(25, 10));
      expect(answer.statusCode).toBe(503);
    } finally {
      ctx.payments.failCreation(false);
    }
    expect(await balanceOf(user)).toBe(1000);
    expect(await sessionsOf(user)).toMatchObject([{ status: 'failed', creditAmount: 1000 }]);
  });

  it('refuses more credit than the balance or the total, credit without a wallet, and credit for a EUR total', async () => {
    const user = await shopperWithCredit(1000);
    const tooMuch = await checkout(user, argosFor(25, 15));
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error).toBe(CREDIT_BALANCE_TOO_LOW_MESSAGE);
    const overTotal = await checkout(user, argosFor(5, 10));
    expect(overTotal.statusCode).toBe(422);
    expect(overTotal.json().error).toBe(CREDIT_OVER_TOTAL_MESSAGE);
    const euros = await checkout(
      user,
      checkoutPayload([{ product: ctx.dunnes, value: 10 }], { walletCredit: 5, orderDetails: { currency: 'EUR' } }),
    );
    expect(euros.statusCode).toBe(422);
    expect(euros.json().error).toBe(creditCurrencyMessage('GBP', 'EUR'));
    const noWallet = await createUserAndToken(ctx.app, { name: 'No Wallet' });
    const none = await checkout(noWallet, argosFor(10, 5));
    expect(none.statusCode).toBe(422);
    expect(none.json().error).toBe(CREDIT_BALANCE_TOO_LOW_MESSAGE);

    // Nothing was held or left open by a refusal.
    expect(await balanceOf(user)).toBe(1000);
    expect(await sessionsOf(user)).toEqual([]);
    expect(await sessionsOf(noWallet)).toEqual([]);
  });
});

describe('50 checkouts spending the same credit at once', () => {
  // The service itself is called: over HTTP the checkout limit (10 per account per 10 minutes) would answer first.
  async function race(user: TestUser, payload: CheckoutSessionRequest) {
    // While the checkouts run, the wallet is read again and again, balance and ledger in one
    // statement (one snapshot): the invariant must hold at every moment, not just at the end.
    let running = true;
    const samples: { balance: number; sum: number }[] = [];
    const watcher = (async () => {
      while (running) {
        const [row] = await ctx.app.db
          .select({
            balance: wallets.balance,
            sum: sql<number>`coalesce((select sum(case t.type when 'funding' then t.amount
              when 'withdrawal' then -t.amount else 0 end) from wallet_transactions t
              where t.wallet_id = "wallets"."id"), 0)::int`,
          })
          .from(wallets)
          .where(eq(wallets.userId, user.user.id));
        if (row) samples.push({ balance: Number(row.balance), sum: Number(row.sum) });
      }
    })();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        createCheckoutSession(ctx.app.db, checkoutDepsOf(ctx.app), user.user.id, payload),
      ),
    );
    running = false;
    await watcher;
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) {
      expect(sample.balance).toBe(sample.sum);
      expect(sample.balance).toBeGreaterThanOrEqual(0);
    }
    return results;
  }

  function expectRefusals(results: PromiseSettledResult<unknown>[], succeeded: number) {
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(succeeded);
    for (const result of results) {
      if (result.status === 'fulfilled') continue;
      expect(result.reason).toBeInstanceOf(AppError);
      expect((result.reason as AppError).message).toBe(CREDIT_BALANCE_TOO_LOW_MESSAGE);
    }
  }

  it('paying in full: exactly as many as the balance covers succeed, and it never goes negative', async () => {
    const user = await shopperWithCredit(2500);

    const results = await race(user, argosFor(10, 10));

    expectRefusals(results, 2);
    expect(await balanceOf(user)).toBe(500);
    expect(await ordersOf(user)).toHaveLength(2);
    expect(await sessionsOf(user)).toHaveLength(2);
    const spent = await movements(user);
    expect(spent.map((row) => [row.type, row.amount])).toEqual([
      ['withdrawal', 1000],
      ['withdrawal', 1000],
    ]);
  });

  it('paying in part: the holds fit the balance, and each is spent or released once', async () => {
    const user = await shopperWithCredit(2500);

    const results = await race(user, argosFor(20, 10));

    expectRefusals(results, 2);
    expect(await balanceOf(user)).toBe(500);
    const [first, second] = ctx.payments.requests.slice(-2).map((request) => request.checkoutSessionId);
    const deps = checkoutDepsOf(ctx.app);
    const [paid, failed] = await Promise.all(
      [first, second].map(async (id) => {
        const [row] = await ctx.app.db
          .select()
          .from(checkoutSessions)
          .where(eq(checkoutSessions.id, defined(id)));
        return defined(defined(row).providerSessionId);
      }),
    );
    await Promise.all([
      ...Array.from({ length: 25 }, () =>
        applyPaymentEvent(ctx.app.db, deps, { providerSessionId: defined(paid), state: 'paid' }),
      ),
      ...Array.from({ length: 25 }, () =>
        applyPaymentEvent(ctx.app.db, deps, { providerSessionId: defined(failed), state: 'failed' }),
      ),
    ]);
    expect(await balanceOf(user)).toBe(1500);
    expect(await ordersOf(user)).toHaveLength(1);
  });
});
