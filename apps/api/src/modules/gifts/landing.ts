import { type Gift, toMajorUnits } from '@gvm/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type GiftTransferAction, giftTransfers } from '../../db/schema/gifts';
import { notFound } from '../../lib/errors';
import { logoUrl } from '../catalog';
import { getCurrentUser } from '../users';
import { type VoucherRow, wasEnded } from '../vouchers';
import { hashClaimToken } from './tokens';
import { withVoucher } from './with-vouchers';

export const GIFT_NOT_FOUND_MESSAGE = 'This gift link is invalid or has expired';

/** A claimed gift stays claimed; an unclaimed one whose voucher was refunded or voided is no longer available. */
function giftStatusOf(latestAction: GiftTransferAction, order: VoucherRow): Gift['status'] {
  if (latestAction === 'claimed') return 'claimed';
  return wasEnded(order) ? 'unavailable' : 'pending';
}

/** The gift behind a claim link (its landing page); 404 for any token we did not issue. */
export async function findGiftByToken(db: Executor, token: string): Promise<Gift> {
  const [transfer] = await db
    .select()
    .from(giftTransfers)
    .where(and(eq(giftTransfers.claimTokenHash, hashClaimToken(token)), isNotNull(giftTransfers.emailedAt)))
    .limit(1);
  if (!transfer) throw notFound(GIFT_NOT_FOUND_MESSAGE);
  const { order } = await withVoucher(db, transfer);
  const sender = await getCurrentUser(db, transfer.senderId).catch(() => null);
  return {
    senderName: sender?.consumer.name || 'Someone',
    recipientName: transfer.recipientName,
    merchant: { name: order.merchantName },
    imageUrl: logoUrl(order.productCode),
    value: toMajorUnits(order.value),
    currency: order.currency,
    message: transfer.message,
    status: giftStatusOf(transfer.latestAction, order),
  };
}
