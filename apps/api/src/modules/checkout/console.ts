import { and, asc, count, eq, gte, isNotNull, lt, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type CheckoutSessionRow, checkoutSessions } from '../../db/schema/checkout';

/**
 * What the operator console reads of checkouts (docs/product/operators.md#money): an order is one
 * paid checkout. A refund locks its row, so two refunds of one order are taken one after the other.
 */

export type PaidCheckout = CheckoutSessionRow;

/** A checkout that was paid and fulfilled, or null. */
export async function findPaidCheckout(db: Executor, id: string): Promise<PaidCheckout | null> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), isNotNull(checkoutSessions.fulfilledAt)));
  return row ?? null;
}

/** The paid checkout locked FOR UPDATE inside the caller's transaction, or null. */
export async function lockPaidCheckout(tx: Executor, id: string): Promise<PaidCheckout | null> {
  const [row] = await tx
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), isNotNull(checkoutSessions.fulfilledAt)))
    .for('update');
  return row ?? null;
}

export interface DayRange {
  /** Inclusive UTC days, YYYY-MM-DD. */
  from?: string | undefined;
  to?: string | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `column` within the range's whole UTC days. */
function withinDays(column: Parameters<typeof gte>[0], range: DayRange) {
  return [
    ...(range.from ? [gte(column, new Date(`${range.from}T00:00:00Z`))] : []),
    ...(range.to ? [lt(column, new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS))] : []),
  ];
}

/** Sales by UTC day of payment and currency: paid checkouts and their totals (card and credit). */
export async function salesByDay(
  db: Executor,
  range: DayRange,
): Promise<{ day: string; currency: string; orders: number; sales: number }[]> {
  const day = sql<string>`to_char(${checkoutSessions.fulfilledAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, currency: checkoutSessions.currency, orders: count(), sales: sum(checkoutSessions.amount) })
    .from(checkoutSessions)
    .where(and(isNotNull(checkoutSessions.fulfilledAt), ...withinDays(checkoutSessions.fulfilledAt, range)))
    .groupBy(day, checkoutSessions.currency)
    .orderBy(asc(day), asc(checkoutSessions.currency));
  return rows.map((row) => ({ ...row, sales: Number(row.sales ?? 0) }));
}
