import {
  formatMoney,
  GIFT_REMINDER_DAYS,
  GIFT_RESENDS_PER_DAY,
  type GiftDelivery,
  type GiftHistoryEntry,
  toMajorUnits,
  ukDayOf,
} from '@gvm/contract';
import { and, asc, count, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { enqueueMail } from '../../adapters/mail/outbox';
import { giftReceivedEmail, giftReminderEmail } from '../../adapters/mail/templates';
import { createVoucherCipher } from '../../adapters/vouchers';
import type { Database, Executor } from '../../db/client';
import {
  type GiftEventDetail,
  type GiftEventKind,
  type GiftEventRow,
  type GiftTransferRow,
  giftEvents,
  giftTransfers,
} from '../../db/schema/gifts';
import { cardArtEmailUrl } from '../catalog';
import { notifyUser } from '../notifications';
import { findUserByEmail, findUserContacts } from '../users';
import { type VoucherRow, voucherNotEnded } from '../vouchers';
import { newClaimToken } from './tokens';
import { withVoucher } from './with-vouchers';

/**
 * Delivering gift e-mails (decision 025). A gift e-mail is queued in the outbox by the
 * one transaction that sets `gift_transfers.emailed_at` (due gifts are claimed with FOR UPDATE SKIP
 * LOCKED), so a scheduled gift is handed to the outbox exactly once whatever restarts or however
 * many instances run; the 30-day reminder is guarded the same way by `reminded_at`. Times come
 * from the app's clock, so tests move through a BST change without waiting.
 */

export interface GiftMailDeps {
  clock: () => Date;
  /** The web app's origin, for links in e-mails. */
  publicUrl: string;
  /** The voucher key: claim tokens are kept sealed with it, so the same link can be sent again. */
  encryptionKey: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function recordGiftEvent(
  tx: Executor,
  transferId: string,
  kind: GiftEventKind,
  detail: GiftEventDetail,
  at: Date,
): Promise<void> {
  await tx.insert(giftEvents).values({ transferId, kind, detail, at });
}

/**
 * The gift's claim token in clear, to put in an e-mail. A gift sent before tokens were kept
 * sealed has no sealed copy: it gets a new token (its old link stops working; the e-mail being queued carries the new one).
 */
async function claimTokenOf(tx: Executor, deps: GiftMailDeps, transfer: GiftTransferRow): Promise<string> {
  if (transfer.claimTokenCiphertext) return createVoucherCipher(deps.encryptionKey).open(transfer.claimTokenCiphertext);
  const fresh = newClaimToken(deps.encryptionKey);
  await tx
    .update(giftTransfers)
    .set({ claimTokenHash: fresh.hash, claimTokenCiphertext: fresh.ciphertext })
    .where(eq(giftTransfers.id, transfer.id));
  return fresh.token;
}

async function senderNameOf(tx: Executor, senderId: string): Promise<string> {
  return (await findUserContacts(tx, [senderId])).get(senderId)?.name.trim() || 'Someone';
}

/**
 * Queues the gift e-mail to the transfer's current recipient with its current link, inside the
 * caller's transaction, records it in the gift's history and tells a recipient who has an account.
 */
export async function queueGiftEmail(
  tx: Executor,
  deps: GiftMailDeps,
  transfer: GiftTransferRow,
  order: Pick<VoucherRow, 'productCode' | 'merchantName' | 'value' | 'currency'>,
  kind: 'sent' | 'resent',
  now: Date,
): Promise<void> {
  const token = await claimTokenOf(tx, deps, transfer);
  const senderName = await senderNameOf(tx, transfer.senderId);
  await enqueueMail(tx, {
    to: transfer.recipientEmail,
    ...giftReceivedEmail({
      senderName,
      recipientName: transfer.recipientName,
      message: transfer.message,
      merchantName: order.merchantName,
      value: order.value,
      currency: order.currency,
      claimUrl: `${deps.publicUrl}/gift/${token}`,
      artUrl: cardArtEmailUrl(deps.publicUrl, order.productCode, order.value, order.currency),
    }),
  });
  await recordGiftEvent(tx, transfer.id, kind, { name: transfer.recipientName, email: transfer.recipientEmail }, now);
  if (kind === 'resent') return;
  const recipient = await findUserByEmail(tx, transfer.recipientEmail);
  if (recipient && recipient.id !== transfer.senderId) {
    await notifyUser(
      tx,
      recipient.id,
      `${senderName} sent you a gift: ${order.merchantName} ${formatMoney(toMajorUnits(order.value), order.currency)}. Confirm it under Manage Vouchers in your wallet.`,
      now,
    );
  }
}

async function voucherOf(tx: Executor, transfer: GiftTransferRow): Promise<VoucherRow> {
  return (await withVoucher(tx, transfer)).order;
}

/**
 * Queues the e-mail of every pending gift whose time has come (up to `batchSize`), in one
 * transaction: rows locked by another instance are skipped, and a crash before commit leaves them
 * due. Answers how many were queued.
 */
export async function sendDueGifts(db: Database, deps: GiftMailDeps, batchSize = 50): Promise<number> {
  return db.transaction(async (tx) => {
    const now = deps.clock();
    const due = tx
      .select({ id: giftTransfers.id })
      .from(giftTransfers)
      .where(
        and(
          isNull(giftTransfers.emailedAt),
          eq(giftTransfers.latestAction, 'pending'),
          lte(giftTransfers.sendAt, now),
          // A gift refunded or voided while it waited for its day is never e-mailed.
          voucherNotEnded(giftTransfers.orderId),
        ),
      )
      .orderBy(asc(giftTransfers.sendAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const claimed = await tx
      .update(giftTransfers)
      .set({ emailedAt: now })
      .where(and(inArray(giftTransfers.id, due), isNull(giftTransfers.emailedAt)))
      .returning();
    for (const transfer of claimed) {
      await queueGiftEmail(tx, deps, transfer, await voucherOf(tx, transfer), 'sent', now);
    }
    return claimed.length;
  });
}

/**
 * Reminds, once, every gift still unclaimed `GIFT_REMINDER_DAYS` after its e-mail: a reminder to
 * the recipient (same link) and a notification to the sender, in one transaction per batch.
 */
export async function remindUnclaimedGifts(db: Database, deps: GiftMailDeps, batchSize = 50): Promise<number> {
  return db.transaction(async (tx) => {
    const now = deps.clock();
    const cutoff = new Date(now.getTime() - GIFT_REMINDER_DAYS * DAY_MS);
    const due = tx
      .select({ id: giftTransfers.id })
      .from(giftTransfers)
      .where(
        and(
          eq(giftTransfers.latestAction, 'pending'),
          isNull(giftTransfers.remindedAt),
          lte(giftTransfers.emailedAt, cutoff),
          // Nor is one reminded of once refunded or voided.
          voucherNotEnded(giftTransfers.orderId),
        ),
      )
      .orderBy(asc(giftTransfers.emailedAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const claimed = await tx
      .update(giftTransfers)
      .set({ remindedAt: now })
      .where(and(inArray(giftTransfers.id, due), isNull(giftTransfers.remindedAt)))
      .returning();
    for (const transfer of claimed) {
      const order = await voucherOf(tx, transfer);
      const token = await claimTokenOf(tx, deps, transfer);
      const senderName = await senderNameOf(tx, transfer.senderId);
      const amount = formatMoney(toMajorUnits(order.value), order.currency);
      await enqueueMail(tx, {
        to: transfer.recipientEmail,
        ...giftReminderEmail({
          senderName,
          recipientName: transfer.recipientName,
          merchantName: order.merchantName,
          value: order.value,
          currency: order.currency,
          claimUrl: `${deps.publicUrl}/gift/${token}`,
          artUrl: cardArtEmailUrl(deps.publicUrl, order.productCode, order.value, order.currency),
        }),
      });
      await notifyUser(
        tx,
        transfer.senderId,
        `Your ${order.merchantName} ${amount} gift to ${transfer.recipientName} has not been claimed after ${GIFT_REMINDER_DAYS} days. We have reminded ${transfer.recipientEmail}; you can resend it or correct the address under Manage Vouchers.`,
        now,
      );
      await recordGiftEvent(
        tx,
        transfer.id,
        'reminded',
        { name: transfer.recipientName, email: transfer.recipientEmail },
        now,
      );
    }
    return claimed.length;
  });
}

/** This gift's events of one kind in the 24 hours before `now` (the resend and change limits). */
export async function eventsInLastDay(
  tx: Executor,
  transferId: string,
  kind: GiftEventKind,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(giftEvents)
    .where(
      and(
        eq(giftEvents.transferId, transferId),
        eq(giftEvents.kind, kind),
        gt(giftEvents.at, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return row?.n ?? 0;
}

function historyEntry(event: GiftEventRow): GiftHistoryEntry {
  return { kind: event.kind, at: event.at.toISOString(), ...event.detail };
}

const kindOrder: Record<GiftEventKind, number> = {
  scheduled: 0,
  rescheduled: 1,
  recipient_changed: 2,
  sent: 3,
  resent: 4,
  reminded: 5,
};

/** The histories of several gifts, oldest event first. */
export async function giftHistories(
  db: Executor,
  transferIds: readonly string[],
): Promise<Map<string, GiftEventRow[]>> {
  const byTransfer = new Map<string, GiftEventRow[]>();
  if (transferIds.length === 0) return byTransfer;
  const rows = await db
    .select()
    .from(giftEvents)
    .where(inArray(giftEvents.transferId, [...transferIds]))
    .orderBy(asc(giftEvents.at));
  // Events of one transaction share a time; the order they happen in breaks the tie.
  rows.sort((a, b) => a.at.getTime() - b.at.getTime() || kindOrder[a.kind] - kindOrder[b.kind]);
  for (const row of rows) byTransfer.set(row.transferId, [...(byTransfer.get(row.transferId) ?? []), row]);
  return byTransfer;
}

/** What the sender's Sent card shows of a gift's delivery. */
export function deliveryOf(transfer: GiftTransferRow, events: readonly GiftEventRow[], now: Date): GiftDelivery {
  const since = now.getTime() - DAY_MS;
  const recentResends = events.filter((event) => event.kind === 'resent' && event.at.getTime() > since).length;
  return {
    recipientEmail: transfer.recipientEmail,
    scheduledFor: transfer.emailedAt ? null : ukDayOf(transfer.sendAt),
    resendsLeft: Math.max(0, GIFT_RESENDS_PER_DAY - recentResends),
    history: events.map(historyEntry),
  };
}
