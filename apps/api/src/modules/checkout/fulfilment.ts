import { formatMoney, toMajorUnits } from '@gvm/contract';
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import { enqueueMail } from '../../adapters/mail/outbox';
import { giftReceivedEmail, purchaseReceiptEmail } from '../../adapters/mail/templates';
import type { PaymentEvent, ProviderSessionState } from '../../adapters/payments/provider';
import type { Database, Executor } from '../../db/client';
import { type CheckoutSessionRow, type CheckoutSessionStatus, checkoutSessions } from '../../db/schema/checkout';
import { clearCart } from '../carts';
import { cardArtEmailUrl } from '../catalog';
import { notifyUser } from '../notifications';
import { findUserByEmail } from '../users';
import { CreditSpentElsewhereError, recordCardPurchase, releaseCreditHold, spendHeldCredit } from '../wallets';
import type { CheckoutDeps } from './deps';
import { issueUnits } from './issue';
import { type CheckoutSnapshot, unitsOf } from './snapshot';

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
 * Answers whether this call did the work. A session whose released credit was spent before a
 * late 'paid' arrived issues nothing (decision 026) and stays as it was.
 */
async function fulfil(db: Database, deps: CheckoutDeps, sessionId: string): Promise<boolean> {
  try {
    return await db.transaction((tx) => fulfilIn(tx, deps, sessionId));
  } catch (error) {
    if (error instanceof CreditSpentElsewhereError) return false;
    throw error;
  }
}

/** `fulfil` inside the caller's transaction (a session paid wholly by UGM Credit is fulfilled as it is created). */
export async function fulfilIn(tx: Executor, deps: CheckoutDeps, sessionId: string): Promise<boolean> {
  const now = deps.clock();
  const [session] = await tx
    .update(checkoutSessions)
    .set({ status: 'paid', fulfilledAt: now, updatedAt: now })
    .where(and(eq(checkoutSessions.id, sessionId), isNull(checkoutSessions.fulfilledAt)))
    .returning();
  if (!session) return false;
  const snapshot = session.items as CheckoutSnapshot;
  const issued = await issueUnits(tx, {
    checkoutSessionId: session.id,
    buyerId: session.userId,
    units: unitsOf(snapshot),
    encryptionKey: deps.config.voucherEncryptionKey,
    at: now,
  });
  await clearCart(tx, session.userId);
  const orderIds = issued.map((order) => order.id);
  // UGM Credit held at creation is spent (its withdrawal names the orders); the card paid the rest.
  if (session.creditAmount > 0) await spendHeldCredit(tx, session.id, orderIds);
  if (session.amount > session.creditAmount) {
    await recordCardPurchase(tx, {
      userId: session.userId,
      checkoutSessionId: session.id,
      amount: session.amount - session.creditAmount,
      currency: session.currency,
      orderIds,
      at: now,
    });
  }
  const gifts = issued.filter((order) => order.gift);
  const total = formatMoney(toMajorUnits(session.amount), session.currency);
  await notifyUser(
    tx,
    session.userId,
    `Payment received: ${issued.length} gift voucher${issued.length === 1 ? '' : 's'} for ${total}.` +
      giftNotice(gifts.length, gifts.filter((order) => order.gift?.scheduledFor).length),
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
        ...(order.gift
          ? { recipient: { name: order.gift.name, email: order.gift.email, sendOn: order.gift.scheduledFor } }
          : {}),
      })),
      total: session.amount,
      currency: session.currency,
      publicUrl: deps.config.publicUrl,
    }),
  });
  for (const order of gifts) {
    // A gift scheduled for a later day is e-mailed by the gift schedule (decision 025).
    if (!order.gift || order.gift.scheduledFor) continue;
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
        artUrl: cardArtEmailUrl(deps.config.publicUrl, order.productCode, order.value, order.currency),
      }),
    });
    // A recipient who already has an account also finds the gift in their notifications.
    const recipient = await findUserByEmail(tx, order.gift.email);
    if (recipient && recipient.id !== session.userId) {
      await notifyUser(
        tx,
        recipient.id,
        `${snapshot.buyer.name || 'Someone'} sent you a gift: ${order.merchantName} ${formatMoney(toMajorUnits(order.value), order.currency)}. Confirm it under Manage Vouchers in your wallet.`,
        now,
      );
    }
  }
  return true;
}

/** The end of the buyer's payment notification: whether the gifts went now or wait for their day. */
function giftNotice(gifts: number, scheduled: number): string {
  if (gifts === 0) return '';
  if (scheduled === 0) return ` ${gifts === 1 ? 'Your gift has' : 'Your gifts have'} been e-mailed.`;
  if (scheduled === gifts) {
    return ` ${gifts === 1 ? 'Your gift will be' : 'Your gifts will be'} e-mailed on the day you chose.`;
  }
  return ' Your gifts have been e-mailed or will be on the day you chose.';
}

/** Applies what the provider says about one of our sessions: paid fulfils, the rest move the status. */
export async function applyState(
  db: Database,
  deps: CheckoutDeps,
  session: CheckoutSessionRow,
  state: ProviderSessionState,
) {
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
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .update(checkoutSessions)
      .set({ status: state, updatedAt: now })
      .where(
        and(
          eq(checkoutSessions.id, session.id),
          isNull(checkoutSessions.fulfilledAt),
          inArray(checkoutSessions.status, replaceable[state]),
        ),
      )
      .returning({ creditAmount: checkoutSessions.creditAmount });
    // A failed or expired payment gives its held UGM Credit back, in the same transaction.
    if (ended && ended.creditAmount > 0 && state !== 'processing') await releaseCreditHold(tx, session.id, now);
  });
}

/** Open sessions end 30 minutes after creation; applied lazily when the session is read or reported on. */
async function expireIfDue(db: Database, sessionId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [expired] = await tx
      .update(checkoutSessions)
      .set({ status: 'expired', updatedAt: now })
      .where(
        and(
          eq(checkoutSessions.id, sessionId),
          eq(checkoutSessions.status, 'open'),
          isNull(checkoutSessions.fulfilledAt),
          lte(checkoutSessions.expiresAt, now),
        ),
      )
      .returning({ creditAmount: checkoutSessions.creditAmount });
    if (expired && expired.creditAmount > 0) await releaseCreditHold(tx, sessionId, now);
  });
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
