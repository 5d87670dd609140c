import { randomUUID } from 'node:crypto';
import { giftSendAt, type OrderItem, ukDayOf } from '@gvm/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { giftEvents, giftTransfers } from '../../db/schema/gifts';
import { type Gate, insertRowsWhen, type StatementPart } from '../../db/statement-parts';
import type { GiftOfVoucher } from '../vouchers';
import { newClaimToken } from './tokens';

/** A voucher just issued as a gift, and to whom it goes. */
export interface GiftToStart {
  orderId: string;
  name: string;
  email: string;
  message: string | null;
  /** The UK day its e-mail goes out; absent, null or today means now. */
  sendOn?: string | null;
}

export interface StartedGift {
  /** The claim token in clear, for the e-mail being queued now. */
  claimToken: string;
  /** The UK day its e-mail is scheduled for; null: it goes with this purchase. */
  scheduledFor: string | null;
}

/**
 * The parts of a paid checkout's statement that start its gifts (decision 057), written only when
 * the gate has a row: a transfer per gift with a hashed (and sealed) single-use claim token, due
 * now or at 09:00 UK time on its chosen day (decision 025), and the first entry of its history.
 * Answers the parts and each gift by its voucher's id; the caller queues the e-mail of each gift
 * not scheduled for later.
 */
export function startGiftsParts(
  gate: Gate,
  input: { senderId: string; gifts: readonly GiftToStart[]; encryptionKey: string; at: Date },
): { parts: StatementPart[]; started: Map<string, StartedGift> } {
  const started = new Map<string, StartedGift>();
  if (input.gifts.length === 0) return { parts: [], started };
  const transfers: (typeof giftTransfers.$inferInsert)[] = [];
  const events: (typeof giftEvents.$inferInsert)[] = [];
  for (const gift of input.gifts) {
    const claim = newClaimToken(input.encryptionKey);
    const sendAt = giftSendAt(gift.sendOn, input.at);
    const scheduled = sendAt.getTime() > input.at.getTime();
    const transferId = randomUUID();
    started.set(gift.orderId, { claimToken: claim.token, scheduledFor: scheduled ? ukDayOf(sendAt) : null });
    transfers.push({
      id: transferId,
      orderId: gift.orderId,
      senderId: input.senderId,
      recipientName: gift.name,
      recipientEmail: gift.email,
      message: gift.message,
      sentAt: input.at,
      claimTokenHash: claim.hash,
      claimTokenCiphertext: claim.ciphertext,
      sendAt,
      emailedAt: scheduled ? null : input.at,
    });
    events.push(
      scheduled
        ? { transferId, kind: 'scheduled', detail: { sendOn: ukDayOf(sendAt) }, at: input.at }
        : { transferId, kind: 'sent', detail: { name: gift.name, email: gift.email }, at: input.at },
    );
  }
  return {
    parts: [
      { name: 'started_gifts', body: insertRowsWhen(giftTransfers, transfers, gate) },
      { name: 'started_gift_events', body: insertRowsWhen(giftEvents, events, gate) },
    ],
    started,
  };
}

/** The gift part of each voucher sent as a gift, as the payment result screen shows it. */
export async function giftOrdersOf(
  db: Executor,
  orderIds: readonly string[],
): Promise<Map<string, NonNullable<OrderItem['giftOrder']>>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(giftTransfers)
    .where(inArray(giftTransfers.orderId, [...orderIds]));
  return new Map(
    rows.map((row) => [
      row.orderId,
      {
        recipientName: row.recipientName,
        recipientEmail: row.recipientEmail,
        status: row.latestAction,
        ...(!row.emailedAt ? { scheduledFor: ukDayOf(row.sendAt) } : {}),
      },
    ]),
  );
}

/** Who sent a voucher as a gift, and to whom (the voucher's detail); null for a voucher bought for oneself. */
export const giftOfVoucher: GiftOfVoucher = async (db, voucherId) => {
  const [row] = await db
    .select({ senderId: giftTransfers.senderId, recipientName: giftTransfers.recipientName })
    .from(giftTransfers)
    .where(eq(giftTransfers.orderId, voucherId))
    .limit(1);
  return row ?? null;
};
