import { type OpsGift, toMajorUnits } from '@gvm/contract';
import { desc, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type GiftEventDetail, type GiftEventKind, type GiftTransferRow, giftTransfers } from '../../db/schema/gifts';
import { findUserContacts } from '../users';
import { giftHistories } from './delivery';
import { type TransferWithVoucher, withVouchers } from './with-vouchers';

/**
 * What the operator console reads of gifts (docs/product/operators.md#customers): a customer's
 * gifts sent and received with their delivery state, and one voucher's gift with its history.
 * Never a claim link or token.
 */

function deliveryStateOf(transfer: GiftTransferRow): OpsGift['delivery'] {
  if (transfer.latestAction === 'claimed') return 'claimed';
  return transfer.emailedAt ? 'emailed' : 'scheduled';
}

async function toOpsGifts(db: Executor, rows: readonly TransferWithVoucher[]): Promise<OpsGift[]> {
  const senders = await findUserContacts(
    db,
    rows.map((row) => row.transfer.senderId),
  );
  return rows.map(({ transfer, order }) => ({
    voucherId: order.id,
    merchantName: order.merchantName,
    value: toMajorUnits(order.value),
    currency: order.currency,
    senderEmail: senders.get(transfer.senderId)?.email ?? null,
    recipientName: transfer.recipientName,
    recipientEmail: transfer.recipientEmail,
    delivery: deliveryStateOf(transfer),
    sendAt: transfer.sendAt.toISOString(),
    emailedAt: transfer.emailedAt?.toISOString() ?? null,
    claimedAt: transfer.claimedAt?.toISOString() ?? null,
  }));
}

/** The gifts a customer sent, and those addressed to or claimed by them; newest first. */
export async function giftsOfCustomer(
  db: Executor,
  customer: { id: string; email: string },
  limit = 100,
): Promise<{ sent: OpsGift[]; received: OpsGift[] }> {
  const sent = await db
    .select()
    .from(giftTransfers)
    .where(eq(giftTransfers.senderId, customer.id))
    .orderBy(desc(giftTransfers.sentAt))
    .limit(limit);
  const received = await db
    .select()
    .from(giftTransfers)
    .where(or(eq(giftTransfers.claimedBy, customer.id), eq(giftTransfers.recipientEmail, customer.email.toLowerCase())))
    .orderBy(desc(giftTransfers.sentAt))
    .limit(limit);
  return {
    sent: await toOpsGifts(db, await withVouchers(db, sent)),
    received: await toOpsGifts(db, await withVouchers(db, received)),
  };
}

export interface GiftEventForTimeline {
  kind: GiftEventKind;
  at: Date;
  detail: GiftEventDetail;
}

/** A voucher's gift (null if it was not one), who sent and claimed it, and its history oldest first. */
export async function giftHistoryOfVoucher(
  db: Executor,
  voucherId: string,
): Promise<{
  gift: OpsGift;
  senderId: string;
  claimedBy: string | null;
  claimedAt: Date | null;
  events: GiftEventForTimeline[];
} | null> {
  const [transfer] = await db.select().from(giftTransfers).where(eq(giftTransfers.orderId, voucherId)).limit(1);
  if (!transfer) return null;
  const [gift] = await toOpsGifts(db, await withVouchers(db, [transfer]));
  if (!gift) return null;
  const events = (await giftHistories(db, [transfer.id])).get(transfer.id) ?? [];
  return {
    gift,
    senderId: transfer.senderId,
    claimedBy: transfer.claimedBy,
    claimedAt: transfer.claimedAt,
    events: events.map((event) => ({ kind: event.kind, at: event.at, detail: event.detail })),
  };
}
