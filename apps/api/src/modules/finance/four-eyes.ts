import { APPROVAL_THRESHOLD_MINOR, formatMoney, toMajorUnits } from '@gvm/contract';
import { and, eq, gt, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { creditAdjustments, refunds } from '../../db/schema/finance';
import { conflict } from '../../lib/errors';

/**
 * The four-eyes rule (docs/product/operators.md#approvals, decision 063). One operator alone may
 * move at most £250 for one customer in 24 hours (refunds and credit adjustments together, either
 * way) and refund at most £250 of one order in all; a request that takes either past it waits in
 * Approvals for a second operator. Counted under the customer's money lock, so requests made at
 * once cannot each see the total before the others and together step over it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export const CUSTOMER_BUSY = "Another change to this customer's money is in progress; try again";

const money = (minor: number, currency: string) => formatMoney(toMajorUnits(minor), currency);

/**
 * Takes the customer's money lock until the transaction ends, without waiting: another
 * transaction holding it (another instance moving this customer's money) answers 409.
 */
export async function holdCustomerMoney(tx: Executor, customerId: string): Promise<void> {
  const result = await tx.execute(
    sql`select pg_try_advisory_xact_lock(hashtextextended(${`customer-money:${customerId}`}, 0)) as held`,
  );
  const [row] = (result as unknown as { rows: { held: boolean }[] }).rows;
  if (!row?.held) throw conflict(CUSTOMER_BUSY);
}

/**
 * What `operatorId` has asked to move for the customer in `currency` over the 24 hours before
 * `now`, in minor units: refunds and adjustments (either sign), done, waiting or on their way,
 * not those rejected or refused by the card's provider.
 */
async function movedForCustomerToday(
  tx: Executor,
  who: { operatorId: string; customerId: string; currency: string },
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - DAY_MS);
  const [refunded] = await tx
    .select({ total: sql<string | null>`sum(${refunds.amount})` })
    .from(refunds)
    .where(
      and(
        eq(refunds.requestedBy, who.operatorId),
        eq(refunds.customerId, who.customerId),
        eq(refunds.currency, who.currency),
        gt(refunds.createdAt, since),
        notInArray(refunds.status, ['rejected', 'failed']),
      ),
    );
  const [adjusted] = await tx
    .select({ total: sql<string | null>`sum(abs(${creditAdjustments.amount}))` })
    .from(creditAdjustments)
    .where(
      and(
        eq(creditAdjustments.requestedBy, who.operatorId),
        eq(creditAdjustments.userId, who.customerId),
        eq(creditAdjustments.currency, who.currency),
        gt(creditAdjustments.createdAt, since),
        notInArray(creditAdjustments.status, ['rejected']),
      ),
    );
  return Number(refunded?.total ?? 0) + Number(adjusted?.total ?? 0);
}

export interface MoneyMove {
  operatorId: string;
  customerId: string;
  currency: string;
  /** Minor units moved, either way. */
  amount: number;
  /** A refund's: what is refunded of its order already, or waits to be. */
  orderRefunded?: number;
}

/**
 * Why this move needs a second operator, in words for the console, or null when it may go
 * through now. `alone` is the sentence for a single move above the limit.
 */
export async function secondOperatorNeeded(
  tx: Executor,
  move: MoneyMove,
  alone: string,
  now: Date,
): Promise<string | null> {
  if (move.amount > APPROVAL_THRESHOLD_MINOR) return alone;
  const today = (await movedForCustomerToday(tx, move, now)) + move.amount;
  if (today > APPROVAL_THRESHOLD_MINOR) {
    return `This takes today's total for this customer to ${money(today, move.currency)}: it needs a second operator, so it is waiting in Approvals.`;
  }
  if (move.orderRefunded !== undefined) {
    const order = move.orderRefunded + move.amount;
    if (order > APPROVAL_THRESHOLD_MINOR) {
      return `This takes what is refunded of this order to ${money(order, move.currency)}: it needs a second operator, so it is waiting in Approvals.`;
    }
  }
  return null;
}
