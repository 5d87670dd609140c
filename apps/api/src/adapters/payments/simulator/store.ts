import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client';
import {
  type SimulatorSessionRow,
  type SimulatorWebhookRow,
  simulatorRefunds,
  simulatorSessions,
  simulatorWebhooks,
} from '../../../db/schema/payment-simulator';
import { currentRequestId } from '../../../lib/request-context';
import {
  type HostedSessionLine,
  type HostedSessionRequest,
  type ProviderRefundRequest,
  ProviderRefusedError,
} from '../provider';

/**
 * The simulator's rows (decision 056): its sessions, its webhook deliveries and its refunds. The
 * only code that touches them; every change that reports an outcome queues its webhook in the
 * same transaction, so an outcome is never taken without being announced, nor announced twice.
 */

export type { SimulatorSessionRow, SimulatorWebhookRow };

/** A new page for a checkout session, or the one already opened for it (the idempotency key). */
export async function openSession(db: Database, request: HostedSessionRequest): Promise<SimulatorSessionRow> {
  const id = `sim_${randomBytes(18).toString('base64url')}`;
  await db
    .insert(simulatorSessions)
    .values({
      id,
      checkoutSessionId: request.checkoutSessionId,
      amount: request.amount,
      currency: request.currency,
      lines: request.lines.map((line) => ({ ...line })),
      successUrl: request.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', id),
      pendingUrl: request.pendingUrl,
      cancelUrl: request.cancelUrl,
      expiresAt: request.expiresAt,
    })
    .onConflictDoNothing({ target: simulatorSessions.checkoutSessionId });
  const [session] = await db
    .select()
    .from(simulatorSessions)
    .where(eq(simulatorSessions.checkoutSessionId, request.checkoutSessionId));
  if (!session) throw new Error('the simulated session was not stored');
  return session;
}

export async function findSessionRow(db: Executor, id: string): Promise<SimulatorSessionRow | undefined> {
  const [session] = await db.select().from(simulatorSessions).where(eq(simulatorSessions.id, id));
  return session;
}

export function linesOf(session: SimulatorSessionRow): HostedSessionLine[] {
  return session.lines as HostedSessionLine[];
}

/** A card taken at once (`paid`) or an asynchronous one now processing, with when and how it settles. */
export type CardTaken = { state: 'paid' } | { state: 'processing'; settlesAt: Date; settlesTo: 'paid' | 'failed' };

/**
 * Takes a card on an open, unexpired session, once: of two payments at once (two instances, two
 * tabs) the conditional UPDATE lets one through. Answers the session as changed, or undefined when
 * it was no longer open.
 */
export async function takeCard(
  db: Database,
  sessionId: string,
  taken: CardTaken,
  now: Date,
): Promise<SimulatorSessionRow | undefined> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .update(simulatorSessions)
      .set(
        taken.state === 'paid'
          ? { state: 'paid' }
          : { state: 'processing', settlesAt: taken.settlesAt, settlesTo: taken.settlesTo },
      )
      .where(
        and(
          eq(simulatorSessions.id, sessionId),
          eq(simulatorSessions.state, 'open'),
          gt(simulatorSessions.expiresAt, now),
        ),
      )
      .returning();
    if (session) await queueEvent(tx, session, `payment_session.${session.state}`, now, currentRequestId());
    return session;
  });
}

/** A declined card changes nothing, but the app hears of the attempt all the same (decision 016). */
export async function recordDeclinedAttempt(db: Database, session: SimulatorSessionRow, now: Date): Promise<void> {
  await queueEvent(db, session, 'payment_attempt.declined', now, currentRequestId());
}

/**
 * Settles asynchronous payments whose time has come (all due ones, or only `sessionId`), each
 * with its webhook, claimed with FOR UPDATE SKIP LOCKED so two instances never settle one twice.
 * Answers how many it settled.
 */
export async function settleDue(db: Database, now: Date, options: { sessionId?: string; limit: number }) {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: simulatorSessions.id })
      .from(simulatorSessions)
      .where(
        and(
          lte(simulatorSessions.settlesAt, now),
          eq(simulatorSessions.state, 'processing'),
          options.sessionId ? eq(simulatorSessions.id, options.sessionId) : undefined,
        ),
      )
      .orderBy(asc(simulatorSessions.settlesAt))
      .limit(options.limit)
      .for('update', { skipLocked: true });
    const settled = await tx
      .update(simulatorSessions)
      .set({ state: sql`${simulatorSessions.settlesTo}`, settlesAt: null, settlesTo: null })
      .where(inArray(simulatorSessions.id, due))
      .returning();
    // Settled by time, not by a request: the delivery gets an id of its own.
    for (const session of settled) await queueEvent(tx, session, `payment_session.${session.state}`, now, undefined);
    return settled.length;
  });
}

/**
 * The event as a provider sends it: its id, its type, and the session's state when it happened;
 * with the id of the request that caused it, which its deliveries carry on (decision 061).
 */
async function queueEvent(
  db: Executor,
  session: SimulatorSessionRow,
  type: string,
  now: Date,
  requestId: string | undefined,
): Promise<void> {
  const eventId = `evt_${randomUUID()}`;
  const body = JSON.stringify({
    id: eventId,
    type,
    created: Math.floor(now.getTime() / 1000),
    data: {
      object: {
        id: session.id,
        checkoutSessionId: session.checkoutSessionId,
        state: session.state,
        amount: session.amount,
        currency: session.currency,
      },
    },
  });
  await db
    .insert(simulatorWebhooks)
    .values({ eventId, sessionId: session.id, body, nextAttemptAt: now, requestId: requestId ?? null });
}

/**
 * Claims up to `limit` due deliveries for `leaseMs`: pending, due, and held by nobody (or by a
 * lease that ran out: its holder died or hung). FOR UPDATE SKIP LOCKED lets instances claim side
 * by side without waiting on each other or taking the same row; each claim counts an attempt.
 */
export function claimDueDeliveries(
  db: Database,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<SimulatorWebhookRow[]> {
  const due = db
    .select({ eventId: simulatorWebhooks.eventId })
    .from(simulatorWebhooks)
    .where(
      and(
        eq(simulatorWebhooks.status, 'pending'),
        lte(simulatorWebhooks.nextAttemptAt, now),
        or(isNull(simulatorWebhooks.leaseExpiresAt), lte(simulatorWebhooks.leaseExpiresAt, now)),
      ),
    )
    .orderBy(asc(simulatorWebhooks.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(simulatorWebhooks)
    .set({ attempts: sql`${simulatorWebhooks.attempts} + 1`, leaseExpiresAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(simulatorWebhooks.eventId, due))
    .returning();
}

export type DeliveryOutcome =
  | { kind: 'delivered' }
  | { kind: 'retry'; nextAttemptAt: Date; error: string }
  | { kind: 'failed'; error: string };

/**
 * Records what a claimed attempt led to, unless the claim was lost meanwhile (its lease ran out
 * and another instance claimed the row, which counted another attempt). Answers whether it did.
 */
export async function finishDelivery(
  db: Database,
  claimed: SimulatorWebhookRow,
  outcome: DeliveryOutcome,
  now: Date,
): Promise<boolean> {
  const values =
    outcome.kind === 'delivered'
      ? { status: 'delivered' as const, deliveredAt: now, leaseExpiresAt: null, lastError: null }
      : outcome.kind === 'retry'
        ? { nextAttemptAt: outcome.nextAttemptAt, leaseExpiresAt: null, lastError: outcome.error.slice(0, 1000) }
        : { status: 'failed' as const, leaseExpiresAt: null, lastError: outcome.error.slice(0, 1000) };
  const recorded = await db
    .update(simulatorWebhooks)
    .set(values)
    .where(
      and(
        eq(simulatorWebhooks.eventId, claimed.eventId),
        eq(simulatorWebhooks.status, 'pending'),
        eq(simulatorWebhooks.attempts, claimed.attempts),
      ),
    )
    .returning({ eventId: simulatorWebhooks.eventId });
  return recorded.length > 0;
}

/** A session's webhook deliveries, oldest first (tests and the simulator's own checks read them). */
export function deliveriesOf(db: Executor, sessionId: string): Promise<SimulatorWebhookRow[]> {
  return db
    .select()
    .from(simulatorWebhooks)
    .where(eq(simulatorWebhooks.sessionId, sessionId))
    .orderBy(asc(simulatorWebhooks.createdAt), asc(simulatorWebhooks.eventId));
}

export interface SimulatedRefund extends ProviderRefundRequest {
  readonly id: string;
}

/**
 * Records a refund once per idempotency key, as a provider keeps them: asking again with the key
 * answers the first refund, and a key first used for another refund is refused. A refund must be
 * of a paid session and, with those before it, no more than the session took; under the session's
 * row lock, so refunds asked at once cannot together exceed it. Refusals throw
 * ProviderRefusedError, as a provider's 4xx would.
 */
export async function recordRefund(db: Database, request: ProviderRefundRequest): Promise<SimulatedRefund> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(simulatorSessions)
      .where(eq(simulatorSessions.id, request.providerSessionId))
      .for('update');
    const [earlier] = await tx
      .select()
      .from(simulatorRefunds)
      .where(eq(simulatorRefunds.idempotencyKey, request.idempotencyKey));
    if (earlier) {
      if (earlier.providerSessionId !== request.providerSessionId || earlier.amount !== request.amount) {
        throw new ProviderRefusedError(
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return refundOf(earlier);
    }
    if (session?.state !== 'paid') throw new ProviderRefusedError(`No such payment: ${request.providerSessionId}`);
    const [made] = await tx
      .select({ total: sql<string | null>`sum(${simulatorRefunds.amount})` })
      .from(simulatorRefunds)
      .where(eq(simulatorRefunds.providerSessionId, session.id));
    const refunded = Number(made?.total ?? 0);
    if (refunded + request.amount > session.amount) {
      throw new ProviderRefusedError(
        `Refund amount (${request.amount}) is greater than the unrefunded amount of the payment (${session.amount - refunded}).`,
      );
    }
    const [refund] = await tx
      .insert(simulatorRefunds)
      .values({
        id: `sim_re_${randomBytes(12).toString('base64url')}`,
        idempotencyKey: request.idempotencyKey,
        providerSessionId: request.providerSessionId,
        amount: request.amount,
        currency: request.currency,
      })
      .returning();
    if (!refund) throw new Error('the simulated refund was not stored');
    return refundOf(refund);
  });
}

/** The refund recorded with this idempotency key for this session, if any. */
export async function findRefund(
  db: Executor,
  request: Pick<ProviderRefundRequest, 'providerSessionId' | 'idempotencyKey'>,
): Promise<SimulatedRefund | null> {
  const [row] = await db
    .select()
    .from(simulatorRefunds)
    .where(
      and(
        eq(simulatorRefunds.idempotencyKey, request.idempotencyKey),
        eq(simulatorRefunds.providerSessionId, request.providerSessionId),
      ),
    );
  return row ? refundOf(row) : null;
}

export async function listRefunds(db: Executor): Promise<SimulatedRefund[]> {
  const rows = await db.select().from(simulatorRefunds).orderBy(asc(simulatorRefunds.createdAt));
  return rows.map(refundOf);
}

function refundOf(row: typeof simulatorRefunds.$inferSelect): SimulatedRefund {
  return {
    id: row.id,
    providerSessionId: row.providerSessionId,
    amount: row.amount,
    currency: row.currency,
    idempotencyKey: row.idempotencyKey,
  };
}
