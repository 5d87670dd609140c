import { formatMoney, toMajorUnits } from '@gvm/contract';
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import { enqueueMail } from '../../adapters/mail/outbox';
import { giftReceivedEmail, purchaseReceiptEmail } from '../../adapters/mail/templates';
import type { PaymentEvent, ProviderSessionState } from '../../adapters/payments/provider';
import type { Database } from '../../db/client';
import { type CheckoutSessionRow, type CheckoutSessionStatus, checkoutSessions } from '../../db/schema/checkout';
import { clearCart } from '../carts';
import { notifyUser } from '../notifications';
import { issueVouchers } from '../orders';
import { findUserByEmail } from '../users';
import { recordCardPurchase } from '../wallets';
import type { CheckoutDeps } from './deps';
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
  });
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
