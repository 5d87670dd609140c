import { formatMoney, toMajorUnits } from '@gvm/contract';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { announceMailQueued, enqueueMailsPart, type MailMessage } from '../../adapters/mail/outbox';
import { giftReceivedEmail, purchaseReceiptEmail } from '../../adapters/mail/templates';
import type { PaymentEvent, ProviderSessionState } from '../../adapters/payments/provider';
import type { Database, Executor } from '../../db/client';
import { type CheckoutSessionRow, type CheckoutSessionStatus, checkoutSessions } from '../../db/schema/checkout';
import { gateNamed, runParts, type StatementPart } from '../../db/statement-parts';
import { clearCartPart } from '../carts';
import { cardArtEmailUrl } from '../catalog';
import { notifyAccountsByEmailPart, notifyUsersPart } from '../notifications';
import { accountsByEmailRelation } from '../users';
import { CreditSpentElsewhereError, recordCardPurchaseParts, releaseCreditHold, spendHeldCredit } from '../wallets';
import type { CheckoutDeps } from './deps';
import { issueUnitsParts } from './issue';
import { type CheckoutSnapshot, unitsOf } from './snapshot';

/** Which statuses each reported state may replace; a fulfilled session never changes again. */
const replaceable: Record<Exclude<ProviderSessionState, 'paid' | 'open'>, CheckoutSessionStatus[]> = {
  processing: ['open'],
  failed: ['open', 'processing'],
  expired: ['open'],
};

/**
 * Fulfils a paid session exactly once (decision 057). Paid by card alone, it is one statement,
 * atomic by itself: the conditional UPDATE claims the row (concurrent callers wait on its lock and
 * then find it claimed, so their statement writes nothing), and every other part (the vouchers,
 * the gift transfers, the emptied cart, the wallet's purchase row, the notifications and every
 * e-mail) writes only if the claim did. With UGM Credit held, spending it joins that statement in
 * one transaction. Answers whether this call did the work. A session whose released credit was
 * spent before a late 'paid' arrived issues nothing (decision 026) and stays as it was.
 */
async function fulfil(db: Database, deps: CheckoutDeps, session: CheckoutSessionRow): Promise<boolean> {
  if (session.creditAmount === 0) return fulfilIn(db, deps, session);
  try {
    return await db.transaction((tx) => fulfilIn(tx, deps, session));
  } catch (error) {
    if (error instanceof CreditSpentElsewhereError) return false;
    throw error;
  }
}

/**
 * `fulfil` in the caller's transaction, or on its own when nothing else must join it (a session
 * paid wholly by UGM Credit is fulfilled in the transaction that creates it). `session` is the
 * row as read: what it was bought with never changes, and the claim checks it is still unfulfilled.
 */
export async function fulfilIn(db: Executor, deps: CheckoutDeps, session: CheckoutSessionRow): Promise<boolean> {
  if (session.fulfilledAt) return false;
  const now = deps.clock();
  const snapshot = session.items as CheckoutSnapshot;
  const gate = gateNamed('claimed');
  const claim: StatementPart = {
    name: 'claimed',
    body: db
      .update(checkoutSessions)
      .set({ status: 'paid', fulfilledAt: now, updatedAt: now })
      .where(and(eq(checkoutSessions.id, session.id), isNull(checkoutSessions.fulfilledAt)))
      .returning({ id: checkoutSessions.id })
      .getSQL(),
  };
  const { parts: issuing, issued } = issueUnitsParts(gate, {
    checkoutSessionId: session.id,
    buyerId: session.userId,
    units: unitsOf(snapshot),
    encryptionKey: deps.config.voucherEncryptionKey,
    at: now,
  });
  const orderIds = issued.map((order) => order.id);
  const gifts = issued.filter((order) => order.gift);
  const total = formatMoney(toMajorUnits(session.amount), session.currency);
  const buyerNote = {
    userId: session.userId,
    message:
      `Payment received: ${issued.length} gift voucher${issued.length === 1 ? '' : 's'} for ${total}.` +
      giftNotice(gifts.length, gifts.filter((order) => order.gift?.scheduledFor).length),
    at: now,
  };
  const mails: MailMessage[] = [
    {
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
    },
  ];
  // A gift scheduled for a later day is e-mailed by the gift schedule (decision 025).
  const giftsNow = gifts.filter((order) => order.gift && !order.gift.scheduledFor);
  const recipientNotes: { email: string; message: string; at: Date }[] = [];
  for (const order of giftsNow) {
    if (!order.gift) continue;
    mails.push({
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
    recipientNotes.push({
      email: order.gift.email,
      message: `${snapshot.buyer.name || 'Someone'} sent you a gift: ${order.merchantName} ${formatMoney(toMajorUnits(order.value), order.currency)}. Confirm it under Manage Vouchers in your wallet.`,
      at: now,
    });
  }
  const parts: StatementPart[] = [
    claim,
    ...issuing,
    clearCartPart(gate, session.userId),
    // UGM Credit held at creation is spent below (its withdrawal names the orders); the card paid the rest.
    ...(session.amount > session.creditAmount
      ? recordCardPurchaseParts(gate, {
          userId: session.userId,
          checkoutSessionId: session.id,
          amount: session.amount - session.creditAmount,
          currency: session.currency,
          orderIds,
          at: now,
        })
      : []),
    notifyUsersPart(gate, 'payment_notification', [buyerNote]),
    ...(recipientNotes.length > 0
      ? [
          notifyAccountsByEmailPart(
            gate,
            'gift_notifications',
            accountsByEmailRelation(),
            session.userId,
            recipientNotes,
          ),
        ]
      : []),
    enqueueMailsPart(gate, mails),
  ];
  const [claimed] = await runParts<{ claimed: number }>(db, parts, sql`select count(*)::int as claimed from ${gate}`);
  if (!claimed?.claimed) return false;
  if (session.creditAmount > 0) await spendHeldCredit(db, session.id, orderIds);
  announceMailQueued();
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
    await fulfil(db, deps, session);
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
