import { and, asc, count, eq, inArray, isNull, type SQL, type SQLWrapper, sql, sum } from 'drizzle-orm';
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
const endedStatuses: readonly EndedStatus[] = ['refunded', 'void'];

/** Whether a refund or a void ended this voucher: its code is dead, and a gift of it is gone. */
export function wasEnded(voucher: Pick<OrderRow, 'status'>): boolean {
  return (endedStatuses as readonly string[]).includes(voucher.status);
}

/**
 * A condition for another module's statement: the voucher whose id is in `voucherId` (a column
 * of that module's table) was not ended by a refund or a void. The gift schedule leaves such a
 * gift's e-mail and reminder unsent.
 */
export function voucherNotEnded(voucherId: SQLWrapper): SQL {
  return sql`not exists (select 1 from ${orders} where ${orders.id} = ${voucherId} and ${inArray(orders.status, [...endedStatuses])})`;
}

/** A checkout's vouchers, in their order of issue. */
export async function vouchersOfCheckout(db: Executor, checkoutSessionId: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.checkoutSessionId, checkoutSessionId)).orderBy(asc(orders.unitIndex));
}

/**
 * A checkout's vouchers locked FOR UPDATE inside the caller's transaction: while a refund holds
 * them, nobody activates, exchanges or converts them (those wait, then find them refunded). The
 * console does not wait for them: one a shopper is changing this moment throws at once
 * (NOWAIT, SQLSTATE 55P03), and the operator is asked to try again (decision 063).
 */
export async function lockVouchersOfCheckout(tx: Executor, checkoutSessionId: string): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(eq(orders.checkoutSessionId, checkoutSessionId))
    .orderBy(asc(orders.unitIndex))
    .for('update', { noWait: true });
}

/**
 * The checkout that paid for a voucher: the one it was bought in or, for a voucher received in an
 * exchange (which has no checkout of its own), the one that paid for the voucher it replaced,
 * through every exchange since. Null for an unknown id.
 */
export async function checkoutOfVoucher(db: Executor, voucherId: string): Promise<string | null> {
  // Each exchange points back at the voucher it replaced; the first voucher of the chain was bought.
  const result = await db.execute(sql`
    with recursive chain(id, checkout_session_id, replaces_order_id) as (
      select id, checkout_session_id, replaces_order_id from ${orders} where id = ${voucherId}
      union all
      select o.id, o.checkout_session_id, o.replaces_order_id
      from ${orders} o join chain on o.id = chain.replaces_order_id
    )
    select checkout_session_id::text as "checkoutSessionId" from chain where checkout_session_id is not null`);
  // Both drivers (node-postgres and PGlite) answer a raw statement with its rows.
  const { rows } = result as unknown as { rows: { checkoutSessionId: string }[] };
  return rows[0]?.checkoutSessionId ?? null;
}

/** One voucher locked FOR UPDATE NOWAIT inside the caller's transaction, or null (see above). */
export async function lockVoucher(tx: Executor, voucherId: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, voucherId)).for('update', { noWait: true });
  return row ?? null;
}

/**
 * Ends vouchers for a refund (`refunded`: only if not yet activated, exchanged or converted) or
 * a void (`void`: any voucher still alive, activated or not), inside the caller's transaction.
 * A code request still outstanding is cancelled with it, or, if an attempt at the supplier holds
 * it right now, the whole change is refused (409): no card is bought for a voucher that is gone
 * (decision 068). Answers the rows it ended: fewer than asked means one changed state meanwhile.
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

/**
 * Gives back vouchers a refund ended, when the card's provider refused that refund: they are
 * alive again as they were (a refunded voucher was never activated, and nothing changes an
 * ended one meanwhile). Answers the rows given back.
 */
export async function restoreRefundedVouchers(tx: Executor, ids: readonly string[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return tx
    .update(orders)
    .set({ status: 'active', deactivated: false })
    .where(and(inArray(orders.id, [...ids]), eq(orders.status, 'refunded'), isNull(orders.activatedAt)))
    .returning();
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
