import { createHash, randomBytes } from 'node:crypto';
import { type Gift, giftSendAt, type OrderItem, toMajorUnits, ukDayOf } from '@gvm/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { createVoucherCipher, newVoucherCode, newVoucherPin } from '../../adapters/vouchers';
import type { Executor } from '../../db/client';
import { giftEvents, giftTransfers, orders } from '../../db/schema/orders';
import { notFound } from '../../lib/errors';
import { logoUrl } from '../catalog';
import { getCurrentUser } from '../users';

/** One voucher to issue: a unit of a priced checkout line. */
export interface VoucherUnit {
  unitIndex: number;
  productId: string | null;
  productCode: string;
  merchantName: string;
  /** Minor units. */
  value: number;
  currency: string;
  usesPin: boolean;
  /**
   * Set for a gift: the order belongs to nobody until its recipient claims it. `sendOn` is the UK
   * day its e-mail goes out (decision 025); absent or today means now.
   */
  gift?: { name: string; email: string; message: string | null; sendOn?: string | null };
}

export interface IssuedOrder {
  id: string;
  unitIndex: number;
  productCode: string;
  merchantName: string;
  value: number;
  currency: string;
  /**
   * For a gift, the claim token in clear, for the e-mail being queued now, and the UK day its
   * e-mail is scheduled for (null: it goes with this purchase; else the gift schedule sends it).
   */
  gift?: { name: string; email: string; message: string | null; claimToken: string; scheduledFor: string | null };
}

export const GIFT_NOT_FOUND_MESSAGE = 'This gift link is invalid or has expired';

export function hashClaimToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh claim token, its hash (the look-up) and its sealed copy (so the same link can be sent again). */
export function newClaimToken(encryptionKey: string): { token: string; hash: string; ciphertext: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashClaimToken(token), ciphertext: createVoucherCipher(encryptionKey).seal(token) };
}

/**
 * Issues the vouchers of a paid checkout session inside the caller's transaction: one order per
 * unit with an encrypted code (and PIN), and a transfer with a hashed (and sealed) single-use
 * claim token per gift, due now or at 09:00 UK time on its chosen day, with the first entry of
 * its history. Units already issued (unique session + unit index) are skipped and not answered.
 * The caller queues the e-mail of each gift not scheduled for later.
 */
export async function issueVouchers(
  tx: Executor,
  input: {
    checkoutSessionId: string;
    buyerId: string;
    units: readonly VoucherUnit[];
    encryptionKey: string;
    at: Date;
  },
): Promise<IssuedOrder[]> {
  if (input.units.length === 0) return [];
  const cipher = createVoucherCipher(input.encryptionKey);
  const inserted = await tx
    .insert(orders)
    .values(
      input.units.map((unit) => ({
        checkoutSessionId: input.checkoutSessionId,
        unitIndex: unit.unitIndex,
        ownerId: unit.gift ? null : input.buyerId,
        buyerId: input.buyerId,
        productId: unit.productId,
        productCode: unit.productCode,
        merchantName: unit.merchantName,
        value: unit.value,
        currency: unit.currency,
        codeCiphertext: cipher.seal(newVoucherCode()),
        pinCiphertext: unit.usesPin ? cipher.seal(newVoucherPin()) : null,
        createdAt: input.at,
      })),
    )
    .onConflictDoNothing({ target: [orders.checkoutSessionId, orders.unitIndex] })
    .returning({ id: orders.id, unitIndex: orders.unitIndex });
  const unitsByIndex = new Map(input.units.map((unit) => [unit.unitIndex, unit]));
  const issued: IssuedOrder[] = [];
  const transfers: (typeof giftTransfers.$inferInsert)[] = [];
  for (const row of inserted.sort((a, b) => a.unitIndex - b.unitIndex)) {
    const unit = unitsByIndex.get(row.unitIndex);
    if (!unit) continue;
    const order: IssuedOrder = {
      id: row.id,
      unitIndex: row.unitIndex,
      productCode: unit.productCode,
      merchantName: unit.merchantName,
      value: unit.value,
      currency: unit.currency,
    };
    if (unit.gift) {
      const { sendOn, ...recipient } = unit.gift;
      const claim = newClaimToken(input.encryptionKey);
      const sendAt = giftSendAt(sendOn, input.at);
      const scheduled = sendAt.getTime() > input.at.getTime();
      order.gift = { ...recipient, claimToken: claim.token, scheduledFor: scheduled ? ukDayOf(sendAt) : null };
      transfers.push({
        orderId: row.id,
        senderId: input.buyerId,
        recipientName: recipient.name,
        recipientEmail: recipient.email,
        message: recipient.message,
        sentAt: input.at,
        claimTokenHash: claim.hash,
        claimTokenCiphertext: claim.ciphertext,
        sendAt,
        emailedAt: scheduled ? null : input.at,
      });
    }
    issued.push(order);
  }
  if (transfers.length > 0) {
    const created = await tx.insert(giftTransfers).values(transfers).returning({
      id: giftTransfers.id,
      name: giftTransfers.recipientName,
      email: giftTransfers.recipientEmail,
      sendAt: giftTransfers.sendAt,
      emailedAt: giftTransfers.emailedAt,
    });
    await tx.insert(giftEvents).values(
      created.map((transfer) =>
        transfer.emailedAt
          ? {
              transferId: transfer.id,
              kind: 'sent' as const,
              detail: { name: transfer.name, email: transfer.email },
              at: input.at,
            }
          : {
              transferId: transfer.id,
              kind: 'scheduled' as const,
              detail: { sendOn: ukDayOf(transfer.sendAt) },
              at: input.at,
            },
      ),
    );
  }
  return issued;
}

/** The orders of one checkout session as the payment result screen shows them, in unit order. */
export async function listSessionOrders(db: Executor, checkoutSessionId: string): Promise<OrderItem[]> {
  const rows = await db
    .select({
      id: orders.id,
      productCode: orders.productCode,
      merchantName: orders.merchantName,
      value: orders.value,
      currency: orders.currency,
      recipientName: giftTransfers.recipientName,
      recipientEmail: giftTransfers.recipientEmail,
      latestAction: giftTransfers.latestAction,
      sendAt: giftTransfers.sendAt,
      emailedAt: giftTransfers.emailedAt,
    })
    .from(orders)
    .leftJoin(giftTransfers, eq(giftTransfers.orderId, orders.id))
    .where(eq(orders.checkoutSessionId, checkoutSessionId))
    .orderBy(asc(orders.unitIndex));
  return rows.map((row) => ({
    _id: row.id,
    productCode: row.productCode,
    merchant: { name: row.merchantName },
    imageUrl: logoUrl(row.productCode),
    valuePurchased: toMajorUnits(row.value),
    currency: row.currency,
    ...(row.recipientName !== null && row.recipientEmail !== null
      ? {
          giftOrder: {
            recipientName: row.recipientName,
            recipientEmail: row.recipientEmail,
            status: row.latestAction ?? 'pending',
            ...(row.sendAt && !row.emailedAt ? { scheduledFor: ukDayOf(row.sendAt) } : {}),
          },
        }
      : {}),
  }));
}

/** The gift behind a claim link (its landing page); 404 for any token we did not issue. */
export async function findGiftByToken(db: Executor, token: string): Promise<Gift> {
  const [row] = await db
    .select({ transfer: giftTransfers, order: orders })
    .from(giftTransfers)
    .innerJoin(orders, eq(orders.id, giftTransfers.orderId))
    .where(and(eq(giftTransfers.claimTokenHash, hashClaimToken(token)), isNotNull(giftTransfers.emailedAt)))
    .limit(1);
  if (!row) throw notFound(GIFT_NOT_FOUND_MESSAGE);
  const sender = await getCurrentUser(db, row.transfer.senderId).catch(() => null);
  return {
    senderName: sender?.consumer.name || 'Someone',
    recipientName: row.transfer.recipientName,
    merchant: { name: row.order.merchantName },
    imageUrl: logoUrl(row.order.productCode),
    value: toMajorUnits(row.order.value),
    currency: row.order.currency,
    message: row.transfer.message,
    status: row.transfer.latestAction,
  };
}
