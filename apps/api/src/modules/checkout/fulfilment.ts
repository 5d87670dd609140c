import { AsyncResource } from 'node:async_hooks';
import { formatMoney, toMajorUnits } from '@gvm/contract';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  announceMailQueued,
  enqueueMailsPart,
  type MailMessage,
  type QueuedMail,
  queuedMail,
} from '../../adapters/mail/outbox';
import { giftReceivedEmail, purchaseReceiptEmail } from '../../adapters/mail/templates';
import type { PaymentEvent, ProviderSessionState } from '../../adapters/payments/provider';
import type { Database, Executor } from '../../db/client';
import { type CheckoutSessionRow, type CheckoutSessionStatus, checkoutSessions } from '../../db/schema/checkout';
import { gateNamed, type Keyed, runParts, type StatementPart } from '../../db/statement-parts';
import { GroupCommit } from '../../lib/group-commit';
import { clearCartPart } from '../carts';
import { cardArtEmailUrl } from '../catalog';
import { type GiftRows, startGiftsParts } from '../gifts';
import { notifyAccountsByEmailPart, notifyUsersPart } from '../notifications';
import { accountsByEmailRelation } from '../users';
import { issueVouchersPart, type NewVoucherRow } from '../vouchers';
import {
  type CardPurchase,
  CreditSpentElsewhereError,
  recordCardPurchaseParts,
  releaseCreditHold,
  spendHeldCredit,
} from '../wallets';
import type { CheckoutDeps } from './deps';
import { issueUnits } from './issue';
import { type CheckoutSnapshot, unitsOf } from './snapshot';

/** Which statuses each reported state may replace; a fulfilled session never changes again. */
const replaceable: Record<Exclude<ProviderSessionState, 'paid' | 'open'>, CheckoutSessionStatus[]> = {
  processing: ['open'],
  failed: ['open', 'processing'],
  expired: ['open'],
};

/** What fulfilling one paid session writes, each row keyed by the session, made before the statement. */
interface Fulfilment {
  sessionId: string;
  at: Date;
  orderIds: string[];
  vouchers: NewVoucherRow[];
  gifts: GiftRows;
  cart: Keyed<{ userId: string }>;
  purchase: Keyed<CardPurchase> | null;
  buyerNote: Keyed<{ userId: string; message: string; at: Date }>;
  recipientNotes: Keyed<{ email: string; message: string; at: Date; except: string }>[];
  mails: Keyed<QueuedMail>[];
}

/**
 * Fulfils a paid session exactly once (decision 057). Paid by card alone, it is one statement
 * (`writeFulfilments`), atomic by itself; payment events arriving together share one (decision
 * 062, `applyPaymentEvent`). With UGM Credit held, spending it joins that statement in one
 * transaction. Answers whether this call did the work. A session whose released credit was spent
 * before a late 'paid' arrived issues nothing (decision 026) and stays as it was.
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
 * `fulfil` of one session in the caller's transaction, or on its own when nothing else must join
 * it (a session paid wholly by UGM Credit is fulfilled in the transaction that creates it).
 * `session` is the row as read: what it was bought with never changes, and the claim checks it is
 * still unfulfilled.
 */
export async function fulfilIn(db: Executor, deps: CheckoutDeps, session: CheckoutSessionRow): Promise<boolean> {
  if (session.fulfilledAt) return false;
  const plan = planFulfilment(deps, session);
  const written = await writeFulfilments(db, [plan]);
  if (!written.has(plan)) return false;
  if (session.creditAmount > 0) await spendHeldCredit(db, session.id, plan.orderIds);
  announceMailQueued();
  return true;
}

/**
 * The rows that fulfil a session: its vouchers and gifts, its emptied cart, the wallet's purchase
 * row, the notifications and every e-mail, with the ids, codes and claim tokens made here so the
 * receipt and the gift e-mails can name them (thrown away if the claim finds it fulfilled). Made
 * in the caller's context, so each e-mail keeps the id of the request that caused it.
 */
function planFulfilment(deps: CheckoutDeps, session: CheckoutSessionRow): Fulfilment {
  const key = session.id;
  const now = deps.clock();
  const snapshot = session.items as CheckoutSnapshot;
  const {
    vouchers,
    gifts: giftRows,
    issued,
  } = issueUnits({
    checkoutSessionId: session.id,
    buyerId: session.userId,
    units: unitsOf(snapshot),
    encryptionKey: deps.config.voucherEncryptionKey,
    at: now,
  });
  const orderIds = issued.map((order) => order.id);
  const gifts = issued.filter((order) => order.gift);
  const total = formatMoney(toMajorUnits(session.amount), session.currency);
  const messages: MailMessage[] = [
    {
      to: snapshot.buyer.email,
      ...purchaseReceiptEmail({
        buyerName: snapshot.buyer.name,
        orderReference: session.orderReference,
        lines: issued.map((order) => ({
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
  const recipientNotes: Fulfilment['recipientNotes'] = [];
  // A gift scheduled for a later day is e-mailed by the gift schedule (decision 025).
  for (const order of gifts) {
    if (!order.gift || order.gift.scheduledFor) continue;
    messages.push({
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
      key,
      row: {
        email: order.gift.email,
        message: `${snapshot.buyer.name || 'Someone'} sent you a gift: ${order.merchantName} ${formatMoney(toMajorUnits(order.value), order.currency)}. Confirm it under Manage Vouchers in your wallet.`,
        at: now,
        except: session.userId,
      },
    });
  }
  return {
    sessionId: session.id,
    at: now,
    orderIds,
    vouchers,
    gifts: giftRows,
    cart: { key, row: { userId: session.userId } },
    // UGM Credit held at creation is spent after the statement (its withdrawal names the orders); the card paid the rest.
    purchase:
      session.amount > session.creditAmount
        ? {
            key,
            row: {
              userId: session.userId,
              checkoutSessionId: session.id,
              amount: session.amount - session.creditAmount,
              currency: session.currency,
              orderIds,
              at: now,
            },
          }
        : null,
    buyerNote: {
      key,
      row: {
        userId: session.userId,
        message:
          `Payment received: ${issued.length} gift voucher${issued.length === 1 ? '' : 's'} for ${total}.` +
          giftNotice(gifts.length, gifts.filter((order) => order.gift?.scheduledFor).length),
        at: now,
      },
    },
    recipientNotes,
    mails: messages.map((message) => ({ key, row: queuedMail(message) })),
  };
}

/**
 * Writes the fulfilments of several sessions in one statement (decisions 057 and 062):
 * `with claimed as (update checkout_sessions ... where fulfilled_at is null returning id), <parts>
 * select id from claimed`. The claim takes each session's row lock, in the order of their ids,
 * and claims those still unfulfilled; every part writes a session's rows only if it was claimed.
 * `fulfilments` name different sessions; answers those written.
 */
async function writeFulfilments(db: Executor, fulfilments: readonly Fulfilment[]): Promise<Set<Fulfilment>> {
  // In the order of the ids (uuids in lower case sort as PostgreSQL sorts them), so two batches lock alike.
  const plans = [...fulfilments].sort((a, b) => (a.sessionId < b.sessionId ? -1 : 1));
  const gate = gateNamed('claimed');
  const claims = plans.map((plan) => ({ id: plan.sessionId, at: plan.at.toISOString() }));
  const claim: StatementPart = {
    name: 'claimed',
    body: sql`update ${checkoutSessions} s set status = 'paid', fulfilled_at = r.at, updated_at = r.at
      from jsonb_to_recordset(${JSON.stringify(claims)}::jsonb) as r(id uuid, at timestamptz)
      where s.id = r.id and s.fulfilled_at is null
      returning s.id`,
  };
  const recipientNotes = plans.flatMap((plan) => plan.recipientNotes);
  const purchases = plans.flatMap((plan) => (plan.purchase ? [plan.purchase] : []));
  const parts: StatementPart[] = [
    claim,
    issueVouchersPart(
      gate,
      plans.flatMap((plan) => plan.vouchers),
    ),
    ...startGiftsParts(gate, {
      transfers: plans.flatMap((plan) => plan.gifts.transfers),
      events: plans.flatMap((plan) => plan.gifts.events),
    }),
    clearCartPart(
      gate,
      plans.map((plan) => plan.cart),
    ),
    ...(purchases.length > 0 ? recordCardPurchaseParts(gate, purchases) : []),
    notifyUsersPart(
      gate,
      'payment_notification',
      plans.map((plan) => plan.buyerNote),
    ),
    ...(recipientNotes.length > 0
      ? [notifyAccountsByEmailPart(gate, 'gift_notifications', accountsByEmailRelation(), recipientNotes)]
      : []),
    enqueueMailsPart(
      gate,
      plans.flatMap((plan) => plan.mails),
    ),
  ];
  const claimed = await runParts<{ id: string }>(db, parts, sql`select id from ${gate}`);
  const ids = new Set(claimed.map((row) => row.id));
  return new Set(plans.filter((plan) => ids.has(plan.sessionId)));
}

/** A payment event waiting for its batch, and how to plan its session's fulfilment in its caller's context. */
interface PendingEvent {
  event: PaymentEvent;
  plan: (session: CheckoutSessionRow) => Fulfilment;
}

/** What a batch did with an event: whether it fulfilled the session, or the session it left to the caller. */
interface EventOutcome {
  done: boolean;
  leftToCaller?: CheckoutSessionRow;
}

/**
 * Applies payment events that arrive together as one batch (group commit, decision 062): one read
 * of all their sessions, then one statement fulfilling every one paid by card alone and not yet
 * fulfilled (planned once, for the first of its events). The rest (other states, UGM Credit) are
 * left to each caller.
 */
async function applyEventBatch(db: Database, pending: readonly PendingEvent[]): Promise<EventOutcome[]> {
  const rows = await db
    .select()
    .from(checkoutSessions)
    .where(
      inArray(checkoutSessions.providerSessionId, [...new Set(pending.map((item) => item.event.providerSessionId))]),
    );
  const byProviderId = new Map(rows.map((row) => [row.providerSessionId, row]));
  const planned = new Set<string>();
  const outcomes = pending.map((item) => {
    const session = byProviderId.get(item.event.providerSessionId);
    if (!session || session.fulfilledAt) return {};
    if (item.event.state !== 'paid' || session.creditAmount > 0) return { leftToCaller: session };
    // A second event for a session already in this batch: the first one's plan fulfils it.
    if (planned.has(session.id)) return {};
    planned.add(session.id);
    return { plan: item.plan(session) };
  });
  const plans = outcomes.flatMap((outcome) => (outcome.plan ? [outcome.plan] : []));
  const written = plans.length > 0 ? await writeFulfilments(db, plans) : new Set<Fulfilment>();
  return outcomes.map(({ plan, leftToCaller }) => ({
    done: plan !== undefined && written.has(plan),
    ...(leftToCaller ? { leftToCaller } : {}),
  }));
}

/** Each database's batches of payment events (decision 062). */
const paymentEvents = new WeakMap<Database, GroupCommit<PendingEvent, EventOutcome>>();

function paymentEventsOf(db: Database): GroupCommit<PendingEvent, EventOutcome> {
  let commits = paymentEvents.get(db);
  if (!commits) {
    commits = new GroupCommit((pending) => applyEventBatch(db, pending));
    paymentEvents.set(db, commits);
  }
  return commits;
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
 * expired → status change. An event about a session we do not know changes nothing. Events that
 * arrive while earlier ones are being applied go together (decision 062): one read of their
 * sessions and one statement fulfilling those paid by card alone.
 */
export async function applyPaymentEvent(db: Database, deps: CheckoutDeps, event: PaymentEvent): Promise<void> {
  // The batch plans the fulfilment in this call's context, so its e-mails keep this request's id.
  const plan = AsyncResource.bind((session: CheckoutSessionRow) => planFulfilment(deps, session));
  const outcome = await paymentEventsOf(db).submit({ event, plan });
  if (outcome.done) announceMailQueued();
  if (outcome.leftToCaller) await applyState(db, deps, outcome.leftToCaller, event.state);
}
