import {
  type ActiveOrder,
  formatMoney,
  GIFT_ENDED_MESSAGE,
  GIFT_LINK_INVALID_MESSAGE,
  ORDER_NOT_FOUND_MESSAGE,
  type PendingVoucher,
  type TransferredOrder,
  toMajorUnits,
} from '@gvm/contract';
import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { enqueueMail } from '../../adapters/mail/outbox';
import { giftClaimedEmail } from '../../adapters/mail/templates';
import type { Database, Executor } from '../../db/client';
import { type GiftTransferRow, giftTransfers } from '../../db/schema/gifts';
import { AppError, conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { cardArtEmailUrl, logoUrl } from '../catalog';
import { notifyUser } from '../notifications';
import { findUserByEmail, findUserContacts, getCurrentUser } from '../users';
import {
  activeOrderOf,
  findVouchersByIds,
  handOverVoucher,
  redemptionUrlOf,
  type VoucherRow,
  wasEnded,
} from '../vouchers';
import { deliveryOf, giftHistories } from './delivery';
import { hashClaimToken } from './tokens';
import { type TransferWithVoucher, withVouchers } from './with-vouchers';

/**
 * Gifts between people: the received and sent lists, and the three ways a pending gift
 * is claimed (the addressee confirms it, redeem by sender e-mail, redeem by claim link). Every
 * claim is one transaction guarded by `UPDATE gift_transfers ... WHERE latest_action = 'pending'
 * RETURNING`, so of many simultaneous claims exactly one succeeds.
 */

export const TRANSFER_CONFIRMED_MESSAGE = 'Transfer confirmed successfully';
export const GIFT_CLAIMED_MESSAGE = 'Gift claimed successfully';
export const GIFT_ALREADY_CLAIMED_MESSAGE = 'This gift has already been claimed.';
export const OWN_GIFT_MESSAGE = 'You cannot claim a gift you sent.';
export const NO_PENDING_GIFTS_MESSAGE = 'No pending gifts from that sender were found for your e-mail address.';

/** The received and sent lists show recent gifts; older ones are not listed. */
const LIST_LIMIT = 200;

export interface GiftDeps {
  clock: () => Date;
  /** The web app's origin, for links in e-mails. */
  publicUrl: string;
}

export interface ClaimResult {
  message: string;
  order: ActiveOrder;
}

const recipientIs = (email: string) => sql`lower(${giftTransfers.recipientEmail}) = ${email.toLowerCase()}`;
/** A gift scheduled for a later day stays out of its recipient's sight until its e-mail goes (decision 025). */
const emailed = isNotNull(giftTransfers.emailedAt);

async function callerEmail(db: Executor, userId: string): Promise<string> {
  return (await getCurrentUser(db, userId)).email.toLowerCase();
}

function isUsable(order: VoucherRow, callerId: string): boolean {
  return (
    order.ownerId === callerId &&
    order.status === 'active' &&
    !order.swapped &&
    !order.deactivated &&
    order.activatedAt !== null
  );
}

async function toTransferredOrders(
  db: Executor,
  rows: readonly TransferWithVoucher[],
  callerId: string,
  withDelivery: { now: Date } | null = null,
): Promise<TransferredOrder[]> {
  const senders = await findUserContacts(
    db,
    rows.map((row) => row.transfer.senderId),
  );
  const histories = withDelivery
    ? await giftHistories(
        db,
        rows.map((row) => row.transfer.id),
      )
    : null;
  return rows.map(({ transfer, order }) => ({
    orderId: order.id,
    currency: order.currency,
    valuePurchased: toMajorUnits(order.value),
    senderEmail: senders.get(transfer.senderId)?.email ?? '',
    transferDate: transfer.sentAt.toISOString(),
    latestAction: transfer.latestAction,
    giftMessage: transfer.message,
    merchant: { name: order.merchantName, redemptionUrl: redemptionUrlOf(order.id) },
    imageUrl: logoUrl(order.productCode),
    recipientName: transfer.recipientName,
    isActive: isUsable(order, callerId),
    ...(withDelivery && histories
      ? { delivery: deliveryOf(transfer, histories.get(transfer.id) ?? [], withDelivery.now) }
      : {}),
  }));
}

/** GET /orders/received: gifts addressed to the caller's e-mail or claimed by the caller, newest first. */
export async function listReceivedGifts(db: Executor, userId: string): Promise<TransferredOrder[]> {
  const email = await callerEmail(db, userId);
  const rows = await db
    .select()
    .from(giftTransfers)
    .where(or(and(recipientIs(email), emailed), eq(giftTransfers.claimedBy, userId)))
    .orderBy(desc(giftTransfers.sentAt), desc(giftTransfers.id))
    .limit(LIST_LIMIT);
  return toTransferredOrders(db, await withVouchers(db, rows), userId);
}

/** GET /orders/sent: gifts the caller sent, newest first, each with its delivery and history. */
export async function listSentGifts(db: Executor, userId: string, now: Date): Promise<TransferredOrder[]> {
  const rows = await db
    .select()
    .from(giftTransfers)
    .where(eq(giftTransfers.senderId, userId))
    .orderBy(desc(giftTransfers.sentAt), desc(giftTransfers.id))
    .limit(LIST_LIMIT);
  return toTransferredOrders(db, await withVouchers(db, rows), userId, { now });
}

/** POST /orders/redeem-email: pending gifts from the account with `senderEmail` to the caller's e-mail. */
export async function findPendingGiftsFrom(
  db: Executor,
  userId: string,
  senderEmail: string,
): Promise<PendingVoucher[]> {
  const [email, sender] = await Promise.all([callerEmail(db, userId), findUserByEmail(db, senderEmail)]);
  if (!sender || sender.id === userId) throw notFound(NO_PENDING_GIFTS_MESSAGE);
  const rows = await db
    .select()
    .from(giftTransfers)
    .where(
      and(
        eq(giftTransfers.senderId, sender.id),
        recipientIs(email),
        emailed,
        eq(giftTransfers.latestAction, 'pending'),
      ),
    )
    .orderBy(desc(giftTransfers.sentAt), desc(giftTransfers.id))
    .limit(LIST_LIMIT);
  if (rows.length === 0) throw notFound(NO_PENDING_GIFTS_MESSAGE);
  return (await withVouchers(db, rows)).map(({ transfer, order }) => ({
    orderId: order.id,
    merchant: order.merchantName,
    imageUrl: logoUrl(order.productCode),
    value: toMajorUnits(order.value),
    currency: order.currency,
    sentDate: transfer.sentAt.toISOString(),
  }));
}

async function findTransferByOrder(db: Executor, orderId: string): Promise<TransferWithVoucher | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select()
    .from(giftTransfers)
    .where(and(eq(giftTransfers.orderId, orderId.toLowerCase()), emailed))
    .limit(1);
  if (!row) return null;
  const [found] = await withVouchers(db, [row]);
  return found ?? null;
}

/**
 * POST /orders/:orderId/confirm-transfer: only the addressee (the caller's e-mail is the gift's
 * recipient e-mail), only while pending. Anyone else learns nothing (404); the sender is told they
 * cannot claim their own gift (409).
 */
export async function confirmTransfer(
  db: Database,
  deps: GiftDeps,
  userId: string,
  orderId: string,
): Promise<ClaimResult> {
  const found = await findTransferByOrder(db, orderId);
  if (!found) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  if (found.transfer.senderId === userId) throw conflict(OWN_GIFT_MESSAGE);
  const email = await callerEmail(db, userId);
  if (found.transfer.recipientEmail.toLowerCase() !== email) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const order = await claim(db, deps, found.transfer, userId);
  if (!order) throw conflict(GIFT_ALREADY_CLAIMED_MESSAGE);
  return { message: TRANSFER_CONFIRMED_MESSAGE, order };
}

/**
 * POST /orders/:orderId/confirm-claim: one of the pending gifts `findPendingGiftsFrom` listed; the
 * sender's e-mail must be the one the caller gave, and the gift addressed to the caller's e-mail.
 */
export async function confirmClaim(
  db: Database,
  deps: GiftDeps,
  userId: string,
  orderId: string,
  senderEmail: string,
): Promise<ClaimResult> {
  const found = await findTransferByOrder(db, orderId);
  if (!found) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const [sender, email] = await Promise.all([findUserByEmail(db, senderEmail), callerEmail(db, userId)]);
  if (!sender || sender.id !== found.transfer.senderId) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  if (found.transfer.senderId === userId) throw conflict(OWN_GIFT_MESSAGE);
  if (found.transfer.recipientEmail.toLowerCase() !== email) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const order = await claim(db, deps, found.transfer, userId);
  if (!order) throw conflict(GIFT_ALREADY_CLAIMED_MESSAGE);
  return { message: GIFT_CLAIMED_MESSAGE, order };
}

/** The claim token in a link from the gift e-mail (`…/gift/<token>`), or the token given alone; null if malformed. */
export function claimTokenOf(link: string): string | null {
  const trimmed = link.trim();
  const marker = trimmed.lastIndexOf('/gift/');
  let token = marker >= 0 ? trimmed.slice(marker + '/gift/'.length) : trimmed;
  token = token.split(/[?#]/, 1)[0]?.replace(/\/+$/, '') ?? '';
  try {
    token = decodeURIComponent(token);
  } catch {
    return null;
  }
  return /^[A-Za-z0-9_-]{16,128}$/.test(token) ? token : null;
}

/**
 * POST /orders/redeem-link: any signed-in user holding the link may claim the gift, once. An
 * unknown, used or malformed link gets one and the same answer; the sender cannot claim their own.
 */
export async function redeemLink(db: Database, deps: GiftDeps, userId: string, link: string): Promise<ClaimResult> {
  const token = claimTokenOf(link);
  if (!token) throw notFound(GIFT_LINK_INVALID_MESSAGE);
  const [transfer] = await db
    .select()
    .from(giftTransfers)
    .where(eq(giftTransfers.claimTokenHash, hashClaimToken(token)))
    .limit(1);
  if (transfer?.latestAction !== 'pending' || !transfer.emailedAt) throw notFound(GIFT_LINK_INVALID_MESSAGE);
  if (transfer.senderId === userId) throw conflict(OWN_GIFT_MESSAGE);
  const order = await claim(db, deps, transfer, userId);
  if (!order) throw notFound(GIFT_LINK_INVALID_MESSAGE);
  return { message: GIFT_CLAIMED_MESSAGE, order };
}

/**
 * The claim itself, in one transaction: the transfer goes from pending to claimed (the guard: of
 * simultaneous claims only one UPDATE finds it pending, with the claim token it was read with),
 * the voucher becomes the claimer's, and the sender gets a notification and an e-mail. Null when
 * the gift was no longer pending or its recipient was corrected meanwhile.
 */
async function claim(
  db: Database,
  deps: GiftDeps,
  transfer: GiftTransferRow,
  userId: string,
): Promise<ActiveOrder | null> {
  return db.transaction(async (tx) => {
    const now = deps.clock();
    const [claimed] = await tx
      .update(giftTransfers)
      .set({ latestAction: 'claimed', claimedBy: userId, claimedAt: now })
      // The token read before must still be the gift's: a corrected recipient replaces it, and a
      // claim through the old link or by the old address must fail even if it began first.
      .where(
        and(
          eq(giftTransfers.id, transfer.id),
          eq(giftTransfers.latestAction, 'pending'),
          eq(giftTransfers.claimTokenHash, transfer.claimTokenHash),
        ),
      )
      .returning({ id: giftTransfers.id });
    if (!claimed) return null;
    const order = await handOverVoucher(tx, transfer.orderId, userId);
    if (!order) {
      // Refunded or voided while it waited: nothing commits, and the claimer is told so.
      const voucher = (await findVouchersByIds(tx, [transfer.orderId])).get(transfer.orderId);
      if (voucher && wasEnded(voucher)) throw conflict(GIFT_ENDED_MESSAGE);
      // A pending gift's order has no owner; anything else is a broken invariant, so nothing commits.
      throw new AppError('CONFLICT', GIFT_ALREADY_CLAIMED_MESSAGE);
    }
    const people = await findUserContacts(tx, [transfer.senderId, userId]);
    const sender = people.get(transfer.senderId);
    const claimerName = people.get(userId)?.name.trim() || transfer.recipientName;
    const amount = formatMoney(toMajorUnits(order.value), order.currency);
    if (sender) {
      await notifyUser(tx, sender.id, `${claimerName} claimed your ${order.merchantName} ${amount} gift.`, now);
      await enqueueMail(tx, {
        to: sender.email,
        ...giftClaimedEmail({
          senderName: sender.name,
          claimerName,
          merchantName: order.merchantName,
          value: order.value,
          currency: order.currency,
          publicUrl: deps.publicUrl,
          artUrl: cardArtEmailUrl(deps.publicUrl, order.productCode, order.value, order.currency),
        }),
      });
    }
    return activeOrderOf(tx, order);
  });
}
