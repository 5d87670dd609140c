import type { Approval, ApprovalDecisionAnswer } from '@gvm/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { creditAdjustments, type RefundRow, refunds } from '../../db/schema/finance';
import { isLockBusy } from '../../lib/db-errors';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { findOperatorEmails, recordAudit } from '../operators';
import { findUserContacts } from '../users';
import { adjustCredit } from '../wallets';
import { findAdjustment, lockPendingAdjustment } from './adjustments';
import type { Acting, FinanceDeps } from './deps';
import { CUSTOMER_BUSY } from './four-eyes';
import { approveRefund, findRefund, lockPendingRefund, ORDER_BUSY, PROVIDER_REFUND_FAILED } from './refunds';
import { askProvider, SETTLE_GRACE_MS } from './settle';

/**
 * The four-eyes rule (docs/product/operators.md#approvals, decisions 049 and 063): a refund or
 * adjustment that takes one operator past £250 for a customer or an order waits, moving nothing,
 * until a second finance operator or admin (never the one who asked) approves or rejects it. Each
 * decision locks the request's row without waiting and acts only on a pending one, so of two
 * approvals at once one carries it out and the other is told it was decided, or to try again. An
 * approved card refund asks the provider once its transaction has committed (settle.ts).
 */

export const APPROVAL_NOT_FOUND = 'Approval not found';
export const OWN_REQUEST = 'You cannot approve or reject your own request: another finance operator or admin must.';
export const ALREADY_DECIDED = 'This request has already been decided.';

/** GET /ops/approvals: what waits, oldest first. */
export async function listApprovals(db: Executor): Promise<Approval[]> {
  const pendingRefunds = await db
    .select()
    .from(refunds)
    .where(eq(refunds.status, 'pending'))
    .orderBy(asc(refunds.createdAt));
  const pendingAdjustments = await db
    .select()
    .from(creditAdjustments)
    .where(eq(creditAdjustments.status, 'pending'))
    .orderBy(asc(creditAdjustments.createdAt));
  const customers = await findUserContacts(db, [
    ...pendingRefunds.map((row) => row.customerId),
    ...pendingAdjustments.map((row) => row.userId),
  ]);
  const operators = await findOperatorEmails(db, [
    ...pendingRefunds.map((row) => row.requestedBy),
    ...pendingAdjustments.map((row) => row.requestedBy),
  ]);
  const customer = (id: string) => ({ id, email: customers.get(id)?.email ?? '' });
  const requester = (id: string) => ({ id, email: operators.get(id) ?? '' });
  const all: Approval[] = [
    ...pendingRefunds.map((row) => ({
      id: row.id,
      kind: 'refund' as const,
      amount: row.amount,
      currency: row.currency,
      reason: row.reason,
      refundTo: row.destination,
      orderId: row.checkoutSessionId,
      customer: customer(row.customerId),
      requestedBy: requester(row.requestedBy),
      createdAt: row.createdAt.toISOString(),
    })),
    ...pendingAdjustments.map((row) => ({
      id: row.id,
      kind: 'adjustment' as const,
      amount: row.amount,
      currency: row.currency,
      reason: row.reason,
      refundTo: null,
      orderId: null,
      customer: customer(row.userId),
      requestedBy: requester(row.requestedBy),
      createdAt: row.createdAt.toISOString(),
    })),
  ];
  return all.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

type Decision = 'approve' | 'reject';

const REFUND_APPROVED_SENT =
  'Refund approved and sent to the payment provider, which has not confirmed it yet: it shows as done on the order once it does.';

/** POST /ops/approvals/:approvalId/approve and /reject. */
export async function decideApproval(
  db: Database,
  deps: FinanceDeps,
  acting: Acting,
  approvalId: string,
  decision: Decision,
  reason: string | undefined,
): Promise<ApprovalDecisionAnswer> {
  if (!isUuid(approvalId)) throw notFound(APPROVAL_NOT_FOUND);
  const id = approvalId.toLowerCase();
  const refund = await findRefund(db, id);
  if (refund) {
    const decided = await deps.queue.run(refund.customerId, () => decideRefund(db, deps, acting, id, decision, reason));
    if (!('sent' in decided)) return decided;
    // Committed: only now is the card's provider asked.
    const settled = await askProvider(db, deps, decided.sent, acting.now);
    if (settled.status === 'failed') throw new AppError('UNAVAILABLE', PROVIDER_REFUND_FAILED);
    return {
      id: settled.id,
      kind: 'refund',
      status: settled.status === 'done' ? 'done' : 'processing',
      message: settled.status === 'done' ? 'Refund approved and done.' : REFUND_APPROVED_SENT,
    };
  }
  const adjustment = await findAdjustment(db, id);
  if (!adjustment) throw notFound(APPROVAL_NOT_FOUND);
  return deps.queue.run(adjustment.userId, () => decideAdjustment(db, acting, id, decision, reason));
}

async function decideRefund(
  db: Database,
  deps: FinanceDeps,
  { actor, now }: Acting,
  id: string,
  decision: Decision,
  reason: string | undefined,
): Promise<ApprovalDecisionAnswer | { sent: RefundRow }> {
  try {
    return await db.transaction(async (tx) => {
      const refund = await lockPendingRefund(tx, id);
      if (!refund) throw (await findRefund(tx, id)) ? conflict(ALREADY_DECIDED) : notFound(APPROVAL_NOT_FOUND);
      if (refund.requestedBy === actor.operatorId) throw forbidden(OWN_REQUEST);
      const approved = decision === 'approve' ? await approveRefund(tx, deps, refund, now) : null;
      const status = approved ? approved.status : 'rejected';
      const [row] = await tx
        .update(refunds)
        .set({
          status,
          decidedBy: actor.operatorId,
          decidedAt: now,
          doneAt: status === 'done' ? now : null,
          settleAfter: status === 'processing' ? new Date(now.getTime() + SETTLE_GRACE_MS) : null,
        })
        .where(eq(refunds.id, refund.id))
        .returning();
      if (!row) throw new Error('a locked refund vanished while being decided');
      await recordAudit(
        tx,
        actor,
        {
          action: approved ? 'refund.approve' : 'refund.reject',
          targetType: 'order',
          targetId: refund.checkoutSessionId,
          reason: reason ?? null,
          before: { refundId: refund.id, status: 'pending', ...(approved ? { vouchers: approved.vouchers } : {}) },
          after: {
            refundId: refund.id,
            amount: refund.amount,
            refundTo: refund.destination,
            status,
            requestedBy: refund.requestedBy,
            ...(approved
              ? { vouchers: approved.vouchers.map((voucher) => ({ id: voucher.id, state: 'refunded' })) }
              : {}),
          },
        },
        now,
      );
      if (status === 'processing') return { sent: row };
      return {
        id: refund.id,
        kind: 'refund' as const,
        status: status === 'done' ? ('done' as const) : ('rejected' as const),
        message: status === 'done' ? 'Refund approved and done.' : 'Refund rejected: nothing was moved.',
      };
    });
  } catch (error) {
    if (isLockBusy(error)) throw conflict(ORDER_BUSY);
    throw error;
  }
}

async function decideAdjustment(
  db: Database,
  { actor, now }: Acting,
  id: string,
  decision: Decision,
  reason: string | undefined,
): Promise<ApprovalDecisionAnswer> {
  try {
    return await db.transaction(async (tx) => {
      const adjustment = await lockPendingAdjustment(tx, id);
      if (!adjustment) {
        throw (await findAdjustment(tx, id)) ? conflict(ALREADY_DECIDED) : notFound(APPROVAL_NOT_FOUND);
      }
      if (adjustment.requestedBy === actor.operatorId) throw forbidden(OWN_REQUEST);
      const balance =
        decision === 'approve'
          ? await adjustCredit(tx, {
              userId: adjustment.userId,
              amount: adjustment.amount,
              currency: adjustment.currency,
              at: now,
            })
          : null;
      await tx
        .update(creditAdjustments)
        .set({
          status: balance === null ? 'rejected' : 'done',
          decidedBy: actor.operatorId,
          decidedAt: now,
          doneAt: balance === null ? null : now,
        })
        .where(eq(creditAdjustments.id, adjustment.id));
      await recordAudit(
        tx,
        actor,
        {
          action: balance === null ? 'credit.adjust.reject' : 'credit.adjust.approve',
          targetType: 'customer',
          targetId: adjustment.userId,
          reason: reason ?? null,
          before: { adjustmentId: adjustment.id, status: 'pending' },
          after: {
            adjustmentId: adjustment.id,
            amount: adjustment.amount,
            currency: adjustment.currency,
            status: balance === null ? 'rejected' : 'done',
            requestedBy: adjustment.requestedBy,
            ...(balance === null ? {} : { balance }),
          },
        },
        now,
      );
      return {
        id: adjustment.id,
        kind: 'adjustment' as const,
        status: balance === null ? ('rejected' as const) : ('done' as const),
        message: balance === null ? 'Adjustment rejected: nothing was moved.' : 'Adjustment approved and done.',
      };
    });
  } catch (error) {
    if (isLockBusy(error)) throw conflict(CUSTOMER_BUSY);
    throw error;
  }
}
