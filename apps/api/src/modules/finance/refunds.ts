import {
  APPROVAL_THRESHOLD_MINOR,
  CODE_DELAY_MS,
  formatMoney,
  type RefundAnswer,
  type RefundRequest,
  toMajorUnits,
} from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { enqueueMail } from '../../adapters/mail/outbox';
import { refundIssuedEmail, voucherCancelledEmail } from '../../adapters/mail/templates';
import type { Database, Executor, Transaction } from '../../db/client';
import { type RefundRow, refunds } from '../../db/schema/finance';
import { violatedUniqueConstraint } from '../../lib/db-errors';
import { AppError, conflict, notFound } from '../../lib/errors';
import { lockPaidCheckout, type PaidCheckout } from '../checkout';
import { recordAudit } from '../ops';
import { findUserContacts } from '../users';
import { endVouchers, lockVouchersOfCheckout, type VoucherRow, voucherLabelOf, voucherStateOf } from '../vouchers';
import { refundToCredit } from '../wallets';
import type { Acting, FinanceDeps } from './deps';
import {
  ORDER_NOT_FOUND,
  refundableOf,
  refundedSums,
  refundsOfCheckout,
  refundViews,
  resolveOrderId,
} from './order-view';

/**
 * Refunds (docs/product/operators.md#money, decision 049). A refund is one transaction under the
 * order's row lock: its vouchers are checked and voided, the money goes to UGM Credit (a ledger
 * row) or back to the card (the provider, called last, with the console's request id as the
 * idempotency key), the refund row is written done, audited, and the e-mails queued. A provider
 * that refuses or cannot be reached throws, and the transaction leaves nothing behind. The
 * request id is UNIQUE, so the same request sent many times at once is one refund.
 */

export const PROVIDER_REFUND_FAILED =
  'The payment provider did not accept the refund. Nothing was changed; please try again later.';
export const REFUND_DONE = 'Refund done.';
export const REFUND_WAITS = 'Refunds above £250 need a second operator: this one is waiting in Approvals.';
export const REFUND_ALREADY_RECORDED = 'This refund was already recorded.';

const refusals: Record<Exclude<ReturnType<typeof voucherStateOf>, 'active'>, string> = {
  activated: 'it has been activated',
  exchanged: 'it has been exchanged for another voucher',
  converted: 'it has been converted to UGM Credit',
  refunded: 'it has already been refunded',
  void: 'it has been voided',
};

/**
 * Why a voucher cannot be refunded, naming it by the last four characters of its code only (or
 * its id's start, while it has none). A voucher whose code is on its way from the supplier may be
 * activated any moment (decision 063): it can be refunded only once it is 10 minutes late.
 */
function refusalOf(encryptionKey: string, voucher: VoucherRow, now: Date): string | null {
  const state = voucherStateOf(voucher);
  const label = `${voucherLabelOf(encryptionKey, voucher)} (${voucher.merchantName})`;
  if (state === 'active') {
    const asked = voucher.codeRequestedAt;
    if (asked && now.getTime() - asked.getTime() < CODE_DELAY_MS) {
      return `${label} cannot be refunded now: its code is on its way from the supplier.`;
    }
    return null;
  }
  return `${label} cannot be refunded: ${refusals[state]}.`;
}

/**
 * The vouchers a refund takes and the checks it must pass now; throws the reason it cannot. Run
 * under the order's and the vouchers' locks, at request and again at approval.
 */
function checkRefund(
  deps: FinanceDeps,
  checkout: PaidCheckout,
  vouchers: readonly VoucherRow[],
  others: readonly RefundRow[],
  request: { voucherIds?: readonly string[] | undefined; amount: number; refundTo: 'card' | 'credit' },
  now: Date,
): VoucherRow[] {
  const wanted = request.voucherIds ? new Set(request.voucherIds.map((id) => id.toLowerCase())) : null;
  const chosen = wanted ? vouchers.filter((voucher) => wanted.has(voucher.id)) : [...vouchers];
  if (wanted && chosen.length !== wanted.size) {
    throw new AppError('BUSINESS_RULE', 'Only vouchers of this order can be refunded with it.');
  }
  if (chosen.length === 0) throw new AppError('BUSINESS_RULE', 'This order has no voucher to refund.');
  for (const voucher of chosen) {
    const refusal = refusalOf(deps.config.voucherEncryptionKey, voucher, now);
    if (refusal) throw new AppError('BUSINESS_RULE', refusal);
    const waiting = others.find((other) => other.status === 'pending' && other.voucherIds.includes(voucher.id));
    if (waiting) {
      throw conflict(
        `${voucherLabelOf(deps.config.voucherEncryptionKey, voucher)} is already part of a refund waiting in Approvals.`,
      );
    }
  }
  const worth = chosen.reduce((total, voucher) => total + voucher.value, 0);
  if (request.amount > worth) {
    throw new AppError(
      'BUSINESS_RULE',
      `The refund cannot be more than the vouchers it cancels (${formatMoney(toMajorUnits(worth), checkout.currency)}).`,
    );
  }
  const refundable = refundableOf(checkout, refundedSums(others));
  if (request.refundTo === 'card' && request.amount > refundable.card) {
    throw new AppError(
      'BUSINESS_RULE',
      refundable.card === 0
        ? 'Nothing of this order can go back to the card (it was paid with UGM Credit or is refunded already). Refund it to UGM Credit.'
        : `At most ${formatMoney(toMajorUnits(refundable.card), checkout.currency)} can go back to the card.`,
    );
  }
  if (request.amount > refundable.credit) {
    throw new AppError(
      'BUSINESS_RULE',
      `At most ${formatMoney(toMajorUnits(refundable.credit), checkout.currency)} of this order is left to refund.`,
    );
  }
  return chosen;
}

/** Voids the vouchers, moves the money and queues the e-mails, inside the caller's transaction. */
async function carryOut(
  tx: Transaction,
  deps: FinanceDeps,
  checkout: PaidCheckout,
  refund: { requestId: string; amount: number; refundTo: 'card' | 'credit' },
  chosen: readonly VoucherRow[],
  now: Date,
): Promise<{ providerRefundId: string | null }> {
  const ids = chosen.map((voucher) => voucher.id);
  const ended = await endVouchers(tx, ids, 'refunded', now);
  // Under the vouchers' locks nothing else changes them; a shortfall is a broken invariant.
  if (ended.length !== ids.length) throw new Error('a locked voucher changed state during its refund');
  if (refund.refundTo === 'credit') {
    await refundToCredit(tx, {
      userId: checkout.userId,
      amount: refund.amount,
      currency: checkout.currency,
      orderIds: ids,
      at: now,
    });
  }
  await queueRefundMails(tx, deps, checkout, refund, chosen);
  if (refund.refundTo === 'credit') return { providerRefundId: null };
  if (!checkout.providerSessionId) throw new Error('a card refund of an order paid without the card');
  // Last, so nothing after it can fail: the provider's answer is the last word of the transaction.
  try {
    const made = await deps.payments.refund({
      providerSessionId: checkout.providerSessionId,
      amount: refund.amount,
      currency: checkout.currency,
      idempotencyKey: refund.requestId,
    });
    return { providerRefundId: made.providerRefundId };
  } catch {
    throw new AppError('UNAVAILABLE', PROVIDER_REFUND_FAILED);
  }
}

async function queueRefundMails(
  tx: Executor,
  deps: FinanceDeps,
  checkout: PaidCheckout,
  refund: { amount: number; refundTo: 'card' | 'credit' },
  chosen: readonly VoucherRow[],
): Promise<void> {
  const holders = chosen.map((voucher) => voucher.ownerId).filter((id): id is string => id !== null);
  const contacts = await findUserContacts(tx, [checkout.userId, ...holders]);
  const buyer = contacts.get(checkout.userId);
  const publicUrl = deps.config.publicUrl;
  if (buyer) {
    await enqueueMail(tx, {
      to: buyer.email,
      ...refundIssuedEmail({
        buyerName: buyer.name,
        orderId: checkout.id,
        amount: refund.amount,
        currency: checkout.currency,
        refundTo: refund.refundTo,
        vouchers: chosen,
        publicUrl,
      }),
    });
  }
  for (const voucher of chosen) {
    const holder = voucher.ownerId ? contacts.get(voucher.ownerId) : undefined;
    if (!holder || holder.id === checkout.userId) continue;
    await enqueueMail(tx, {
      to: holder.email,
      ...voucherCancelledEmail({ holderName: holder.name, voucher, publicUrl }),
    });
  }
}

const stateOf = (vouchers: readonly VoucherRow[]) =>
  vouchers.map((voucher) => ({ id: voucher.id, state: voucherStateOf(voucher) }));

/** POST /ops/orders/:orderId/refunds. */
export async function requestRefund(
  db: Database,
  deps: FinanceDeps,
  { actor, now }: Acting,
  orderId: string,
  request: RefundRequest,
): Promise<RefundAnswer> {
  const order = await resolveOrderId(db, orderId);
  const requestId = request.requestId.toLowerCase();
  const waits = request.amount > APPROVAL_THRESHOLD_MINOR;
  try {
    return await db.transaction(async (tx) => {
      const checkout = await lockPaidCheckout(tx, order.id);
      if (!checkout) throw notFound(ORDER_NOT_FOUND);
      const others = await refundsOfCheckout(tx, checkout.id);
      const replay = others.find((other) => other.requestId === requestId);
      if (replay) return { refund: (await refundViews(tx, [replay]))[0] ?? never(), message: REFUND_ALREADY_RECORDED };
      const vouchers = await lockVouchersOfCheckout(tx, checkout.id);
      const chosen = checkRefund(deps, checkout, vouchers, others, request, now);
      const done = waits
        ? null
        : await carryOut(
            tx,
            deps,
            checkout,
            { requestId, amount: request.amount, refundTo: request.refundTo },
            chosen,
            now,
          );
      const [row] = await tx
        .insert(refunds)
        .values({
          requestId,
          checkoutSessionId: checkout.id,
          voucherIds: chosen.map((voucher) => voucher.id),
          amount: request.amount,
          currency: checkout.currency,
          destination: request.refundTo,
          reason: request.reason,
          status: done ? 'done' : 'pending',
          requestedBy: actor.operatorId,
          providerRefundId: done?.providerRefundId ?? null,
          createdAt: now,
          doneAt: done ? now : null,
        })
        .returning();
      if (!row) throw new Error('inserting a refund returned no row');
      await recordAudit(
        tx,
        actor,
        {
          action: done ? 'refund' : 'refund.request',
          targetType: 'order',
          targetId: checkout.id,
          reason: request.reason,
          before: { vouchers: stateOf(chosen) },
          after: {
            refundId: row.id,
            amount: row.amount,
            currency: row.currency,
            refundTo: row.destination,
            status: row.status,
            ...(done ? { vouchers: chosen.map((voucher) => ({ id: voucher.id, state: 'refunded' })) } : {}),
          },
        },
        now,
      );
      return { refund: (await refundViews(tx, [row]))[0] ?? never(), message: done ? REFUND_DONE : REFUND_WAITS };
    });
  } catch (error) {
    // The same request id used for another order: it names one refund only.
    if (violatedUniqueConstraint(error) === 'refunds_request_id') throw conflict(REFUND_ALREADY_RECORDED);
    throw error;
  }
}

/**
 * Carries out a pending refund on its approval, inside the caller's transaction (which holds the
 * refund row's lock): the same checks, now, under the order's and vouchers' locks.
 */
export async function carryOutPendingRefund(
  tx: Transaction,
  deps: FinanceDeps,
  row: RefundRow,
  now: Date,
): Promise<{ providerRefundId: string | null; vouchers: { id: string; state: string }[] }> {
  const checkout = await lockPaidCheckout(tx, row.checkoutSessionId);
  if (!checkout) throw notFound(ORDER_NOT_FOUND);
  const others = (await refundsOfCheckout(tx, checkout.id)).filter((other) => other.id !== row.id);
  const vouchers = await lockVouchersOfCheckout(tx, checkout.id);
  const chosen = checkRefund(
    deps,
    checkout,
    vouchers,
    others,
    { voucherIds: row.voucherIds, amount: row.amount, refundTo: row.destination },
    now,
  );
  const done = await carryOut(
    tx,
    deps,
    checkout,
    { requestId: row.requestId, amount: row.amount, refundTo: row.destination },
    chosen,
    now,
  );
  return { providerRefundId: done.providerRefundId, vouchers: stateOf(chosen) };
}

export async function lockRefund(tx: Executor, id: string): Promise<RefundRow | null> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
  return row ?? null;
}

function never(): never {
  throw new Error('a refund row has no view');
}
