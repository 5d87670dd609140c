import type { CreditOutstandingReport, OutstandingVouchersReport, SalesReport } from '@gvm/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, checkoutSessions, orders, products, refunds, wallets, walletTransactions } from '../src/db/schema';
import { fixtureProduct } from './fixtures';
import { hours } from './support/app';
import { defined } from './support/checkout';
import { adjust, buyOrder, createMoneyTestApp, type MoneyTestContext, refund, signedInOperator } from './support/money';
import { opsCall } from './support/operators';
import { sendAs } from './support/requests';
import { createUserAndToken } from './support/users';

/**
 * docs/product/operators.md#reports: after a scripted mix of purchases, a conversion, an
 * activation, refunds to credit and to the card, and adjustments both ways, every figure of the
 * reports equals both what the script did and what the orders and the ledger hold.
 */
let ctx: MoneyTestContext;
beforeAll(async () => {
  ctx = await createMoneyTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const day = (at: Date) => at.toISOString().slice(0, 10);
const month = (at: Date) => at.toISOString().slice(0, 7);

describe('books that balance', () => {
  it('reconcile exactly with the orders and the ledger after a scripted mix', async () => {
    const [formula] = await ctx.app.db
      .insert(products)
      .values(
        fixtureProduct({ code: 'FORMULA-GB', merchantName: '=HYPERLINK("evil")', minPrice: 500, maxPrice: 50000 }),
      )
      .returning();
    const ann = await createUserAndToken(ctx.app, { name: 'Ann' });
    const ben = await createUserAndToken(ctx.app, { name: 'Ben' });
    const cy = await createUserAndToken(ctx.app, { name: 'Cy' });

    // Day 1: three purchases (£60 + £50 + £100 = £210).
    const saleDay = ctx.clock.now();
    const annOrder = await buyOrder(ctx, ann, [
      { product: ctx.argos, value: 25, quantity: 2 },
      { product: ctx.tesco, value: 10 },
    ]);
    const benOrder = await buyOrder(ctx, ben, [{ product: ctx.argos, value: 50 }]);
    const cyOrder = await buyOrder(ctx, cy, [{ product: defined(formula), value: 100 }]);
    const annArgos = defined(annOrder.voucherIds[0]);
    const annArgos2 = defined(annOrder.voucherIds[1]);
    const annTesco = defined(annOrder.voucherIds[2]);
    // Ann converts one £25 voucher to credit and activates her Tesco one.
    expect((await sendAs(ctx.app, 'POST', `/orders/${annArgos2}/return`, ann)).statusCode).toBe(200);
    expect((await sendAs(ctx.app, 'POST', `/orders/${annTesco}/activate`, ann)).statusCode).toBe(200);

    // Day 2: refunds (Ben's £50 to credit, £60 of Cy's £100 to the card) and adjustments.
    ctx.clock.advance(hours(24));
    const refundDay = ctx.clock.now();
    const finance = await signedInOperator(ctx, 'finance');
    expect((await refund(ctx, finance, benOrder.orderId, { amount: 5000, refundTo: 'credit' })).statusCode).toBe(200);
    expect((await refund(ctx, finance, cyOrder.orderId, { amount: 6000, refundTo: 'card' })).statusCode).toBe(200);
    expect((await adjust(ctx, finance, cy.user.id, { amount: 1000 })).statusCode).toBe(200);
    expect((await adjust(ctx, finance, ann.user.id, { amount: -500 })).statusCode).toBe(200);

    // What the script did: Ann's one £25 Argos voucher is all that is outstanding; credit is
    // Ann 25 - 5, Ben 50, Cy 10 = £80.
    const outstanding = (
      await opsCall(ctx.app, 'GET', '/reports/outstanding-vouchers', finance.token)
    ).json<OutstandingVouchersReport>();
    expect(outstanding).toEqual({
      totals: [{ currency: 'GBP', count: 1, value: 2500 }],
      byMerchant: [{ merchantName: 'Argos', currency: 'GBP', count: 1, value: 2500 }],
      byMonth: [{ month: month(saleDay), currency: 'GBP', count: 1, value: 2500 }],
    });
    const credit = (
      await opsCall(ctx.app, 'GET', '/reports/credit-outstanding', finance.token)
    ).json<CreditOutstandingReport>();
    expect(credit).toEqual({ balances: [{ currency: 'GBP', wallets: 3, balance: 8000 }] });
    const sales = (await opsCall(ctx.app, 'GET', '/reports/sales', finance.token)).json<SalesReport>();
    expect(sales.days).toEqual([
      { day: day(saleDay), currency: 'GBP', orders: 3, sales: 21_000, refunds: 0, refunded: 0 },
      { day: day(refundDay), currency: 'GBP', orders: 0, sales: 0, refunds: 2, refunded: 11_000 },
    ]);
    const onlyRefundDay = (
      await opsCall(ctx.app, 'GET', `/reports/sales?from=${day(refundDay)}&to=${day(refundDay)}`, finance.token)
    ).json<SalesReport>();
    expect(onlyRefundDay.days.map((row) => row.day)).toEqual([day(refundDay)]);

    // What the orders and the ledger hold, read straight from the tables.
    const unused = await ctx.app.db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.status, 'active'),
          eq(orders.deactivated, false),
          eq(orders.swapped, false),
          isNull(orders.activatedAt),
        ),
      );
    expect(unused.map((row) => row.id)).toEqual([annArgos]);
    expect(unused.reduce((sum, row) => sum + row.value, 0)).toBe(outstanding.totals[0]?.value);
    const ledger = await ctx.app.db.select().from(walletTransactions);
    const signed = ledger.reduce((sum, row) => {
      if (row.type === 'withdrawal') return sum - row.amount;
      return row.type === 'purchase' ? sum : sum + row.amount;
    }, 0);
    const balances = await ctx.app.db.select().from(wallets);
    expect(signed).toBe(credit.balances[0]?.balance);
    expect(balances.reduce((sum, row) => sum + row.balance, 0)).toBe(credit.balances[0]?.balance);
    const paid = await ctx.app.db.select().from(checkoutSessions);
    expect(paid.filter((row) => row.fulfilledAt).reduce((sum, row) => sum + row.amount, 0)).toBe(sales.days[0]?.sales);
    const done = await ctx.app.db.select().from(refunds).where(eq(refunds.status, 'done'));
    expect(done.reduce((sum, row) => sum + row.amount, 0)).toBe(sales.days[1]?.refunded);
    // Card refunds are what the provider recorded.
    expect(ctx.payments.refunds.reduce((sum, made) => sum + made.amount, 0)).toBe(6000);
  }, 120_000);

  it('downloads each report as CSV, formulas defused, each download audited; finance and admin only', async () => {
    const finance = await signedInOperator(ctx, 'finance');
    const vouchersCsv = await opsCall(ctx.app, 'GET', '/reports/outstanding-vouchers.csv', finance.token);
    expect(vouchersCsv.statusCode).toBe(200);
    expect(vouchersCsv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(vouchersCsv.headers['content-disposition']).toMatch(
      /^attachment; filename="outstanding-vouchers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = vouchersCsv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('group,merchant,month_of_issue,currency,count,value');
    expect(lines).toContain('total,,,GBP,1,25.00');
    expect(lines).toContain('merchant,Argos,,GBP,1,25.00');

    const creditCsv = await opsCall(ctx.app, 'GET', '/reports/credit-outstanding.csv', finance.token);
    expect(creditCsv.body).toBe('currency,wallets,balance\r\nGBP,3,80.00\r\n');
    const salesCsv = await opsCall(ctx.app, 'GET', '/reports/sales.csv', finance.token);
    expect(salesCsv.body.split('\r\n')[0]).toBe('day,currency,orders,sales,refunds,refunded');
    expect(salesCsv.body).toContain(',GBP,3,210.00,0,0.00\r\n');
    expect(salesCsv.body).toContain(',GBP,0,0.00,2,110.00\r\n');

    const exports = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'report.export'), eq(auditLog.operatorId, finance.id)));
    expect(exports.map((row) => row.targetId).sort()).toEqual([
      'credit-outstanding',
      'outstanding-vouchers',
      'sales-and-refunds',
    ]);

    for (const role of ['support', 'partnerships'] as const) {
      const operator = await signedInOperator(ctx, role);
      for (const path of ['/reports/outstanding-vouchers', '/reports/credit-outstanding.csv', '/reports/sales']) {
        expect((await opsCall(ctx.app, 'GET', path, operator.token)).statusCode, `${role} ${path}`).toBe(403);
      }
    }
    const admin = await signedInOperator(ctx, 'admin');
    expect((await opsCall(ctx.app, 'GET', '/reports/sales', admin.token)).statusCode).toBe(200);
  }, 60_000);

  it('defuses a merchant name a spreadsheet would run as a formula', async () => {
    const buyer = await createUserAndToken(ctx.app);
    const [formula] = await ctx.app.db.select().from(products).where(eq(products.code, 'FORMULA-GB'));
    await buyOrder(ctx, buyer, [{ product: defined(formula), value: 20 }]);
    const finance = await signedInOperator(ctx, 'finance');
    const csv = (await opsCall(ctx.app, 'GET', '/reports/outstanding-vouchers.csv', finance.token)).body;
    expect(csv).toContain(`merchant,"'=HYPERLINK(""evil"")",,GBP,1,20.00\r\n`);
  }, 60_000);
});
