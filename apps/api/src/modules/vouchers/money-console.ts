import { and, asc, count, eq, inArray, isNull, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type OrderRow, orders } from '../../db/schema/vouchers';
import { cancelCodeRequest } from './code-requests';

/**
 * What the operator console reads and does to vouchers (docs/product/operators.md#money,
 * decision 049). An operator never sees a code: only its last four characters. A refund or a
 * void ends a voucher by its `status` ('refunded', 'void') and `deactivated`, so it leaves the
 * holder's wallet and no rule that wants an active voucher (activation, the till, exchange,
 * conversion) accepts it again.
 */

export type EndedStatus = 'refunded' | 'void';

/** A checkout's vouchers, in their order of issue. */
export async function vouchersOfCheckout(db: Executor, checkoutSessionId: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.checkoutSessionId, checkoutSessionId)).orderBy(asc(orders.unitIndex));
}

/**
 * A checkout's vouchers locked FOR UPDATE inside the caller's transaction: while a refund holds
 * them, nobody activates, exchanges or converts them (those wait, then find them refunded).
 */
export async function lockVouchersOfCheckout(tx: Executor, checkoutSessionId: string): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(eq(orders.checkoutSessionId, checkoutSessionId))
    .orderBy(asc(orders.unitIndex))
    .for('update');
}

/** The checkout a voucher was bought in; null for an unknown id or an exchange's replacement. */
export async function checkoutOfVoucher(db: Executor, voucherId: string): Promise<string | null> {
  const [row] = await db
    .select({ checkoutSessionId: orders.checkoutSessionId })
    .from(orders)
    .where(eq(orders.id, voucherId));
  return row?.checkoutSessionId ?? null;
}

/** One voucher locked FOR UPDATE inside the caller's transaction, or null. */
export async function lockVoucher(tx: Executor, voucherId: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, voucherId)).for('update');
  return row ?? null;
}

/**
 * Ends vouchers for a refund (`refunded`: only if not yet activated, exchanged or converted) or
 * a void (`void`: any voucher still alive, activated or not), inside the caller's transaction.
 * A code request still outstanding is cancelled with it, or, if an attempt at the supplier holds
 * it right now, the whole change is refused (409): no card is bought for a voucher that is gone
 * (decision 063). Answers the rows it ended: fewer than asked means one changed state meanwhile.
 */
export async function endVouchers(
  tx: Executor,
  ids: readonly string[],
  status: EndedStatus,
  now: Date,
): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  const alive = [eq(orders.status, 'active'), eq(orders.deactivated, false), eq(orders.swapped, false)];
  const ended = await tx
    .update(orders)
    .set({ status, deactivated: true, codeRequestedAt: null })
    .where(and(inArray(orders.id, [...ids]), ...alive, ...(status === 'refunded' ? [isNull(orders.activatedAt)] : [])))
    .returning();
  for (const voucher of ended) await cancelCodeRequest(tx, voucher.id, now);
  return ended;
}

export interface OutstandingRow {
  currency: string;
  count: number;
  value: number;
}

const outstanding = and(
  eq(orders.status, 'active'),
  eq(orders.deactivated, false),
  eq(orders.swapped, false),
  isNull(orders.activatedAt),
);

/**
 * Outstanding vouchers (docs/product/operators.md#reports): issued, not yet activated, and not
 * exchanged, converted, refunded or void. Totals, by merchant and by month of issue (UTC).
 */
export async function outstandingVouchers(db: Executor): Promise<{
  totals: OutstandingRow[];
  byMerchant: (OutstandingRow & { merchantName: string })[];
  byMonth: (OutstandingRow & { month: string })[];
}> {
  const measures = { currency: orders.currency, count: count(), value: sum(orders.value) };
  const month = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const [totals, byMerchant, byMonth] = [
    await db.select(measures).from(orders).where(outstanding).groupBy(orders.currency).orderBy(asc(orders.currency)),
    await db
      .select({ ...measures, merchantName: orders.merchantName })
      .from(orders)
      .where(outstanding)
      .groupBy(orders.merchantName, orders.currency)
      .orderBy(asc(orders.merchantName), asc(orders.currency)),
    await db
      .select({ ...measures, month })
      .from(orders)
      .where(outstanding)
      .groupBy(month, orders.currency)
      .orderBy(asc(month), asc(orders.currency)),
  ];
  const number = <T extends { value: string | null }>(row: T) => ({ ...row, value: Number(row.value ?? 0) });
  return { totals: totals.map(number), byMerchant: byMerchant.map(number), byMonth: byMonth.map(number) };
}
