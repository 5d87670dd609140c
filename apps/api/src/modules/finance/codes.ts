import type { RetryCodeAnswer, SupplierReport, WaitingCodes } from '@gvm/contract';
import { type SupplierFloat, supplierLabel, type VoucherSupplier } from '../../adapters/suppliers';
import type { Database, Executor } from '../../db/client';
import { toCsv } from '../../lib/csv';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { DayRange } from '../checkout';
import { recordAudit } from '../operators';
import { findAccountSummaries } from '../users';
import { activationsByDay, type CodeIssuer, waitingCodes } from '../vouchers';
import type { Acting } from './deps';

/**
 * The console's view of codes bought from the supplier (docs/product/operators.md#codes-from-the-supplier,
 * decision 068): the codes waiting for it, 'Retry now', and the report of its float and of what
 * activations cost it. Never a code: only the supplier, its reference and where a request stands.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Codes on their way or refused, oldest ask first, with their voucher's holder. */
export async function listWaitingCodes(db: Executor): Promise<WaitingCodes> {
  const waiting = await waitingCodes(db);
  const holders = await findAccountSummaries(
    db,
    waiting.flatMap(({ voucher }) => (voucher.ownerId ? [voucher.ownerId] : [])),
  );
  return {
    codes: waiting.map(({ request, voucher }) => {
      const holder = voucher.ownerId ? holders.get(voucher.ownerId) : undefined;
      return {
        voucherId: voucher.id,
        merchantName: voucher.merchantName,
        value: voucher.value,
        currency: voucher.currency,
        holder: holder ? { id: holder.id, email: holder.email } : null,
        supplier: request.supplier,
        brand: request.brand,
        state: request.state === 'no-float' || request.state === 'failed' ? request.state : 'pending',
        attempts: request.attempts,
        requestedAt: request.requestedAt.toISOString(),
        nextAttemptAt: request.state === 'pending' ? request.nextAttemptAt.toISOString() : null,
        lastError: request.lastErrorCode ? `${request.lastErrorCode}: ${request.lastError ?? ''}`.trim() : null,
      };
    }),
  };
}

const retryMessages: Record<RetryCodeAnswer['outcome'], string> = {
  issued: 'The supplier issued the code: the holder can see it now.',
  retry: 'The supplier has not issued it yet: it is asked again until it does.',
  'no-float': 'The supplier refused it for want of float: top the float up, then retry.',
  failed: 'The supplier refused it again. Check the brand, or offer the holder an exchange.',
};

/** 'Retry now': audited (`voucher.code-retry`) in the transaction that claims the attempt. */
export async function retryWaitingCode(
  issuer: CodeIssuer,
  { actor, now }: Acting,
  voucherId: string,
  reason: string | undefined,
): Promise<RetryCodeAnswer> {
  if (!isUuid(voucherId)) throw notFound('Voucher not found');
  const id = voucherId.toLowerCase();
  const outcome = await issuer.retryNow(id, (tx, before) =>
    recordAudit(
      tx,
      actor,
      {
        action: 'voucher.code-retry',
        targetType: 'voucher',
        targetId: id,
        reason: reason?.trim() || null,
        before: { state: before.state, attempts: before.attempts, lastErrorCode: before.lastErrorCode },
        after: { state: 'pending' },
      },
      now,
    ),
  );
  const kind =
    outcome.kind === 'issued' || outcome.kind === 'no-float' || outcome.kind === 'failed' ? outcome.kind : 'retry';
  return { outcome: kind, message: retryMessages[kind] };
}

/**
 * The supplier's float as it answers now (asked outside any transaction; a supplier that cannot
 * be reached leaves the rest of the report standing), and the activations of the days asked for.
 */
export async function supplierReport(
  db: Database,
  supplier: VoucherSupplier,
  range: DayRange,
): Promise<SupplierReport> {
  let floats: SupplierFloat[] = [];
  let floatError: string | null = null;
  try {
    floats = await supplier.readFloat();
  } catch (error) {
    floatError = `${supplierLabel(supplier.name)} could not be asked for its float: ${error instanceof Error ? error.message : String(error)}`;
  }
  return { supplier: supplier.name, floats, floatError, activations: await activationsOf(db, range) };
}

async function activationsOf(db: Executor, range: DayRange): Promise<SupplierReport['activations']> {
  const rows = await activationsByDay(db, {
    ...(range.from ? { from: new Date(`${range.from}T00:00:00Z`) } : {}),
    ...(range.to ? { to: new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS) } : {}),
  });
  return rows.map((row) => ({ day: row.day, currency: row.currency, count: row.count, faceValue: row.value }));
}

/** The activations as CSV: `day,currency,activated,face_value` (pounds and pence). */
export async function supplierActivationsCsv(db: Executor, range: DayRange): Promise<string> {
  return toCsv(
    ['day', 'currency', 'activated', 'face_value'],
    (await activationsOf(db, range)).map((row) => [row.day, row.currency, row.count, (row.faceValue / 100).toFixed(2)]),
  );
}
