import { createHash, randomBytes } from 'node:crypto';
import {
  CARD_ONLY_MESSAGE,
  CHECKOUT_SESSION_TTL_MINUTES,
  type CheckoutSessionRequest,
  EMPTY_CART_MESSAGE,
  formatMoney,
  MISSING_NAME_MESSAGE,
  type OrderItem,
  toMajorUnits,
} from '@gvm/contract';
import { and, eq, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { enqueueMail } from '../../adapters/mail/outbox';
import { giftReceivedEmail, purchaseReceiptEmail } from '../../adapters/mail/templates';
import type { PaymentEvent, PaymentProvider, ProviderSessionState } from '../../adapters/payments/provider';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type CheckoutSessionRow, type CheckoutSessionStatus, checkoutSessions } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { clearCart } from '../carts';
import { findProductsByIds } from '../catalog';
import { notifyUser } from '../notifications';
import { issueVouchers, listSessionOrders } from '../orders';
import { getCurrentUser } from '../users';
import { recordCardPurchase } from '../wallets';
import { priceCheckout } from './pricing';
import { type CheckoutSnapshot, snapshotOrderItems, unitsOf } from './snapshot';

/** What fulfilment needs from the app; H5's webhook routes pass `{ config, clock, payments }`. */
export interface CheckoutDeps {
  config: Config;
  clock: () => Date;
  payments: PaymentProvider;
}

export const PROVIDER_UNAVAILABLE_MESSAGE =
  'We could not open the payment page just now. Nothing has been charged. Please try again in a moment.';
export const SESSION_NOT_FOUND_MESSAGE = 'Checkout session not found';
export const PAYMENT_FAILED_MESSAGE = 'Your payment did not go through, so no voucher was issued.';
export const PAYMENT_PENDING_MESSAGE = 'Your payment has not been confirmed yet.';

const TTL_MS = CHECKOUT_SESSION_TTL_MINUTES * 60_000;

export function hashPollKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

const rule = (message: string) => new AppError('BUSINESS_RULE', message);

/**
 * POST /wallets/checkout-session: checks the buyer and the payload, reprices every line from the
 * catalogue, records the session, then asks the provider for its hosted page. If the provider
 * fails, the row is marked failed (nothing can be paid on it) and the caller gets a 503.
 */
export async function createCheckoutSession(
  db: Database,
  deps: CheckoutDeps,
  userId: string,
  body: CheckoutSessionRequest,
): Promise<{ url: string }> {
  if ((body.paymentMethod ?? 'card').trim().toLowerCase() !== 'card') throw rule(CARD_ONLY_MESSAGE);
  const buyer = await getCurrentUser(db, userId);
  const buyerName = buyer.consumer.name?.trim() ?? '';
  if (!buyerName) throw rule(MISSING_NAME_MESSAGE);
  if (body.items.length === 0) throw rule(EMPTY_CART_MESSAGE);

  const catalogue = await findProductsByIds(
    db,
    body.items.map((item) => item.id),
  );
  const { lines, amount, currency } = priceCheckout(body, catalogue);
  const snapshot: CheckoutSnapshot = { buyer: { name: buyerName, email: buyer.email }, lines };

  const now = deps.clock();
  const expiresAt = new Date(now.getTime() + TTL_MS);
  const pollKey = randomBytes(16).toString('base64url');
  const [session] = await db
    .insert(checkoutSessions)
    .values({
      userId,
      provider: deps.payments.name,
      pollKeyHash: hashPollKey(pollKey),
      amount,
      currency,
      items: snapshot,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: checkoutSessions.id });
  if (!session) throw new Error('inserting a checkout session returned no row');

  const base = deps.config.publicUrl;
  try {
    const hosted = await deps.payments.createHostedSession({
      checkoutSessionId: session.id,
      amount,
      currency,
      lines: lines.map((line) => ({
        name: `${line.merchantName} gift card ${formatMoney(toMajorUnits(line.unitAmount), line.currency)}`,
        unitAmount: line.unitAmount,
        quantity: line.quantity,
      })),
      customerEmail: buyer.email,
      successUrl: `${base}/confirmation?session_id={CHECKOUT_SESSION_ID}&key=${pollKey}`,
      pendingUrl: `${base}/confirmation?session_id=pending&key=${pollKey}`,
      cancelUrl: `${base}/checkout`,
      expiresAt,
    });
    await db
      .update(checkoutSessions)
      .set({ providerSessionId: hosted.providerSessionId, updatedAt: deps.clock() })
      .where(eq(checkoutSessions.id, session.id));
    return { url: hosted.url };
  } catch (error) {
    await db
      .update(checkoutSessions)
      .set({ status: 'failed', updatedAt: deps.clock() })
      .where(eq(checkoutSessions.id, session.id));
    throw Object.assign(new AppError('UNAVAILABLE', PROVIDER_UNAVAILABLE_MESSAGE), { cause: error });
  }
}

/** Which statuses each reported state may replace; a fulfilled session never changes again. */
const replaceable: Record<Exclude<ProviderSessionState, 'paid' | 'open'>, CheckoutSessionStatus[]> = {
  processing: ['open'],
  failed: ['open', 'processing'],
  expired: ['open'],
};

/**
 * Fulfils a paid session exactly once, in one transaction: the conditional UPDATE claims the row
 * (concurrent callers wait on its lock and then find it claimed), then the vouchers, the gift
 * transfers, the emptied cart, the wallet's purchase row, the notification and every e-mail.
 * Answers whether this call did the work.
 */
async function fulfil(db: Database, deps: CheckoutDeps, sessionId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = deps.clock();
    const [session] = await tx
      .update(checkoutSessions)
      .set({ status: 'paid', fulfilledAt: now, updatedAt: now })
      .where(and(eq(checkoutSessions.id, sessionId), isNull(checkoutSessions.fulfilledAt)))
      .returning();
    if (!session) return false;
    const snapshot = session.items as CheckoutSnapshot;
    const issued = await issueVouchers(tx, {
      checkoutSessionId: session.id,
      buyerId: session.userId,
      units: unitsOf(snapshot),
      encryptionKey: deps.config.voucherEncryptionKey,
      at: now,
    });
    await clearCart(tx, session.userId);
    await recordCardPurchase(tx, {
      userId: session.userId,
      checkoutSessionId: session.id,
      amount: session.amount,
      currency: session.currency,
      orderIds: issued.map((order) => order.id),
      at: now,
    });
    const gifts = issued.filter((order) => order.gift);
    const total = formatMoney(toMajorUnits(session.amount), session.currency);
    await notifyUser(
      tx,
      session.userId,
      `Payment received: ${issued.length} gift voucher${issued.length === 1 ? '' : 's'} for ${total}.` +
        (gifts.length > 0 ? ` ${gifts.length === 1 ? 'Your gift has' : 'Your gifts have'} been e-mailed.` : ''),
      now,
    );
    await enqueueMail(tx, {
      to: snapshot.buyer.email,
      ...purchaseReceiptEmail({
        buyerName: snapshot.buyer.name,
        lines: issued.map((order) => ({
          orderId: order.id,
          merchantName: order.merchantName,
          value: order.value,
          currency: order.currency,
          ...(order.gift ? { recipient: { name: order.gift.name, email: order.gift.email } } : {}),
        })),
        total: session.amount,
        currency: session.currency,
        publicUrl: deps.config.publicUrl,
      }),
    });
    for (const order of gifts) {
      if (!order.gift) continue;
      await enqueueMail(tx, {
        to: order.gift.email,
        ...giftReceivedEmail({
          senderName: snapshot.buyer.name,
          recipientName: order.gift.name,
          message: order.gift.message,
          merchantName: order.merchantName,
          value: order.value,
          currency: order.currency,
          claimUrl: `${deps.config.publicUrl}/gift/${order.gift.claimToken}`,
        }),
      });
    }
    return true;
  });
}

/** Applies what the provider says about one of our sessions: paid fulfils, the rest move the status. */
async function applyState(db: Database, deps: CheckoutDeps, session: CheckoutSessionRow, state: ProviderSessionState) {
  // A fulfilled session never changes again: a redelivered webhook costs this one read.
  if (session.fulfilledAt) return;
  if (state === 'paid') {
    await fulfil(db, deps, session.id);
    return;
  }
  const now = deps.clock();
  if (state === 'open') {
    await expireIfDue(db, session.id, now);
    return;
  }
  await db
    .update(checkoutSessions)
    .set({ status: state, updatedAt: now })
    .where(
      and(
        eq(checkoutSessions.id, session.id),
        isNull(checkoutSessions.fulfilledAt),
        inArray(checkoutSessions.status, replaceable[state]),
      ),
    );
}

/** Open sessions end 30 minutes after creation; applied lazily when the session is read or reported on. */
async function expireIfDue(db: Database, sessionId: string, now: Date): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(checkoutSessions.id, sessionId),
        eq(checkoutSessions.status, 'open'),
        isNull(checkoutSessions.fulfilledAt),
        lte(checkoutSessions.expiresAt, now),
      ),
    );
}

/**
 * A verified provider event (webhook): paid → fulfilled exactly once; processing, failed and
 * expired → status change. An event about a session we do not know changes nothing.
 */
export async function applyPaymentEvent(db: Database, deps: CheckoutDeps, event: PaymentEvent): Promise<void> {
  const [session] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.providerSessionId, event.providerSessionId))
    .limit(1);
  if (!session) return;
  await applyState(db, deps, session, event.state);
}

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

export type VerifyOutcome =
  | { status: 'paid'; orders: OrderItem[] }
  | { status: 'failed'; orders: OrderItem[] }
  | { status: 'processing'; orders: OrderItem[] };

async function outcomeOf(db: Database, session: CheckoutSessionRow): Promise<VerifyOutcome> {
  if (session.fulfilledAt) return { status: 'paid', orders: await listSessionOrders(db, session.id) };
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
