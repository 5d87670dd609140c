import {
  GIFT_ALREADY_SENT_MESSAGE,
  GIFT_CHANGE_LIMIT_MESSAGE,
  GIFT_ENDED_MESSAGE,
  GIFT_NOT_PENDING_MESSAGE,
  GIFT_NOT_YET_SENT_MESSAGE,
  GIFT_RECIPIENT_CHANGED_MESSAGE,
  GIFT_RESCHEDULED_MESSAGE,
  GIFT_RESEND_LIMIT_MESSAGE,
  GIFT_RESENDS_PER_DAY,
  GIFT_RESENT_MESSAGE,
  GIFT_SENT_NOW_MESSAGE,
  type GiftDelivery,
  giftSendAt,
  isAllowedSendOn,
  ORDER_NOT_FOUND_MESSAGE,
  SEND_ON_RANGE_MESSAGE,
  ukDayOf,
} from '@gvm/contract';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { giftTransfers } from '../../db/schema/gifts';
import { AppError, conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { lockVoucher, wasEnded } from '../vouchers';
import {
  deliveryOf,
  eventsInLastDay,
  type GiftMailDeps,
  giftHistories,
  queueGiftEmail,
  recordGiftEvent,
} from './delivery';
import { newClaimToken } from './tokens';
import type { TransferWithVoucher } from './with-vouchers';

/**
 * What a gift's sender may do while it is unclaimed (decision 025): move its delivery day, send it
 * now, correct the recipient, resend the e-mail. Each runs in one transaction that first locks the
 * gift's row (SELECT ... FOR UPDATE), so simultaneous requests about one gift run one after the
 * other and each sees what the one before did: the resend limit cannot be overrun and a claim link
 * is replaced exactly once per change.
 */

export interface GiftChangeResult {
  message: string;
  delivery: GiftDelivery;
}

type Locked = TransferWithVoucher;

export const NOT_A_GIFT_MESSAGE = 'This voucher was not sent as a gift';

/** Who changes a gift: its sender, or an operator of the console (who may change any gift). */
type GiftChanger = { senderId: string } | { operator: true };

/**
 * The gift's row, then its voucher's, locked in that order (as a claim takes them): a refund or a
 * void of the voucher waits for the change to commit, or the change waits for it and finds the
 * gift gone. A gift whose voucher was refunded or voided is changed no more: nothing is e-mailed
 * for it again.
 */
async function lockGift(tx: Executor, changer: GiftChanger, orderId: string): Promise<Locked> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const ofGift = eq(giftTransfers.orderId, orderId.toLowerCase());
  const [row] = await tx
    .select()
    .from(giftTransfers)
    .where('senderId' in changer ? and(ofGift, eq(giftTransfers.senderId, changer.senderId)) : ofGift)
    .limit(1)
    .for('update');
  if (!row) throw notFound('senderId' in changer ? ORDER_NOT_FOUND_MESSAGE : NOT_A_GIFT_MESSAGE);
  if (row.latestAction !== 'pending') throw conflict(GIFT_NOT_PENDING_MESSAGE);
  const order = await lockVoucher(tx, row.orderId);
  if (!order) throw new Error(`gift transfer ${row.id} without its voucher ${row.orderId}`);
  if (wasEnded(order)) throw conflict(GIFT_ENDED_MESSAGE);
  return { transfer: row, order };
}

const lockSentGift = (tx: Executor, userId: string, orderId: string) => lockGift(tx, { senderId: userId }, orderId);

/** One sender change: a transaction that locks the gift first and reads the clock once. */
function inLockedGift<T>(
  db: Database,
  deps: GiftMailDeps,
  userId: string,
  orderId: string,
  work: (tx: Executor, locked: Locked, now: Date) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const now = deps.clock();
    return work(tx, await lockSentGift(tx, userId, orderId), now);
  });
}

async function answer(tx: Executor, transferId: string, message: string, now: Date): Promise<GiftChangeResult> {
  const [transfer] = await tx.select().from(giftTransfers).where(eq(giftTransfers.id, transferId)).limit(1);
  if (!transfer) throw new Error(`gift transfer ${transferId} vanished`);
  const events = (await giftHistories(tx, [transferId])).get(transferId) ?? [];
  return { message, delivery: deliveryOf(transfer, events, now) };
}

/** Marks a scheduled gift e-mailed now and queues its e-mail (the caller holds the row's lock). */
async function sendLockedNow(tx: Executor, deps: GiftMailDeps, locked: Locked, now: Date): Promise<void> {
  await tx.update(giftTransfers).set({ emailedAt: now, sendAt: now }).where(eq(giftTransfers.id, locked.transfer.id));
  await queueGiftEmail(tx, deps, locked.transfer, locked.order, 'sent', now);
}

/** PUT /orders/:orderId/gift/send-on: a new day for a gift not yet e-mailed; today sends it now. */
export async function rescheduleGift(
  db: Database,
  deps: GiftMailDeps,
  userId: string,
  orderId: string,
  sendOn: string,
): Promise<GiftChangeResult> {
  return inLockedGift(db, deps, userId, orderId, async (tx, locked, now) => {
    if (locked.transfer.emailedAt) throw conflict(GIFT_ALREADY_SENT_MESSAGE);
    if (!isAllowedSendOn(sendOn, now)) {
      throw new AppError('BUSINESS_RULE', SEND_ON_RANGE_MESSAGE, [{ path: 'sendOn', message: SEND_ON_RANGE_MESSAGE }]);
    }
    const sendAt = giftSendAt(sendOn, now);
    if (sendAt.getTime() <= now.getTime()) {
      await sendLockedNow(tx, deps, locked, now);
      return answer(tx, locked.transfer.id, GIFT_SENT_NOW_MESSAGE, now);
    }
    if (ukDayOf(locked.transfer.sendAt) !== sendOn) {
      await tx.update(giftTransfers).set({ sendAt }).where(eq(giftTransfers.id, locked.transfer.id));
      await recordGiftEvent(tx, locked.transfer.id, 'rescheduled', { sendOn }, now);
    }
    return answer(tx, locked.transfer.id, GIFT_RESCHEDULED_MESSAGE, now);
  });
}

/** POST /orders/:orderId/gift/send-now: a scheduled gift goes out now instead of on its day. */
export async function sendGiftNow(
  db: Database,
  deps: GiftMailDeps,
  userId: string,
  orderId: string,
): Promise<GiftChangeResult> {
  return inLockedGift(db, deps, userId, orderId, async (tx, locked, now) => {
    if (locked.transfer.emailedAt) throw conflict(GIFT_ALREADY_SENT_MESSAGE);
    await sendLockedNow(tx, deps, locked, now);
    return answer(tx, locked.transfer.id, GIFT_SENT_NOW_MESSAGE, now);
  });
}

/**
 * PUT /orders/:orderId/gift/recipient: a corrected name and e-mail. The claim token is replaced
 * at once (the old link finds nothing); a gift already e-mailed goes to the new address with the
 * new link, a scheduled one keeps its day. The same name and address again changes nothing.
 */
export async function changeGiftRecipient(
  db: Database,
  deps: GiftMailDeps,
  userId: string,
  orderId: string,
  recipient: { name: string; email: string },
): Promise<GiftChangeResult> {
  return inLockedGift(db, deps, userId, orderId, async (tx, locked, now) => {
    const { message, delivery } = await correctLocked(tx, deps, locked, recipient, now);
    return { message, delivery };
  });
}

/**
 * The recipient change itself, on a locked gift: the sender's and the operator's are one rule.
 * `changed` is false when the gift already had this name and address (a repeat of a correction
 * that waited on the lock): nothing was written and nothing e-mailed.
 */
async function correctLocked(
  tx: Executor,
  deps: GiftMailDeps,
  locked: Locked,
  recipient: { name: string; email: string },
  now: Date,
): Promise<GiftChangeResult & { changed: boolean }> {
  const { transfer } = locked;
  const name = recipient.name.trim();
  const email = recipient.email.trim().toLowerCase();
  if (transfer.recipientName === name && transfer.recipientEmail.toLowerCase() === email) {
    return { ...(await answer(tx, transfer.id, GIFT_RECIPIENT_CHANGED_MESSAGE, now)), changed: false };
  }
  if ((await eventsInLastDay(tx, transfer.id, 'recipient_changed', now)) >= GIFT_RESENDS_PER_DAY) {
    throw new AppError('RATE_LIMITED', GIFT_CHANGE_LIMIT_MESSAGE);
  }
  const fresh = newClaimToken(deps.encryptionKey);
  const [changed] = await tx
    .update(giftTransfers)
    .set({
      recipientName: name,
      recipientEmail: email,
      claimTokenHash: fresh.hash,
      claimTokenCiphertext: fresh.ciphertext,
      ...(transfer.emailedAt ? { emailedAt: now } : {}),
    })
    .where(eq(giftTransfers.id, transfer.id))
    .returning();
  if (!changed) throw new Error(`gift transfer ${transfer.id} vanished under its lock`);
  await recordGiftEvent(
    tx,
    transfer.id,
    'recipient_changed',
    { name, email, previousName: transfer.recipientName, previousEmail: transfer.recipientEmail },
    now,
  );
  if (transfer.emailedAt) await queueGiftEmail(tx, deps, changed, locked.order, 'sent', now);
  return { ...(await answer(tx, transfer.id, GIFT_RECIPIENT_CHANGED_MESSAGE, now)), changed: true };
}

/** POST /orders/:orderId/gift/resend: the same e-mail and link to the same address, 3 times in 24 hours. */
export async function resendGift(
  db: Database,
  deps: GiftMailDeps,
  userId: string,
  orderId: string,
): Promise<GiftChangeResult> {
  return inLockedGift(db, deps, userId, orderId, (tx, locked, now) => resendLocked(tx, deps, locked, now));
}

/** The resend itself, on a locked gift: the same e-mail and link, within the daily limit. */
async function resendLocked(tx: Executor, deps: GiftMailDeps, locked: Locked, now: Date): Promise<GiftChangeResult> {
  if (!locked.transfer.emailedAt) throw conflict(GIFT_NOT_YET_SENT_MESSAGE);
  if ((await eventsInLastDay(tx, locked.transfer.id, 'resent', now)) >= GIFT_RESENDS_PER_DAY) {
    throw new AppError('RATE_LIMITED', GIFT_RESEND_LIMIT_MESSAGE);
  }
  await queueGiftEmail(tx, deps, locked.transfer, locked.order, 'resent', now);
  return answer(tx, locked.transfer.id, GIFT_RESENT_MESSAGE, now);
}

/** A gift as the console's audit trail records it before and after a change (no link, no token). */
export interface GiftRecipientRecord {
  recipientName: string;
  recipientEmail: string;
}

/**
 * The console's 'Resend gift e-mail' and 'Correct recipient' (docs/product/operators.md#customers):
 * the sender's own rules (pending gifts only, the daily limits, the old link dies on a correction)
 * in the caller's transaction, so the operator's audit row commits with the change. `now` is the
 * caller's, so the gift's history and the audit row carry the same time.
 */
export async function resendGiftAsOperator(
  tx: Executor,
  deps: GiftMailDeps,
  orderId: string,
  now: Date,
): Promise<GiftChangeResult & { gift: GiftRecipientRecord }> {
  const locked = await lockGift(tx, { operator: true }, orderId);
  const result = await resendLocked(tx, deps, locked, now);
  return { ...result, gift: recordOf(locked.transfer) };
}

export async function correctGiftRecipientAsOperator(
  tx: Executor,
  deps: GiftMailDeps,
  orderId: string,
  recipient: { name: string; email: string },
  now: Date,
): Promise<GiftChangeResult & { changed: boolean; before: GiftRecipientRecord; after: GiftRecipientRecord }> {
  const locked = await lockGift(tx, { operator: true }, orderId);
  const result = await correctLocked(tx, deps, locked, recipient, now);
  return {
    ...result,
    before: recordOf(locked.transfer),
    after: { recipientName: recipient.name.trim(), recipientEmail: recipient.email.trim().toLowerCase() },
  };
}

const recordOf = (transfer: Locked['transfer']): GiftRecipientRecord => ({
  recipientName: transfer.recipientName,
  recipientEmail: transfer.recipientEmail,
});
