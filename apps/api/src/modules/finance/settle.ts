import { and, asc, eq, lte } from 'drizzle-orm';
import { ProviderRefusedError } from '../../adapters/payments/provider';
import type { App } from '../../app-types';
import type { Database } from '../../db/client';
import { type RefundRow, refunds } from '../../db/schema/finance';
import type { PeriodicTask } from '../../jobs/periodic-tasks';
import { findPaidCheckout, uncountRefund } from '../checkout';
import { findVouchersByIds, restoreRefundedVouchers } from '../vouchers';
import type { FinanceDeps } from './deps';

/** What settling needs of the app: no queue, it locks the refund's row. */
type SettleDeps = Pick<FinanceDeps, 'config' | 'payments'>;

import { queueRefundMails } from './refund-mails';

/**
 * A card refund's second half (decision 063): the provider is asked with no transaction open, the
 * refund's request id as its idempotency key, and its answer settles the `processing` row in a
 * transaction of its own. Made: `done`, with the e-mails. Refused: `failed`, its vouchers given
 * back and its amount no longer counted against the order. No answer (a timeout, the provider
 * down, this process gone): the row stays `processing` and `settleRefundsTask` settles it later by
 * asking the provider whether the refund exists, and if it does not, asking for it again with the
 * same key, so the card is refunded once whatever happened in between.
 */

/** How long after recording a refund the job may first ask about it: past any request still waiting on the provider. */
export const SETTLE_GRACE_MS = 2 * 60_000;
/** How often the job looks for refunds the provider has not settled. */
const SETTLE_SWEEP_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;

type ProviderOutcome =
  | { kind: 'made'; providerRefundId: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'unknown'; reason: string };

/** Asks the provider to make the refund (again: the key makes it once) and settles the row by its answer. */
export async function askProvider(db: Database, deps: SettleDeps, row: RefundRow, now: Date): Promise<RefundRow> {
  const providerSessionId = await providerSessionOf(db, row);
  let outcome: ProviderOutcome;
  try {
    const made = await deps.payments.refund({
      providerSessionId,
      amount: row.amount,
      currency: row.currency,
      idempotencyKey: row.requestId,
    });
    outcome = { kind: 'made', providerRefundId: made.providerRefundId };
  } catch (error) {
    outcome =
      error instanceof ProviderRefusedError
        ? { kind: 'refused', reason: error.message }
        : { kind: 'unknown', reason: error instanceof Error ? error.message : String(error) };
  }
  return settleRefund(db, deps, row.id, outcome, now);
}

async function providerSessionOf(db: Database, row: RefundRow): Promise<string> {
  const checkout = await findPaidCheckout(db, row.checkoutSessionId);
  if (!checkout?.providerSessionId) throw new Error(`refund ${row.id} is of an order the card did not pay`);
  return checkout.providerSessionId;
}

/**
 * Applies the provider's answer to a `processing` refund, once: the row is locked (nothing but a
 * settlement locks a `processing` row), and a row another settlement holds or has settled already
 * is answered as it stands.
 */
async function settleRefund(
  db: Database,
  deps: SettleDeps,
  refundId: string,
  outcome: ProviderOutcome,
  now: Date,
): Promise<RefundRow> {
  const settled = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'processing')))
      .for('update', { skipLocked: true });
    if (!row) return null;
    const attempts = row.providerAttempts + 1;
    if (outcome.kind === 'unknown') {
      const wait = Math.min(MAX_RETRY_MS, SETTLE_SWEEP_MS * 2 ** Math.min(attempts, 10));
      const [waiting] = await tx
        .update(refunds)
        .set({ providerAttempts: attempts, settleAfter: new Date(now.getTime() + wait) })
        .where(eq(refunds.id, row.id))
        .returning();
      return waiting ?? null;
    }
    const checkout = await findPaidCheckout(tx, row.checkoutSessionId);
    if (!checkout) throw new Error(`refund ${row.id} lost its order`);
    const [done] = await tx
      .update(refunds)
      .set(
        outcome.kind === 'made'
          ? {
              status: 'done',
              providerRefundId: outcome.providerRefundId,
              doneAt: now,
              settleAfter: null,
              providerAttempts: attempts,
            }
          : { status: 'failed', failure: outcome.reason.slice(0, 500), settleAfter: null, providerAttempts: attempts },
      )
      .where(eq(refunds.id, row.id))
      .returning();
    if (!done) throw new Error(`refund ${row.id} vanished while being settled`);
    if (outcome.kind === 'made') {
      const vouchers = await findVouchersByIds(tx, row.voucherIds);
      const chosen = row.voucherIds.flatMap((id) => vouchers.get(id) ?? []);
      await queueRefundMails(tx, deps, checkout, { amount: row.amount, refundTo: 'card' }, chosen);
    } else {
      await restoreRefundedVouchers(tx, row.voucherIds);
      await uncountRefund(tx, checkout.id, { amount: row.amount, toCard: true });
    }
    return done;
  });
  if (settled) return settled;
  const [current] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!current) throw new Error(`refund ${refundId} vanished while being settled`);
  return current;
}

/**
 * Settles the card refunds whose answer never came and whose time has come: the provider is asked
 * whether it made each (by its idempotency key); made, it is done; not made, it is asked for
 * again with the same key; no answer again, it waits longer. Answers how many it looked at.
 */
export async function settleWaitingRefunds(db: Database, deps: SettleDeps, now: Date, limit = 20): Promise<number> {
  const due = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'processing'), lte(refunds.settleAfter, now)))
    .orderBy(asc(refunds.settleAfter))
    .limit(limit);
  for (const row of due) {
    let found: { providerRefundId: string } | null;
    try {
      found = await deps.payments.findRefund({
        providerSessionId: await providerSessionOf(db, row),
        idempotencyKey: row.requestId,
      });
    } catch (error) {
      await settleRefund(db, deps, row.id, { kind: 'unknown', reason: String(error) }, now);
      continue;
    }
    if (found) await settleRefund(db, deps, row.id, { kind: 'made', providerRefundId: found.providerRefundId }, now);
    else await askProvider(db, deps, row, now);
  }
  return due.length;
}

/** `settleWaitingRefunds` as a worker's periodic task, on one worker at a time (decision 055). */
export function settleRefundsTask(app: App): PeriodicTask {
  return {
    name: 'refund-settle',
    everyMs: SETTLE_SWEEP_MS,
    // Each refund asks the provider at most twice, each call bounded by the provider's timeout.
    leaseMs: 20 * SETTLE_SWEEP_MS,
    run: () => settleWaitingRefunds(app.db, { config: app.appConfig, payments: app.payments }, app.clock()),
  };
}
