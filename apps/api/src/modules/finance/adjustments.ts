import {
  APPROVAL_THRESHOLD_MINOR,
  type CreditAdjustmentAnswer,
  type CreditAdjustmentRequest,
  type OpsCreditAdjustment,
} from '@gvm/contract';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { type CreditAdjustmentRow, creditAdjustments } from '../../db/schema/finance';
import { violatedUniqueConstraint } from '../../lib/db-errors';
import { AppError, conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { findOperatorEmails, recordAudit } from '../ops';
import { findUserContacts } from '../users';
import { adjustCredit, creditBalanceOf } from '../wallets';
import type { Acting } from './deps';

/**
 * Credit adjustments (docs/product/operators.md#money, decision 049): an `adjustment` row in the
 * customer's wallet ledger, signed, never taking the balance below zero (the balance's CHECK
 * refuses it in the same statement, so two adjustments at once cannot both overdraw). Above
 * £250 either way it waits for a second operator. The request id makes a repeat one adjustment.
 */

export const CUSTOMER_NOT_FOUND = 'Customer not found';
export const ADJUSTMENT_DONE = 'UGM Credit adjusted.';
export const ADJUSTMENT_WAITS = 'Adjustments above £250 need a second operator: this one is waiting in Approvals.';
export const ADJUSTMENT_ALREADY_RECORDED = 'This adjustment was already recorded.';
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
  { actor, now }: Acting,
  userId: string,
  request: CreditAdjustmentRequest,
): Promise<CreditAdjustmentAnswer> {
  if (!isUuid(userId)) throw notFound(CUSTOMER_NOT_FOUND);
  const customer = (await findUserContacts(db, [userId.toLowerCase()])).get(userId.toLowerCase());
  if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
  if (!CURRENCIES.has(request.currency)) throw new AppError('BUSINESS_RULE', 'UGM Credit is held in GBP, USD or EUR.');
  const requestId = request.requestId.toLowerCase();
  const waits = Math.abs(request.amount) > APPROVAL_THRESHOLD_MINOR;
  try {
    return await db.transaction(async (tx) => {
      const [replay] = await tx.select().from(creditAdjustments).where(eq(creditAdjustments.requestId, requestId));
      if (replay) {
        if (replay.userId !== customer.id) throw conflict(ADJUSTMENT_ALREADY_RECORDED);
        return { adjustment: await viewOf(tx, replay, null), message: ADJUSTMENT_ALREADY_RECORDED };
      }
      // The request id's row first: of simultaneous repeats one inserts it, the others wait on
      // its key and then fail as duplicates (answered as the replay above, on retry).
      const [row] = await tx
        .insert(creditAdjustments)
        .values({
          requestId,
          userId: customer.id,
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
      const before = await creditBalanceOf(tx, customer.id, request.currency);
      const balance = waits
        ? null
        : await adjustCredit(tx, { userId: customer.id, amount: request.amount, currency: request.currency, at: now });
      await recordAudit(
        tx,
        actor,
        {
          action: waits ? 'credit.adjust.request' : 'credit.adjust',
          targetType: 'customer',
          targetId: customer.id,
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
      return { adjustment: await viewOf(tx, row, balance), message: waits ? ADJUSTMENT_WAITS : ADJUSTMENT_DONE };
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'credit_adjustments_request_id') {
      const [existing] = await db.select().from(creditAdjustments).where(eq(creditAdjustments.requestId, requestId));
      if (existing && existing.userId === customer.id) {
        return { adjustment: await viewOf(db, existing, null), message: ADJUSTMENT_ALREADY_RECORDED };
      }
      throw conflict(ADJUSTMENT_ALREADY_RECORDED);
    }
    throw error;
  }
}

export async function lockAdjustment(tx: Executor, id: string): Promise<CreditAdjustmentRow | null> {
  const [row] = await tx.select().from(creditAdjustments).where(eq(creditAdjustments.id, id)).for('update');
  return row ?? null;
}
