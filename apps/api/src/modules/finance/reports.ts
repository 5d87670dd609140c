import type { CreditOutstandingReport, OutstandingVouchersReport, SalesReport } from '@gvm/contract';
import { and, asc, count, eq, gte, lt, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { refunds } from '../../db/schema/finance';
import { toCsv } from '../../lib/csv';
import { type DayRange, salesByDay } from '../checkout';
import { outstandingVouchers } from '../vouchers';
import { creditOutstanding } from '../wallets';

/**
 * The books (docs/product/operators.md#reports): each figure is read from the table that is its
 * source of truth (vouchers from orders, credit from wallet balances, sales from paid checkouts,
 * refunds from done refunds), so the reconciliation test can compare them with the orders and
 * the ledger exactly. Days are UTC.
 */

export async function outstandingVouchersReport(db: Executor): Promise<OutstandingVouchersReport> {
  return outstandingVouchers(db);
}

export async function creditOutstandingReport(db: Executor): Promise<CreditOutstandingReport> {
  return { balances: await creditOutstanding(db) };
}

const DAY_MS = 24 * 60 * 60 * 1000;

async function refundsByDay(db: Executor, range: DayRange) {
  const day = sql<string>`to_char(${refunds.doneAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, currency: refunds.currency, refunds: count(), refunded: sum(refunds.amount) })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'done'),
        ...(range.from ? [gte(refunds.doneAt, new Date(`${range.from}T00:00:00Z`))] : []),
        ...(range.to ? [lt(refunds.doneAt, new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS))] : []),
      ),
    )
    .groupBy(day, refunds.currency)
    .orderBy(asc(day));
  return rows.map((row) => ({ ...row, refunded: Number(row.refunded ?? 0) }));
}

/** Sales and refunds by day and currency; a day with either appears. */
export async function salesReport(db: Executor, range: DayRange): Promise<SalesReport> {
  const byKey = new Map<string, SalesReport['days'][number]>();
  const entry = (day: string, currency: string) => {
    const key = `${day} ${currency}`;
    let found = byKey.get(key);
    if (!found) {
      found = { day, currency, orders: 0, sales: 0, refunds: 0, refunded: 0 };
      byKey.set(key, found);
    }
    return found;
  };
  for (const row of await salesByDay(db, range))
    Object.assign(entry(row.day, row.currency), { orders: row.orders, sales: row.sales });
  for (const row of await refundsByDay(db, range)) {
    Object.assign(entry(row.day, row.currency), { refunds: row.refunds, refunded: row.refunded });
  }
  const days = [...byKey.values()].sort((a, b) => a.day.localeCompare(b.day) || a.currency.localeCompare(b.currency));
  return { days };
}

/** Pence as pounds and pence for a spreadsheet: 2500 → "25.00", -50 → "-0.50". */
const major = (minor: number) => (minor / 100).toFixed(2);

export function outstandingVouchersCsv(report: OutstandingVouchersReport): string {
  return toCsv(
    ['group', 'merchant', 'month_of_issue', 'currency', 'count', 'value'],
    [
      ...report.totals.map((row) => ['total', '', '', row.currency, row.count, major(row.value)]),
      ...report.byMerchant.map((row) => ['merchant', row.merchantName, '', row.currency, row.count, major(row.value)]),
      ...report.byMonth.map((row) => ['month', '', row.month, row.currency, row.count, major(row.value)]),
    ],
  );
}

export function creditOutstandingCsv(report: CreditOutstandingReport): string {
  return toCsv(
    ['currency', 'wallets', 'balance'],
    report.balances.map((row) => [row.currency, row.wallets, major(row.balance)]),
  );
}

export function salesCsv(report: SalesReport): string {
  return toCsv(
    ['day', 'currency', 'orders', 'sales', 'refunds', 'refunded'],
    report.days.map((row) => [row.day, row.currency, row.orders, major(row.sales), row.refunds, major(row.refunded)]),
  );
}
