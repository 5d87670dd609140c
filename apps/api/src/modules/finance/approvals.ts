import type { Approval, ApprovalDecisionAnswer } from '@gvm/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { creditAdjustments, refunds } from '../../db/schema/finance';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { findPaidCheckout } from '../checkout';
import { findOperatorEmails, recordAudit } from '../ops';
import { findUserContacts } from '../users';
import { adjustCredit } from '../wallets';
import { lockAdjustment } from './adjustments';
import type { Acting, FinanceDeps } from './deps';
import { carryOutPendingRefund, lockRefund } from './refunds';

/**
 * The four-eyes rule (docs/product/operators.md#approvals, decision 049): a refund or adjustment
 * above £250 waits, moving nothing, until a second finance operator or admin (never the one who
 * asked) approves or rejects it. Each decision locks the request's row and acts only on a pending
 * one, so of two approvals at once one carries it out and the other is told it was decided.
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
  const checkouts = new Map<string, string>();
  for (const row of pendingRefunds) {
    const checkout = await findPaidCheckout(db, row.checkoutSessionId);
    if (checkout) checkouts.set(row.id, checkout.userId);
  }
  const customers = await findUserContacts(db, [...checkouts.values(), ...pendingAdjustments.map((row) => row.userId)]);
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
      customer: customer(checkouts.get(row.id) ?? ''),
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

/** POST /ops/approvals/:approvalId/approve and /reject. */
export async function decideApproval(
  db: Database,
  deps: FinanceDeps,
  { actor, now }: Acting,
  approvalId: string,
  decision: Decision,
  reason: string | undefined,
): Promise<ApprovalDecisionAnswer> {
  if (!isUuid(approvalId)) throw notFound(APPROVAL_NOT_FOUND);
  const id = approvalId.toLowerCase();
  return db.transaction(async (tx) => {
    const refund = await lockRefund(tx, id);
    if (refund) {
      if (refund.status !== 'pending') throw conflict(ALREADY_DECIDED);
      if (refund.requestedBy === actor.operatorId) throw forbidden(OWN_REQUEST);
      const done = decision === 'approve' ? await carryOutPendingRefund(tx, deps, refund, now) : null;
      await tx
        .update(refunds)
        .set({
          status: done ? 'done' : 'rejected',
          decidedBy: actor.operatorId,
          decidedAt: now,
          doneAt: done ? now : null,
          providerRefundId: done?.providerRefundId ?? null,
        })
        .where(eq(refunds.id, refund.id));
      await recordAudit(
        tx,
        actor,
        {
          action: done ? 'refund.approve' : 'refund.reject',
          targetType: 'order',
          targetId: refund.checkoutSessionId,
          reason: reason ?? null,
          before: { refundId: refund.id, status: 'pending', ...(done ? { vouchers: done.vouchers } : {}) },
          after: {
            refundId: refund.id,
            amount: refund.amount,
            refundTo: refund.destination,
            status: done ? 'done' : 'rejected',
            requestedBy: refund.requestedBy,
            ...(done ? { vouchers: done.vouchers.map((voucher) => ({ id: voucher.id, state: 'refunded' })) } : {}),
          },
        },
        now,
      );
      return {
        id: refund.id,
        kind: 'refund' as const,
        status: done ? ('done' as const) : ('rejected' as const),
        message: done ? 'Refund approved and done.' : 'Refund rejected: nothing was moved.',
      };
    }
    const adjustment = await lockAdjustment(tx, id);
    if (!adjustment) throw notFound(APPROVAL_NOT_FOUND);
    if (adjustment.status !== 'pending') throw conflict(ALREADY_DECIDED);
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
}
