import { CODE_DELAY_MS, formatMoney, type RefundAnswer, type RefundRequest, toMajorUnits } from '@gvm/contract';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client';
import { type RefundRow, refunds } from '../../db/schema/finance';
import { isLockBusy, violatedUniqueConstraint } from '../../lib/db-errors';
import { AppError, conflict, notFound } from '../../lib/errors';
import { countRefund, lockPaidCheckout, type PaidCheckout } from '../checkout';
import { recordAudit } from '../operators';
import { endVouchers, lockVouchersOfCheckout, type VoucherRow, voucherLabelOf, voucherStateOf } from '../vouchers';
import { refundToCredit } from '../wallets';
import type { Acting, FinanceDeps } from './deps';
import { holdCustomerMoney, secondOperatorNeeded } from './four-eyes';
import {
  ORDER_NOT_FOUND,
  refundableOf,
  refundedSums,
  refundsOfCheckout,
  refundViews,
  resolveOrderId,
} from './order-view';
import { queueRefundMails } from './refund-mails';
import { askProvider, SETTLE_GRACE_MS } from './settle';

/**
 * Refunds (docs/product/operators.md#money, decisions 049 and 063). A refund is recorded in one
 * short transaction under the order's row lock and the customer's money lock, both taken without
 * waiting: its vouchers are checked and voided and its amount counted against what was paid. A
 * refund to UGM Credit is done there and then (a ledger row, the e-mails). A refund to the card is
 * written `processing`, and the provider is asked only once that transaction has committed, with
 * the refund's request id as the idempotency key; its answer settles the row (settle.ts). The
 * request id is UNIQUE, so the same request sent many times is one refund, and requests for one
 * customer queue in this process (`deps.queue`) rather than in PostgreSQL with a connection each.
 */

export const PROVIDER_REFUND_FAILED =
  'The payment provider did not accept the refund. Nothing was changed; please try again later.';
export const REFUND_DONE = 'Refund done.';
export const REFUND_SENT =
  'The refund was sent to the payment provider, which has not confirmed it yet: it shows as done here once it does.';
export const REFUND_WAITS = 'Refunds above £250 need a second operator: this one is waiting in Approvals.';
export const REFUND_ALREADY_RECORDED = 'This refund was already recorded.';
export const REFUND_REQUEST_REUSED =
  'This request id was already used for a different refund: nothing was changed. Reload the page and try again.';
export const ORDER_BUSY = 'Another change to this order is in progress; try again';

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
 * activated any moment (decision 068): it can be refunded only once it is 10 minutes late.
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

interface RefundAsked {
  voucherIds?: readonly string[] | undefined;
  amount: number;
  refundTo: 'card' | 'credit';
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
  request: RefundAsked,
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

/**
 * Carries out a refund as far as this transaction can: voids its vouchers and counts its amount
 * against the order (the database refuses more than was paid), then for UGM Credit credits the
 * wallet and queues the e-mails. Answers the status the refund row takes: `done`, or `processing`
 * for a card refund, which the provider settles once this transaction has committed.
 */
async function startRefund(
  tx: Transaction,
  deps: FinanceDeps,
  checkout: PaidCheckout,
  refund: { amount: number; refundTo: 'card' | 'credit' },
  chosen: readonly VoucherRow[],
  now: Date,
): Promise<'done' | 'processing'> {
  const ids = chosen.map((voucher) => voucher.id);
  const ended = await endVouchers(tx, ids, 'refunded', now);
  // Under the vouchers' locks nothing else changes them; a shortfall is a broken invariant.
  if (ended.length !== ids.length) throw new Error('a locked voucher changed state during its refund');
  if (!(await countRefund(tx, checkout.id, { amount: refund.amount, toCard: refund.refundTo === 'card' }))) {
    throw new AppError('BUSINESS_RULE', 'This refund would take back more than the order paid.');
  }
  if (refund.refundTo === 'card') {
    if (!checkout.providerSessionId) throw new Error('a card refund of an order paid without the card');
    return 'processing';
  }
  await refundToCredit(tx, {
    userId: checkout.userId,
    amount: refund.amount,
    currency: checkout.currency,
    orderIds: ids,
    at: now,
  });
  await queueRefundMails(tx, deps, checkout, refund, chosen);
  return 'done';
}

const stateOf = (vouchers: readonly VoucherRow[]) =>
  vouchers.map((voucher) => ({ id: voucher.id, state: voucherStateOf(voucher) }));

async function viewOf(db: Executor, row: RefundRow) {
  const [view] = await refundViews(db, [row]);
  if (!view) throw new Error('a refund row has no view');
  return view;
}

async function findRefundByRequestId(db: Executor, requestId: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.requestId, requestId));
  return row ?? null;
}

/** The same request again answers the refund it made; the id sent with other content is refused. */
async function replayOf(
  db: Executor,
  row: RefundRow,
  checkoutId: string,
  request: RefundRequest & { requestId: string },
): Promise<RefundAnswer> {
  const voucherIds = request.voucherIds?.map((id) => id.toLowerCase()).sort();
  const same =
    row.checkoutSessionId === checkoutId &&
    row.amount === request.amount &&
    row.destination === request.refundTo &&
    row.reason === request.reason &&
    (voucherIds === undefined || voucherIds.join() === [...row.voucherIds].sort().join());
  if (!same) throw conflict(REFUND_REQUEST_REUSED);
  return { refund: await viewOf(db, row), message: REFUND_ALREADY_RECORDED };
}

type Recorded = { answer: RefundAnswer } | { sent: RefundRow };

/** POST /ops/orders/:orderId/refunds. */
export async function requestRefund(
  db: Database,
  deps: FinanceDeps,
  acting: Acting,
  orderId: string,
  request: RefundRequest,
): Promise<RefundAnswer> {
  const order = await resolveOrderId(db, orderId);
  const asked = { ...request, requestId: request.requestId.toLowerCase() };
  const recorded = await deps.queue.run(order.userId, () => recordRefund(db, deps, acting, order.id, asked));
  if ('answer' in recorded) return recorded.answer;
  // The transaction has committed: only now is the card's provider asked.
  return answerOfSettled(db, await askProvider(db, deps, recorded.sent, acting.now));
}

/** What the console is told once the provider has answered, or has not. */
async function answerOfSettled(db: Executor, row: RefundRow): Promise<RefundAnswer> {
  if (row.status === 'failed') throw new AppError('UNAVAILABLE', PROVIDER_REFUND_FAILED);
  return { refund: await viewOf(db, row), message: row.status === 'done' ? REFUND_DONE : REFUND_SENT };
}

async function recordRefund(
  db: Database,
  deps: FinanceDeps,
  { actor, now }: Acting,
  checkoutId: string,
  request: RefundRequest & { requestId: string },
): Promise<Recorded> {
  const earlier = await findRefundByRequestId(db, request.requestId);
  if (earlier) return { answer: await replayOf(db, earlier, checkoutId, request) };
  try {
    return await db.transaction(async (tx): Promise<Recorded> => {
      const checkout = await lockPaidCheckout(tx, checkoutId);
      if (!checkout) throw notFound(ORDER_NOT_FOUND);
      await holdCustomerMoney(tx, checkout.userId);
      const others = await refundsOfCheckout(tx, checkout.id);
      const vouchers = await lockVouchersOfCheckout(tx, checkout.id);
      const chosen = checkRefund(deps, checkout, vouchers, others, request, now);
      const waits = await secondOperatorNeeded(
        tx,
        {
          operatorId: actor.operatorId,
          customerId: checkout.userId,
          currency: checkout.currency,
          amount: request.amount,
          orderRefunded: refundedSums(others).all,
        },
        REFUND_WAITS,
        now,
      );
      const status = waits ? 'pending' : await startRefund(tx, deps, checkout, request, chosen, now);
      const [row] = await tx
        .insert(refunds)
        .values({
          requestId: request.requestId,
          checkoutSessionId: checkout.id,
          customerId: checkout.userId,
          voucherIds: chosen.map((voucher) => voucher.id),
          amount: request.amount,
          currency: checkout.currency,
          destination: request.refundTo,
          reason: request.reason,
          status,
          requestedBy: actor.operatorId,
          settleAfter: status === 'processing' ? new Date(now.getTime() + SETTLE_GRACE_MS) : null,
          createdAt: now,
          doneAt: status === 'done' ? now : null,
        })
        .returning();
      if (!row) throw new Error('inserting a refund returned no row');
      await recordAudit(
        tx,
        actor,
        {
          action: waits ? 'refund.request' : 'refund',
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
            ...(waits ? {} : { vouchers: chosen.map((voucher) => ({ id: voucher.id, state: 'refunded' })) }),
          },
        },
        now,
      );
      if (status === 'processing') return { sent: row };
      return { answer: { refund: await viewOf(tx, row), message: waits ?? REFUND_DONE } };
    });
  } catch (error) {
    // Another instance recorded the same request id meanwhile (this one's queue holds only its own).
    if (violatedUniqueConstraint(error) === 'refunds_request_id') {
      const recorded = await findRefundByRequestId(db, request.requestId);
      if (recorded) return { answer: await replayOf(db, recorded, checkoutId, request) };
    }
    if (isLockBusy(error)) throw conflict(ORDER_BUSY);
    throw error;
  }
}

/**
 * Carries out a pending refund on its approval, inside the caller's transaction (which holds the
 * refund row's lock): the same checks, now, under the order's and vouchers' locks. Answers the
 * vouchers it took and the status the row takes (`processing` until the card's provider answers).
 */
export async function approveRefund(
  tx: Transaction,
  deps: FinanceDeps,
  row: RefundRow,
  now: Date,
): Promise<{ status: 'done' | 'processing'; vouchers: { id: string; state: string }[] }> {
  const checkout = await lockPaidCheckout(tx, row.checkoutSessionId);
  if (!checkout) throw notFound(ORDER_NOT_FOUND);
  await holdCustomerMoney(tx, checkout.userId);
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
  const status = await startRefund(tx, deps, checkout, { amount: row.amount, refundTo: row.destination }, chosen, now);
  return { status, vouchers: stateOf(chosen) };
}

/**
 * The refund locked FOR UPDATE NOWAIT while it waits for a second operator, or null: one already
 * decided is not locked (its settlement may need it), and the caller reads it to say so.
 */
export async function lockPendingRefund(tx: Executor, id: string): Promise<RefundRow | null> {
  const [row] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .for('update', { noWait: true });
  return row ?? null;
}

export async function findRefund(db: Executor, id: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row ?? null;
}
