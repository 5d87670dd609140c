import { randomUUID } from 'node:crypto';
import { giftSendAt, type OrderItem, ukDayOf } from '@gvm/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { giftEvents, giftTransfers } from '../../db/schema/gifts';
import { type Gate, insertRowsWhen, type Keyed, keyedBy, type StatementPart } from '../../db/statement-parts';
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

/** The rows that start the gifts of paid checkouts, each keyed by its session (decision 062). */
export interface GiftRows {
  transfers: Keyed<typeof giftTransfers.$inferInsert>[];
  events: Keyed<typeof giftEvents.$inferInsert>[];
}

/**
 * The gifts of one paid checkout session (decision 057), keyed by the session: a transfer per
 * gift with a hashed (and sealed) single-use claim token, due now or at 09:00 UK time on its
 * chosen day (decision 025), and the first entry of its history. Answers the rows for
 * `startGiftsParts` and each gift by its voucher's id; the caller queues the e-mail of each gift
 * not scheduled for later.
 */
export function newGifts(input: {
  checkoutSessionId: string;
  senderId: string;
  gifts: readonly GiftToStart[];
  encryptionKey: string;
  at: Date;
}): GiftRows & { started: Map<string, StartedGift> } {
  const started = new Map<string, StartedGift>();
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
  const key = input.checkoutSessionId;
  return { transfers: keyedBy(key, transfers), events: keyedBy(key, events), started };
}

/**
 * The parts of a paid checkout's statement that start the gifts of every session the gate
 * claimed (decisions 057 and 062); none when no session has a gift.
 */
export function startGiftsParts(gate: Gate, rows: GiftRows): StatementPart[] {
  if (rows.transfers.length === 0) return [];
  return [
    { name: 'started_gifts', body: insertRowsWhen(giftTransfers, rows.transfers, gate) },
    { name: 'started_gift_events', body: insertRowsWhen(giftEvents, rows.events, gate) },
  ];
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
