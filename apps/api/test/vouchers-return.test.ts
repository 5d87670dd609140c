import type { ActiveOrder, UserWallets, Wallet } from '@gvm/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, type ProductRow, products } from '../src/db/schema';
import { fixtureProduct } from './fixtures';
import { type CheckoutTestContext, createCheckoutTestApp, defined } from './support/checkout';
import { sendAs } from './support/requests';
import { createUserAndToken, type TestUser } from './support/users';
import { buyVoucher, buyVouchers, ledgerOf, orderRow } from './support/vouchers';

let ctx: CheckoutTestContext;
let boots: ProductRow;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  const [row] = await ctx.app.db
    .insert(products)
    .values(
      fixtureProduct({ code: 'BOOTS-GB', merchantName: 'Boots', minPrice: 500, maxPrice: 50000, denominations: [] }),
    )
    .returning();
  boots = defined(row);
});
afterAll(() => ctx.close());
// Each test buys as its own shopper: checkout allows 10 sessions per account per 10 minutes.

const convert = (user: TestUser | null, id: string) => sendAs(ctx.app, 'POST', `/orders/${id}/return`, user);

async function expectLedgerConsistent(user: TestUser) {
  const ledger = await ledgerOf(ctx, user);
  if (!ledger) return 0;
  expect(ledger.wallet.balance).toBe(ledger.sum);
  expect(ledger.wallet.balance).toBeGreaterThanOrEqual(0);
  return ledger.wallet.balance;
}

describe('POST /orders/:id/return (conversion to UGM Credit)', () => {
  it('deactivates the voucher and funds the wallet (created when missing) with the order id, once', async () => {
    const user = await createUserAndToken(ctx.app);
    const id = await buyVoucher(ctx, user, 25);
    ctx.clock.advance(1000);
    const answer = await convert(user, id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'Successfully converted to UGM Credit', balance: 25, currency: 'GBP' });
    expect(await orderRow(ctx, id)).toMatchObject({ deactivated: true, swapped: false });
    const wallet = (await sendAs(ctx.app, 'GET', `/wallets/user/${user.user.id}`, user)).json<Wallet>();
    expect(wallet.balance).toBe(25);
    expect(wallet.transactions[0]).toMatchObject({ transactionType: 'funding', transactionValue: 25, orderID: id });
    const again = await convert(user, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This voucher has already been converted to UGM Credit' });
    const active = (await sendAs(ctx.app, 'GET', `/orders/user/${user.user.id}/active`, user)).json<ActiveOrder[]>();
    expect(active).toEqual([]);
  });

  it('refuses an activated voucher (409), someone else’s (404) and a guest (401)', async () => {
    const user = await createUserAndToken(ctx.app);
    const stranger = await createUserAndToken(ctx.app);
    const id = await buyVoucher(ctx, user, 25);
    expect((await convert(stranger, id)).statusCode).toBe(404);
    expect((await convert(null, id)).statusCode).toBe(401);
    expect(await ledgerOf(ctx, stranger)).toBeNull();
    expect((await sendAs(ctx.app, 'POST', `/orders/${id}/activate`, user)).statusCode).toBe(200);
    expect((await convert(user, id)).statusCode).toBe(409);
    expect(await orderRow(ctx, id)).toMatchObject({ deactivated: false });
  });

  it("converts a EUR voucher into the shopper's EUR wallet, beside their GBP one, and the wallet answer shows both", async () => {
    const user = await createUserAndToken(ctx.app);
    const pounds = await buyVoucher(ctx, user, 25);
    const euros = await buyVoucher(ctx, user, 30, ctx.dunnes);
    ctx.clock.advance(1000);
    expect((await convert(user, pounds)).statusCode).toBe(200);
    const answer = await convert(user, euros);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ balance: 30, currency: 'EUR' });
    expect(await orderRow(ctx, euros)).toMatchObject({ deactivated: true });
    expect(defined(await ledgerOf(ctx, user, 'EUR')).wallet.balance).toBe(3000);
    expect(defined(await ledgerOf(ctx, user, 'GBP')).wallet.balance).toBe(2500);
    const shown = (await sendAs(ctx.app, 'GET', `/wallets/user/${user.user.id}`, user)).json<UserWallets>();
    expect(shown.wallets.map(({ currency, balance }) => ({ currency, balance }))).toEqual([
      { currency: 'GBP', balance: 25 },
      { currency: 'EUR', balance: 30 },
    ]);
    // The EUR card purchase is in the EUR wallet's history, not the GBP one's.
    const eurWallet = shown.wallets.find((wallet) => wallet.currency === 'EUR');
    expect(eurWallet?.transactions.map((row) => row.transactionType)).toEqual(['funding', 'purchase']);
    await expectLedgerConsistent(user);
  });

  it('converts once under 50 concurrent returns of one voucher: one 200, 49 409s, balance = its value', async () => {
    const user = await createUserAndToken(ctx.app);
    const id = await buyVoucher(ctx, user, 37.5);
    const answers = await Promise.all(Array.from({ length: 50 }, () => convert(user, id)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(49);
    const ledger = defined(await ledgerOf(ctx, user));
    expect(ledger.wallet.balance).toBe(3750);
    expect(ledger.rows.filter((row) => row.type === 'funding')).toHaveLength(1);
    await expectLedgerConsistent(user);
  });

  it('credits one wallet with 50 concurrent conversions of different vouchers: balance = their sum', async () => {
    const user = await createUserAndToken(ctx.app);
    const bought = await buyVouchers(
      ctx,
      user,
      Array.from({ length: 10 }, (_, index) => ({ product: ctx.argos, value: 5 + index, quantity: 5 })),
    );
    expect(bought).toHaveLength(50);
    const answers = await Promise.all(bought.map((order) => convert(user, order._id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    const expected = bought.reduce((sum, order) => sum + Math.round(order.valuePurchased * 100), 0);
    const ledger = defined(await ledgerOf(ctx, user));
    expect(ledger.wallet.balance).toBe(expected);
    expect(ledger.rows.filter((row) => row.type === 'funding')).toHaveLength(50);
    await expectLedgerConsistent(user);
  });
});

type Step =
  | { kind: 'purchase'; value: number }
  | { kind: 'convert'; pick: number; twice: boolean }
  | { kind: 'swap'; pick: number; twice: boolean }
  | { kind: 'activate'; pick: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('purchase' as const), value: fc.integer({ min: 5, max: 60 }) }),
  fc.record({ kind: fc.constant('convert' as const), pick: fc.nat(), twice: fc.boolean() }),
  fc.record({ kind: fc.constant('swap' as const), pick: fc.nat(), twice: fc.boolean() }),
  fc.record({ kind: fc.constant('activate' as const), pick: fc.nat() }),
);

describe('the wallet and vouchers under any sequence of purchases, conversions and exchanges', () => {
  it('keeps the balance the signed sum of movements, never negative, and no voucher owned twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 12 }), async (steps) => {
        const user = await createUserAndToken(ctx.app);
        // The model: the user's live vouchers (id → value, activated) and the credit they should hold.
        const live = new Map<string, { value: number; activated: boolean; productCode: string }>();
        let credit = 0;
        let purchases = 0;
        let swaps = 0;
        for (const step of steps) {
          const ids = [...live.keys()];
          const chosen = ids.length > 0 ? ids[('pick' in step ? step.pick : 0) % ids.length] : undefined;
          if (step.kind === 'purchase') {
            if (purchases >= 8) continue; // the checkout limit per account
            purchases += 1;
            const id = await buyVoucher(ctx, user, step.value);
            live.set(id, { value: step.value * 100, activated: false, productCode: 'ARGOS-GB' });
          } else if (chosen) {
            const voucher = defined(live.get(chosen));
            if (step.kind === 'activate') {
              const answer = await sendAs(ctx.app, 'POST', `/orders/${chosen}/activate`, user);
              expect(answer.statusCode).toBe(voucher.activated ? 409 : 200);
              voucher.activated = true;
            } else if (step.kind === 'convert') {
              const answers = await Promise.all(
                Array.from({ length: step.twice ? 2 : 1 }, () => convert(user, chosen)),
              );
              const ok = answers.filter((answer) => answer.statusCode === 200);
              expect(ok).toHaveLength(voucher.activated ? 0 : 1);
              expect(answers.length - ok.length).toBe(answers.filter((a) => a.statusCode === 409).length);
              if (!voucher.activated) {
                credit += voucher.value;
                live.delete(chosen);
              }
            } else {
              const target = voucher.productCode === 'ARGOS-GB' ? boots : ctx.argos;
              const payload = {
                newOrderDetails: {
                  productCode: target.code,
                  currency: 'GBP',
                  valuePurchased: voucher.value / 100,
                  merchant: { name: target.merchantName },
                },
              };
              const answers = await Promise.all(
                Array.from({ length: step.twice ? 2 : 1 }, () =>
                  sendAs(ctx.app, 'POST', `/orders/${chosen}/swap`, user, payload),
                ),
              );
              const ok = answers.filter((answer) => answer.statusCode === 200);
              expect(ok).toHaveLength(voucher.activated ? 0 : 1);
              const [success] = ok;
              if (success) {
                swaps += 1;
                live.delete(chosen);
                live.set(success.json<{ order: ActiveOrder }>().order._id, {
                  value: voucher.value,
                  activated: false,
                  productCode: target.code,
                });
              }
            }
          }

          // After every step: the ledger is consistent and matches the model.
          expect(await expectLedgerConsistent(user)).toBe(credit);
          const active = (await sendAs(ctx.app, 'GET', `/orders/user/${user.user.id}/active`, user)).json<
            ActiveOrder[]
          >();
          const activeIds = active.map((order) => order._id);
          expect(new Set(activeIds).size).toBe(activeIds.length);
          expect(new Set(activeIds)).toEqual(new Set(live.keys()));
          const replacements = await ctx.app.db
            .select({ replaces: orders.replacesOrderId })
            .from(orders)
            .where(and(eq(orders.ownerId, user.user.id), isNotNull(orders.replacesOrderId)));
          expect(replacements).toHaveLength(swaps);
          // Each voucher bought is held as exactly one live voucher unless it was converted.
          const owned = await ctx.app.db.select().from(orders).where(eq(orders.ownerId, user.user.id));
          const retired = owned.filter((order) => order.deactivated || order.swapped);
          expect(owned.length - retired.length).toBe(live.size);
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
