import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { ProviderSessionState } from '../../adapters/payments/provider';
import type { App } from '../../app-types';
import type { Database } from '../../db/client';
import { checkoutSessions } from '../../db/schema/checkout';
import type { PeriodicTask } from '../../jobs/periodic-tasks';
import { type CheckoutDeps, checkoutDepsOf } from './deps';
import { applyState } from './fulfilment';

/** How often the app looks for abandoned payment pages still holding UGM Credit. */
export const CREDIT_HOLD_SWEEP_MS = 60_000;
const SWEEP_BATCH = 100;

/**
 * Settles unpaid sessions past their expiry that still hold UGM Credit (decision 026): the
 * provider is asked first, as the result page would (a payment made at the last second still
 * wins), then its answer is applied; an open one expires and its hold is released in that
 * transaction. A provider that cannot be reached leaves the session for the next round.
 * Safe to run anywhere at once: every change is a conditional UPDATE.
 */
export async function releaseDueCreditHolds(
  db: Database,
  deps: CheckoutDeps,
  options: { userId?: string } = {},
): Promise<number> {
  const due = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        gt(checkoutSessions.creditAmount, 0),
        isNull(checkoutSessions.fulfilledAt),
        inArray(checkoutSessions.status, ['open', 'processing']),
        lte(checkoutSessions.expiresAt, deps.clock()),
        options.userId ? eq(checkoutSessions.userId, options.userId) : undefined,
      ),
    )
    .orderBy(asc(checkoutSessions.expiresAt))
    .limit(SWEEP_BATCH);
  for (const session of due) {
    let state: ProviderSessionState = 'open';
    if (session.providerSessionId) {
      try {
        state = await deps.payments.retrieveSession(session.providerSessionId);
      } catch {
        continue;
      }
    }
    await applyState(db, deps, session, state);
  }
  return due.length;
}

/**
 * `releaseDueCreditHolds` as a worker's periodic task: every minute, on one worker at a time
 * (decision 055); lazy expiry alone would keep a closed tab's credit.
 */
export function creditHoldReleaseTask(app: App): PeriodicTask {
  return {
    name: 'credit-hold-release',
    everyMs: CREDIT_HOLD_SWEEP_MS,
    // A batch asks the provider about up to 100 sessions, each bounded by the provider's timeout.
    leaseMs: 10 * CREDIT_HOLD_SWEEP_MS,
    run: () => releaseDueCreditHolds(app.db, checkoutDepsOf(app)),
  };
}
