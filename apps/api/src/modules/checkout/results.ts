import type { OrderItem } from '@gvm/contract';
import { and, eq, or, type SQL } from 'drizzle-orm';
import type { ProviderSessionState } from '../../adapters/payments/provider';
import type { Database } from '../../db/client';
import { type CheckoutSessionRow, type CheckoutSessionStatus, checkoutSessions } from '../../db/schema/checkout';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { giftOrdersOf } from '../gifts';
import { listSessionVouchers } from '../vouchers';
import type { CheckoutDeps } from './deps';
import { applyState } from './fulfilment';
import { hashPollKey } from './service';
import { type CheckoutSnapshot, snapshotOrderItems } from './snapshot';

export const SESSION_NOT_FOUND_MESSAGE = 'Checkout session not found';
export const PAYMENT_FAILED_MESSAGE = 'Your payment did not go through, so no voucher was issued.';
export const PAYMENT_PENDING_MESSAGE = 'Your payment has not been confirmed yet.';

async function findOwnSession(db: Database, userId: string, where: SQL | undefined): Promise<CheckoutSessionRow> {
  const [session] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), where))
    .limit(1);
  if (!session) throw notFound(SESSION_NOT_FOUND_MESSAGE);
  return session;
}

/**
 * An unsettled session is settled by asking the provider (the webhook may not have arrived yet);
 * the answer is applied like a webhook, and the session read again.
 */
async function settle(db: Database, deps: CheckoutDeps, session: CheckoutSessionRow): Promise<CheckoutSessionRow> {
  if (session.fulfilledAt || (session.status !== 'open' && session.status !== 'processing')) return session;
  let state: ProviderSessionState = 'open';
  if (session.providerSessionId) {
    try {
      state = await deps.payments.retrieveSession(session.providerSessionId);
    } catch {
      // The provider is unreachable: say nothing new (not even expired) until it answers.
      return session;
    }
  }
  await applyState(db, deps, session, state);
  const [fresh] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
  return fresh ?? session;
}

/** The orders of one paid session as the payment result screen shows them, gifts with their recipient. */
async function listSessionOrders(db: Database, checkoutSessionId: string): Promise<OrderItem[]> {
  const vouchers = await listSessionVouchers(db, checkoutSessionId);
  const gifts = await giftOrdersOf(
    db,
    vouchers.map((voucher) => voucher._id),
  );
  return vouchers.map((voucher) => {
    const giftOrder = gifts.get(voucher._id);
    return giftOrder ? { ...voucher, giftOrder } : voucher;
  });
}

export type VerifyOutcome =
  | { status: 'paid'; orderReference: string; orders: OrderItem[] }
  | { status: 'failed'; orders: OrderItem[] }
  | { status: 'processing'; orders: OrderItem[] };

async function outcomeOf(db: Database, session: CheckoutSessionRow): Promise<VerifyOutcome> {
  if (session.fulfilledAt) {
    return { status: 'paid', orderReference: session.orderReference, orders: await listSessionOrders(db, session.id) };
  }
  if (session.status === 'failed' || session.status === 'expired') {
    return { status: 'failed', orders: snapshotOrderItems(session.items as CheckoutSnapshot) };
  }
  return { status: 'processing', orders: [] };
}

/** GET /orders/verify: the caller's session by the provider's id or ours; settled first if needed. */
export async function verifyCheckoutSession(
  db: Database,
  deps: CheckoutDeps,
  userId: string,
  sessionRef: string,
): Promise<VerifyOutcome> {
  const byProvider = eq(checkoutSessions.providerSessionId, sessionRef);
  const session = await findOwnSession(
    db,
    userId,
    isUuid(sessionRef) ? or(byProvider, eq(checkoutSessions.id, sessionRef.toLowerCase())) : byProvider,
  );
  return outcomeOf(db, await settle(db, deps, session));
}

/** GET /orders/status: the caller's session by its poll key; open counts as processing, expired as failed. */
export async function checkoutStatusByKey(
  db: Database,
  deps: CheckoutDeps,
  userId: string,
  key: string,
): Promise<VerifyOutcome> {
  const session = await findOwnSession(db, userId, eq(checkoutSessions.pollKeyHash, hashPollKey(key)));
  return outcomeOf(db, await settle(db, deps, session));
}

/** The lines of a session for a payment page that wants them (the simulator keeps its own copy). */
export async function findCheckoutSessionForPayPage(
  db: Database,
  checkoutSessionId: string,
): Promise<{ amount: number; currency: string; snapshot: CheckoutSnapshot; status: CheckoutSessionStatus } | null> {
  if (!isUuid(checkoutSessionId)) return null;
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, checkoutSessionId));
  if (!session) return null;
  return {
    amount: session.amount,
    currency: session.currency,
    snapshot: session.items as CheckoutSnapshot,
    status: session.status,
  };
}
