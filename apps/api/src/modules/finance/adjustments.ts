import type { CreditAdjustmentAnswer, CreditAdjustmentRequest, OpsCreditAdjustment } from '@gvm/contract';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { type CreditAdjustmentRow, creditAdjustments } from '../../db/schema/finance';
import { violatedUniqueConstraint } from '../../lib/db-errors';
import { AppError, conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { findOperatorEmails, recordAudit } from '../operators';
import { findUserContacts } from '../users';
import { adjustCredit, creditBalanceOf } from '../wallets';
import type { Acting, FinanceDeps } from './deps';
import { holdCustomerMoney, secondOperatorNeeded } from './four-eyes';

/**
 * Credit adjustments (docs/product/operators.md#money, decision 049): an `adjustment` row in the
 * customer's wallet ledger, signed, never taking the balance below zero (the balance's CHECK
 * refuses it in the same statement, so two adjustments at once cannot both overdraw). One that
 * takes the operator's 24 hours for this customer past £250, either way, waits for a second
 * operator (four-eyes.ts). The request id makes a repeat one adjustment.
 */

export const CUSTOMER_NOT_FOUND = 'Customer not found';
export const ADJUSTMENT_DONE = 'UGM Credit adjusted.';
export const ADJUSTMENT_WAITS = 'Adjustments above £250 need a second operator: this one is waiting in Approvals.';
export const ADJUSTMENT_ALREADY_RECORDED = 'This adjustment was already recorded.';
export const ADJUSTMENT_REQUEST_REUSED =
  'This request id was already used for a different adjustment: nothing was changed. Reload the page and try again.';
const CURRENCIES = new Set(['GBP', 'USD', 'EUR']);

export async function adjustmentViews(
  db: Executor,
  rows: readonly CreditAdjustmentRow[],
  balances: ReadonlyMap<string, number> = new Map(),
): Promise<OpsCreditAdjustment[]> {
  const emails = await findOperatorEmails(
    db,
    rows.flatMap((row) => [row.requestedBy, ...(row.decidedBy ? [row.decidedBy] : [])]),
  );
  const ref = (id: string) => ({ id, email: emails.get(id) ?? '' });
  return rows.map((row) => ({
    id: row.id,
    requestId: row.requestId,
    userId: row.userId,
    amount: row.amount,
    currency: row.currency,
    reason: row.reason,
    status: row.status,
    requestedBy: ref(row.requestedBy),
    decidedBy: row.decidedBy ? ref(row.decidedBy) : null,
    createdAt: row.createdAt.toISOString(),
    doneAt: row.doneAt?.toISOString() ?? null,
    balance: balances.get(row.id) ?? null,
  }));
}

async function viewOf(db: Executor, row: CreditAdjustmentRow, balance: number | null): Promise<OpsCreditAdjustment> {
  const [view] = await adjustmentViews(db, [row], balance === null ? new Map() : new Map([[row.id, balance]]));
  if (!view) throw new Error('an adjustment row has no view');
  return view;
}

/** POST /ops/customers/:userId/credit-adjustments. */
export async function requestAdjustment(
  db: Database,
  deps: FinanceDeps,
  acting: Acting,
  userId: string,
  request: CreditAdjustmentRequest,
): Promise<CreditAdjustmentAnswer> {
  if (!isUuid(userId)) throw notFound(CUSTOMER_NOT_FOUND);
  const customer = (await findUserContacts(db, [userId.toLowerCase()])).get(userId.toLowerCase());
  if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
  if (!CURRENCIES.has(request.currency)) throw new AppError('BUSINESS_RULE', 'UGM Credit is held in GBP, USD or EUR.');
  const asked = { ...request, requestId: request.requestId.toLowerCase() };
  return deps.queue.run(customer.id, () => recordAdjustment(db, acting, customer.id, asked));
}

async function findByRequestId(db: Executor, requestId: string): Promise<CreditAdjustmentRow | null> {
  const [row] = await db.select().from(creditAdjustments).where(eq(creditAdjustments.requestId, requestId));
  return row ?? null;
}

/** The same request again answers the adjustment it made; the id sent with other content is refused. */
async function replayOf(
  db: Executor,
  row: CreditAdjustmentRow,
  customerId: string,
  request: CreditAdjustmentRequest,
): Promise<CreditAdjustmentAnswer> {
  const same =
    row.userId === customerId &&
    row.amount === request.amount &&
    row.currency === request.currency &&
    row.reason === request.reason;
  if (!same) throw conflict(ADJUSTMENT_REQUEST_REUSED);
  return { adjustment: await viewOf(db, row, null), message: ADJUSTMENT_ALREADY_RECORDED };
}

async function recordAdjustment(
  db: Database,
  { actor, now }: Acting,
  customerId: string,
  request: CreditAdjustmentRequest & { requestId: string },
): Promise<CreditAdjustmentAnswer> {
  const earlier = await findByRequestId(db, request.requestId);
  if (earlier) return replayOf(db, earlier, customerId, request);
  try {
    return await db.transaction(async (tx) => {
      await holdCustomerMoney(tx, customerId);
      const waits = await secondOperatorNeeded(
        tx,
        {
          operatorId: actor.operatorId,
          customerId,
          currency: request.currency,
          amount: Math.abs(request.amount),
        },
        ADJUSTMENT_WAITS,
        now,
      );
      const [row] = await tx
        .insert(creditAdjustments)
        .values({
          requestId: request.requestId,
          userId: customerId,
          amount: request.amount,
          currency: request.currency,
          reason: request.reason,
          status: waits ? 'pending' : 'done',
          requestedBy: actor.operatorId,
          createdAt: now,
          doneAt: waits ? null : now,
        })
        .returning();
      if (!row) throw new Error('inserting an adjustment returned no row');
      const before = await creditBalanceOf(tx, customerId, request.currency);
      const balance = waits
        ? null
        : await adjustCredit(tx, { userId: customerId, amount: request.amount, currency: request.currency, at: now });
      await recordAudit(
        tx,
        actor,
        {
          action: waits ? 'credit.adjust.request' : 'credit.adjust',
          targetType: 'customer',
          targetId: customerId,
          reason: request.reason,
          before: { balance: before, currency: request.currency },
          after: {
            adjustmentId: row.id,
            amount: row.amount,
            status: row.status,
            ...(balance === null ? {} : { balance }),
          },
        },
        now,
      );
      return { adjustment: await viewOf(tx, row, balance), message: waits ?? ADJUSTMENT_DONE };
    });
  } catch (error) {
    // Another instance recorded the same request id meanwhile (this one's queue holds only its own).
    if (violatedUniqueConstraint(error) === 'credit_adjustments_request_id') {
      const recorded = await findByRequestId(db, request.requestId);
      if (recorded) return replayOf(db, recorded, customerId, request);
    }
    throw error;
  }
}

export async function findAdjustment(db: Executor, id: string): Promise<CreditAdjustmentRow | null> {
  const [row] = await db.select().from(creditAdjustments).where(eq(creditAdjustments.id, id));
  return row ?? null;
}

/** The adjustment locked FOR UPDATE NOWAIT while it waits for a second operator, or null. */
export async function lockPendingAdjustment(tx: Executor, id: string): Promise<CreditAdjustmentRow | null> {
  const [row] = await tx
    .select()
    .from(creditAdjustments)
    .where(and(eq(creditAdjustments.id, id), eq(creditAdjustments.status, 'pending')))
    .for('update', { noWait: true });
  return row ?? null;
}
