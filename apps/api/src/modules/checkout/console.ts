import { and, asc, count, eq, gte, isNotNull, lt, lte, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type CheckoutSessionRow, checkoutSessions } from '../../db/schema/checkout';

/**
 * What the operator console reads of checkouts (docs/product/operators.md#money): an order is one
 * paid checkout. A refund locks its row without waiting (decision 063), so two refunds of one
 * order are taken one after the other and a third is told to try again, holding no connection.
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

/** 'UGM-' and 10 hex digits, any case, spaces and dashes aside: an order reference (see the schema). */
const ORDER_REFERENCE = /^UGM-?([0-9A-F]{10})$/i;

/** The paid checkout whose order reference the text is (the console's search), or null. */
export async function findPaidCheckoutByReference(db: Executor, text: string): Promise<PaidCheckout | null> {
  const digits = ORDER_REFERENCE.exec(text.trim().replace(/\s/g, ''))?.[1];
  if (!digits) return null;
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(eq(checkoutSessions.orderReference, `UGM-${digits.toUpperCase()}`), isNotNull(checkoutSessions.fulfilledAt)),
    );
  return row ?? null;
}

/**
 * The paid checkout locked FOR UPDATE NOWAIT inside the caller's transaction, or null. Another
 * transaction holding it makes this throw at once (SQLSTATE 55P03, `isLockBusy`), never wait.
 */
export async function lockPaidCheckout(tx: Executor, id: string): Promise<PaidCheckout | null> {
  const [row] = await tx
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), isNotNull(checkoutSessions.fulfilledAt)))
    .for('update', { noWait: true });
  return row ?? null;
}

/** The change a refund of `amount` (negative: taken back) makes to a checkout's refunded sums. */
function refundedBy(amount: number, toCard: boolean) {
  return {
    refundedAmount: sql`${checkoutSessions.refundedAmount} + ${amount}`,
    cardRefundedAmount: sql`${checkoutSessions.cardRefundedAmount} + ${toCard ? amount : 0}`,
  };
}

/**
 * Counts a refund of `amount` against the checkout, in the caller's transaction: false, counting
 * nothing, when it would take the refunds past what was paid, or those to the card past what the
 * card paid. The table's CHECKs hold the same line should any other statement try to cross it.
 */
export async function countRefund(
  tx: Executor,
  id: string,
  refund: { amount: number; toCard: boolean },
): Promise<boolean> {
  const moved = refundedBy(refund.amount, refund.toCard);
  const counted = await tx
    .update(checkoutSessions)
    .set(moved)
    .where(
      and(
        eq(checkoutSessions.id, id),
        isNotNull(checkoutSessions.fulfilledAt),
        lte(moved.refundedAmount, checkoutSessions.amount),
        lte(moved.cardRefundedAmount, sql`${checkoutSessions.amount} - ${checkoutSessions.creditAmount}`),
      ),
    )
    .returning({ id: checkoutSessions.id });
  return counted.length === 1;
}

/** Takes back what `countRefund` counted, for a refund the card's provider refused. */
export async function uncountRefund(
  tx: Executor,
  id: string,
  refund: { amount: number; toCard: boolean },
): Promise<void> {
  const uncounted = await tx
    .update(checkoutSessions)
    .set(refundedBy(-refund.amount, refund.toCard))
    .where(eq(checkoutSessions.id, id))
    .returning({ id: checkoutSessions.id });
  if (uncounted.length !== 1) throw new Error(`checkout ${id} vanished while its refund was being settled`);
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
