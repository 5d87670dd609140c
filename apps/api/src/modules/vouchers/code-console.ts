import type { OpsVoucherSupplier } from '@gvm/contract';
import { and, asc, count, eq, gte, inArray, isNotNull, lt, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type OrderRow, orders, type VoucherCodeRequestRow, voucherCodeRequests } from '../../db/schema/vouchers';
import { conflict, notFound } from '../../lib/errors';
import { findSupplierFacts } from '../catalog';
import { attemptInFlight, type CodeClaim, claimOf } from './code-requests';

/**
 * What the operator console reads and does about codes bought from the supplier (decision 068,
 * docs/product/operators.md#codes-from-the-supplier): never a code, only the supplier, its
 * reference and where each request stands.
 */

export const RETRY_NOT_WAITING_MESSAGE = 'This voucher’s code is not waiting for the supplier.';
export const RETRY_IN_FLIGHT_MESSAGE = 'The supplier is being asked for this code right now.';

/** A voucher whose code has not come: its request, and the voucher's own facts. */
export interface WaitingCode {
  request: VoucherCodeRequestRow;
  voucher: OrderRow;
}

/**
 * Codes waiting for the supplier, oldest ask first: on their way (an attempt under way or the
 * next retry scheduled), or refused (for want of float, or for good), whose voucher is still held
 * and unactivated.
 */
export async function waitingCodes(db: Executor, limit = 200): Promise<WaitingCode[]> {
  const rows = await db
    .select({ request: voucherCodeRequests, voucher: orders })
    .from(voucherCodeRequests)
    .innerJoin(orders, eq(orders.id, voucherCodeRequests.voucherId))
    .where(inArray(voucherCodeRequests.state, ['pending', 'no-float', 'failed']))
    .orderBy(asc(voucherCodeRequests.requestedAt), asc(voucherCodeRequests.voucherId))
    .limit(limit);
  return rows;
}

/**
 * 'Retry now': in the caller's transaction, under the voucher's row lock, the request (a refused
 * one reopened as a new ask) is claimed for an attempt by `workerId` at once, so the same retry
 * pressed again, or by a second operator, finds it under way and changes nothing (409, decision
 * 053). Refused when the code is not waiting (404 for an unknown voucher, 409 otherwise). Answers
 * the request as it was, and the claim to attempt once the transaction has committed.
 */
export async function claimForRetry(
  tx: Executor,
  voucherId: string,
  input: { now: Date; workerId: string; leaseMs: number },
): Promise<{ before: VoucherCodeRequestRow; claim: CodeClaim }> {
  const { now } = input;
  const [voucher] = await tx.select().from(orders).where(eq(orders.id, voucherId)).for('update');
  if (!voucher) throw notFound('Voucher not found');
  const [before] = await tx
    .select()
    .from(voucherCodeRequests)
    .where(eq(voucherCodeRequests.voucherId, voucherId))
    .for('update');
  const held = voucher.status === 'active' && !voucher.swapped && !voucher.deactivated && voucher.activatedAt === null;
  if (!before || !held || !['pending', 'no-float', 'failed'].includes(before.state)) {
    throw conflict(RETRY_NOT_WAITING_MESSAGE);
  }
  if (attemptInFlight(before, now)) throw conflict(RETRY_IN_FLIGHT_MESSAGE);
  const reopened = before.state !== 'pending';
  const [after] = await tx
    .update(voucherCodeRequests)
    .set({
      state: 'pending',
      nextAttemptAt: now,
      claimedBy: input.workerId,
      claimedUntil: new Date(now.getTime() + input.leaseMs),
      attempts: sql`${voucherCodeRequests.attempts} + 1`,
      ...(reopened ? { requestedAt: now } : {}),
    })
    .where(eq(voucherCodeRequests.voucherId, voucherId))
    .returning();
  if (!after) throw new Error(`the code request of voucher ${voucherId} vanished under its lock`);
  const [asked] = await tx
    .update(orders)
    .set({ codeRequestedAt: after.requestedAt })
    .where(eq(orders.id, voucherId))
    .returning();
  const facts = (await findSupplierFacts(tx, [voucher.productCode])).get(voucher.productCode);
  return { before, claim: claimOf(after, asked ?? voucher, facts?.category) };
}

/** A voucher's supplier, its reference and its code request, for its console page. */
export async function supplierOfVoucher(db: Executor, voucher: OrderRow): Promise<OpsVoucherSupplier> {
  const [request] = await db.select().from(voucherCodeRequests).where(eq(voucherCodeRequests.voucherId, voucher.id));
  return {
    supplier: voucher.supplier ?? request?.supplier ?? null,
    reference: voucher.supplierReference,
    request: request
      ? {
          state: request.state,
          brand: request.brand,
          attempts: request.attempts,
          requestedAt: request.requestedAt.toISOString(),
          nextAttemptAt: request.state === 'pending' ? request.nextAttemptAt.toISOString() : null,
          lastError: request.lastErrorCode ? `${request.lastErrorCode}: ${request.lastError ?? ''}`.trim() : null,
        }
      : null,
  };
}

export interface ActivatedDay {
  day: string;
  currency: string;
  count: number;
  /** The face value of the cards bought that day: what the supplier's float had to cover. Minor units. */
  value: number;
}

/** Vouchers activated (their cards bought) per UTC day and currency, from `from` up to `to` (exclusive) when given. */
export async function activationsByDay(db: Executor, range: { from?: Date; to?: Date }): Promise<ActivatedDay[]> {
  const day = sql<string>`to_char(${orders.activatedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, currency: orders.currency, count: count(), value: sum(orders.value) })
    .from(orders)
    .where(
      and(
        isNotNull(orders.activatedAt),
        range.from ? gte(orders.activatedAt, range.from) : undefined,
        range.to ? lt(orders.activatedAt, range.to) : undefined,
      ),
    )
    .groupBy(day, orders.currency)
    .orderBy(asc(day), asc(orders.currency));
  return rows.map((row) => ({ ...row, value: Number(row.value ?? 0) }));
}
