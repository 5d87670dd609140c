import type { OpsOrder, OpsRefund, OpsVoucher } from '@gvm/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type RefundRow, refunds } from '../../db/schema/finance';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { findPaidCheckout, type PaidCheckout } from '../checkout';
import { findOperatorEmails } from '../operators';
import { findUserContacts } from '../users';
import { checkoutOfVoucher, codeLastFourOf, type VoucherRow, voucherStateOf, vouchersOfCheckout } from '../vouchers';

export const ORDER_NOT_FOUND = 'Order not found';

/**
 * The checkout an order id names (docs/product/operators.md#money): a paid checkout's id, or the
 * id of one of its vouchers (the shopper's "order id", one per voucher), so either finds the order.
 * A voucher received in an exchange finds the checkout that paid for the voucher it replaced.
 */
export async function resolveOrderId(db: Executor, orderId: string): Promise<PaidCheckout> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  const id = orderId.toLowerCase();
  const direct = await findPaidCheckout(db, id);
  if (direct) return direct;
  const viaVoucher = await checkoutOfVoucher(db, id);
  const checkout = viaVoucher ? await findPaidCheckout(db, viaVoucher) : null;
  if (!checkout) throw notFound(ORDER_NOT_FOUND);
  return checkout;
}

export function voucherView(encryptionKey: string, row: VoucherRow): OpsVoucher {
  return {
    id: row.id,
    merchantName: row.merchantName,
    productCode: row.productCode,
    value: row.value,
    currency: row.currency,
    state: voucherStateOf(row),
    codeLastFour: codeLastFourOf(encryptionKey, row),
    ownerId: row.ownerId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function refundViews(db: Executor, rows: readonly RefundRow[]): Promise<OpsRefund[]> {
  const emails = await findOperatorEmails(
    db,
    rows.flatMap((row) => [row.requestedBy, ...(row.decidedBy ? [row.decidedBy] : [])]),
  );
  const ref = (id: string) => ({ id, email: emails.get(id) ?? '' });
  return rows.map((row) => ({
    id: row.id,
    requestId: row.requestId,
    orderId: row.checkoutSessionId,
    voucherIds: row.voucherIds,
    amount: row.amount,
    currency: row.currency,
    refundTo: row.destination,
    reason: row.reason,
    status: row.status,
    failure: row.failure,
    requestedBy: ref(row.requestedBy),
    decidedBy: row.decidedBy ? ref(row.decidedBy) : null,
    createdAt: row.createdAt.toISOString(),
    doneAt: row.doneAt?.toISOString() ?? null,
  }));
}

/**
 * What was refunded of a checkout, and what refunds waiting for a second operator or for the
 * card's provider hold back, per destination; those rejected or refused count for nothing.
 */
export function refundedSums(rows: readonly Pick<RefundRow, 'status' | 'destination' | 'amount'>[]) {
  const live = rows.filter((row) => row.status !== 'rejected' && row.status !== 'failed');
  const of = (destination: 'card' | 'credit') =>
    live.filter((row) => row.destination === destination).reduce((total, row) => total + row.amount, 0);
  const done = rows.filter((row) => row.status === 'done').reduce((total, row) => total + row.amount, 0);
  return { card: of('card'), credit: of('credit'), all: of('card') + of('credit'), done };
}

/**
 * What may still be refunded (decision 049): to the card, at most what the card paid less what
 * went (or waits to go) back to it; in all, at most the order's total less every refund.
 */
export function refundableOf(checkout: PaidCheckout, sums: ReturnType<typeof refundedSums>) {
  const left = checkout.amount - sums.all;
  const cardPaid = checkout.providerSessionId ? checkout.amount - checkout.creditAmount : 0;
  return { card: Math.max(0, Math.min(cardPaid - sums.card, left)), credit: Math.max(0, left) };
}

export async function refundsOfCheckout(db: Executor, checkoutSessionId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.checkoutSessionId, checkoutSessionId))
    .orderBy(asc(refunds.createdAt));
}

export async function refundsByIds(db: Executor, ids: readonly string[]): Promise<RefundRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(refunds)
    .where(inArray(refunds.id, [...ids]));
}

/** GET /ops/orders/:orderId. */
export async function getOpsOrder(db: Executor, encryptionKey: string, orderId: string): Promise<OpsOrder> {
  const checkout = await resolveOrderId(db, orderId);
  const [vouchers, rows, buyers] = [
    await vouchersOfCheckout(db, checkout.id),
    await refundsOfCheckout(db, checkout.id),
    await findUserContacts(db, [checkout.userId]),
  ];
  const buyer = buyers.get(checkout.userId);
  const sums = refundedSums(rows);
  return {
    id: checkout.id,
    reference: checkout.orderReference,
    buyer: { id: checkout.userId, email: buyer?.email ?? '', name: buyer?.name ?? '' },
    currency: checkout.currency,
    total: checkout.amount,
    paidByCard: checkout.amount - checkout.creditAmount,
    paidByCredit: checkout.creditAmount,
    refunded: sums.done,
    refundable: refundableOf(checkout, sums),
    paidAt: checkout.fulfilledAt?.toISOString() ?? null,
    vouchers: vouchers.map((row) => voucherView(encryptionKey, row)),
    refunds: await refundViews(db, rows),
  };
}
