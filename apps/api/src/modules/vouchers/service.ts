import {
  type ActiveOrder,
  CODE_DELAY_MS,
  type CodeStatus,
  codeDelayedMessage,
  codeFailedMessage,
  codePendingMessage,
  codeUnavailableMessage,
  formatMoney,
  ORDER_NOT_FOUND_MESSAGE,
  type OrderDetail,
  type Product,
  type SwapRequest,
  toMajorUnits,
  toMinorUnits,
  type Voucher,
  type VoucherPending,
} from '@gvm/contract';
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { createVoucherCipher } from '../../adapters/vouchers';
import type { Database, Executor } from '../../db/client';
import { type OrderRow, orders } from '../../db/schema/vouchers';
import { AppError, conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { findProductsByCodes, findProductsNotOnSale, getProductByCode, logoUrl } from '../catalog';
import { notifyUser } from '../notifications';
import { creditWallet } from '../wallets';
import type { CodeIssuer } from './code-issuer';
import {
  CODE_ON_ITS_WAY_MESSAGE,
  cancelCodeRequest,
  codeNotOnItsWay,
  codeStatusesOf,
  codeStatusOf,
  findCodeRequest,
  VOUCHER_INACTIVE_MESSAGE,
} from './code-requests';

/**
 * The vouchers a user holds (decision 019): the active list,
 * one voucher's detail, activation, the voucher at the till, exchange (swap) and conversion to
 * UGM Credit (return). Each state change is one conditional UPDATE ... WHERE <state> RETURNING,
 * so of many simultaneous calls on one voucher exactly one succeeds and the others answer 409.
 * Activation buys the code from the supplier (decision 068, ./code-issuer).
 */

export const ACTIVATE_FIRST_MESSAGE = 'Activate this voucher to see its code';
export const VOUCHER_ACTIVATED_MESSAGE = 'An activated voucher cannot be exchanged or converted';
export const VOUCHER_SWAPPED_MESSAGE = 'This voucher has already been exchanged';
export const VOUCHER_CONVERTED_MESSAGE = 'This voucher has already been converted to UGM Credit';
export { VOUCHER_INACTIVE_MESSAGE };
export const VOUCHER_REFUNDED_MESSAGE = 'This voucher has been refunded';
export const VOUCHER_VOIDED_MESSAGE = 'This voucher has been voided';
export const NOT_EXCHANGEABLE_MESSAGE = 'This voucher cannot be exchanged for that product';
export const EXCHANGE_DONE_MESSAGE = 'Successfully exchanged your voucher';
export const CONVERSION_DONE_MESSAGE = 'Successfully converted to UGM Credit';
/** A voucher whose product left the catalogue is taken to be usable in the UK. */
const DEFAULT_COUNTRIES = ['GB'];

export function redemptionUrlOf(orderId: string): string {
  return `/vouchers/${orderId}`;
}

/** Paid (an order exists only once paid), status active, not swapped, not deactivated. */
function isUsable(order: OrderRow): boolean {
  return order.status === 'active' && !order.swapped && !order.deactivated;
}

const usable: SQL[] = [eq(orders.status, 'active'), eq(orders.swapped, false), eq(orders.deactivated, false)];

function toActiveOrder(order: OrderRow, product: Product | undefined, codeStatus?: CodeStatus): ActiveOrder {
  return {
    _id: order.id,
    merchant: { name: order.merchantName, redemptionUrl: redemptionUrlOf(order.id) },
    productCode: order.productCode,
    currency: order.currency,
    valuePurchased: toMajorUnits(order.value),
    isActivated: order.activatedAt !== null,
    imageUrl: logoUrl(order.productCode),
    country: product?.country ?? DEFAULT_COUNTRIES,
    createdAt: order.createdAt.toISOString(),
    ...(codeStatus ? { codeStatus } : {}),
  };
}

/** A voucher as the wallet lists it, with its product's countries from the catalogue. */
export async function activeOrderOf(db: Executor, order: OrderRow): Promise<ActiveOrder> {
  const products = await findProductsByCodes(db, [order.productCode]);
  return toActiveOrder(order, products.get(order.productCode));
}

/** The voucher if `userId` owns it; anyone else (or a malformed id) learns nothing: 404. */
async function ownedOrder(db: Executor, userId: string, orderId: string): Promise<OrderRow> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.ownerId, userId)))
    .limit(1);
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  return order;
}

/** Why a voucher can no longer be exchanged or converted (409). */
function stateConflict(order: OrderRow, now: Date): AppError {
  // Checked first: a refund or a void ends a voucher whatever it was before (activated or not),
  // and sets `deactivated` too, which alone would read as a conversion.
  if (order.status === 'refunded') return conflict(VOUCHER_REFUNDED_MESSAGE);
  if (order.status === 'void') return conflict(VOUCHER_VOIDED_MESSAGE);
  if (order.activatedAt !== null) return conflict(VOUCHER_ACTIVATED_MESSAGE);
  if (order.codeRequestedAt && now.getTime() - order.codeRequestedAt.getTime() < CODE_DELAY_MS) {
    return conflict(CODE_ON_ITS_WAY_MESSAGE);
  }
  if (order.swapped) return conflict(VOUCHER_SWAPPED_MESSAGE);
  if (order.deactivated) return conflict(VOUCHER_CONVERTED_MESSAGE);
  return conflict(VOUCHER_INACTIVE_MESSAGE);
}

/** The user's active vouchers, newest first, with where each code stands while it has none. */
export async function listActiveVouchers(db: Executor, userId: string, now: Date): Promise<ActiveOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.ownerId, userId), ...usable))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const products = await findProductsByCodes(
    db,
    rows.map((row) => row.productCode),
  );
  const codes = await codeStatusesOf(db, rows, now);
  return rows.map((row) => toActiveOrder(row, products.get(row.productCode), codes.get(row.id)));
}

/**
 * What the gifts module tells about a voucher sent as a gift: who sent it (they may look at it
 * too) and to whom. Passed in by the app, since gifts builds on vouchers and not the other way
 * (decision 046).
 */
export type GiftOfVoucher = (
  db: Executor,
  voucherId: string,
) => Promise<{ senderId: string; recipientName: string } | null>;

/** One voucher for its owner, or for the sender of a gift; anyone else 404. */
export async function getVoucherDetail(
  db: Executor,
  giftOf: GiftOfVoucher,
  userId: string,
  orderId: string,
): Promise<OrderDetail> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  const gift = await giftOf(db, order.id);
  if (order.ownerId !== userId && gift?.senderId !== userId) throw notFound(ORDER_NOT_FOUND_MESSAGE);
  return {
    _id: order.id,
    imageUrl: logoUrl(order.productCode),
    merchant: { name: order.merchantName, redemptionUrl: redemptionUrlOf(order.id) },
    productCode: order.productCode,
    currency: order.currency,
    valuePurchased: toMajorUnits(order.value),
    isActivated: order.activatedAt !== null,
    isActive: isUsable(order),
    ...(gift ? { giftOrder: { recipientName: gift.recipientName } } : {}),
  };
}

/** What activation answers: 200 with the code in hand, 202 while it is on its way. */
export type ActivationAnswer =
  | { status: 200; body: { message: string; order: ActiveOrder } }
  | { status: 202; body: { status: 'pending'; message: string; order: ActiveOrder } };

/**
 * Activates the owner's voucher, irreversibly, by buying its code from the supplier (decision
 * 068): answered with the code in hand when the supplier answers within a few seconds, else
 * 'on its way' (the till page waits for it). The supplier out of float, or refusing the card for
 * good, leaves the voucher unactivated with its value (422). A voucher already activated (or a
 * concurrent call that lost) answers 409 Already Activated.
 */
export async function activateVoucher(
  db: Executor,
  issuer: CodeIssuer,
  userId: string,
  orderId: string,
  now: () => Date,
): Promise<ActivationAnswer> {
  const outcome = await issuer.activate(userId, orderId);
  const { merchantName } = outcome.order;
  switch (outcome.kind) {
    case 'issued':
      return {
        status: 200,
        body: {
          message: `Your ${merchantName} voucher has been activated.`,
          order: await activeOrderOf(db, outcome.order),
        },
      };
    case 'no-float':
      throw new AppError('BUSINESS_RULE', codeUnavailableMessage(merchantName));
    case 'failed':
      throw new AppError('BUSINESS_RULE', codeFailedMessage(merchantName));
    default: {
      const status = codeStatusOf({ state: 'pending', requestedAt: outcome.requestedAt }, now());
      const products = await findProductsByCodes(db, [outcome.order.productCode]);
      return {
        status: 202,
        body: {
          status: 'pending',
          message: status === 'delayed' ? codeDelayedMessage(merchantName) : codePendingMessage(merchantName),
          order: toActiveOrder(outcome.order, products.get(outcome.order.productCode), status),
        },
      };
    }
  }
}

/**
 * The voucher at the till: code, PIN and the card's page in clear, for its owner only, once
 * activated. While its code is on its way: 202 and where it stands. Not activated: 409, or 422
 * saying why when the supplier refused the card.
 */
export async function tillVoucher(
  db: Executor,
  encryptionKey: string,
  userId: string,
  orderId: string,
  now: Date,
): Promise<{ status: 200; body: Voucher } | { status: 202; body: VoucherPending }> {
  const order = await ownedOrder(db, userId, orderId);
  // A refunded or voided voucher's code is dead (docs/product/operators.md#money): never shown again.
  if (order.status !== 'active') throw conflict(VOUCHER_INACTIVE_MESSAGE);
  const product = (await findProductsByCodes(db, [order.productCode])).get(order.productCode);
  // What the till shows of the voucher whether its code is here or on its way.
  const heading = {
    _id: order.id,
    merchant: { name: order.merchantName },
    imageUrl: logoUrl(order.productCode),
    currency: order.currency,
    valuePurchased: toMajorUnits(order.value),
  };
  if (order.activatedAt === null) {
    const request = isUsable(order) ? await findCodeRequest(db, order.id) : null;
    const status = request ? codeStatusOf(request, now) : null;
    if (status === 'pending' || status === 'delayed') {
      return {
        status: 202,
        body: {
          ...heading,
          status,
          message:
            status === 'delayed' ? codeDelayedMessage(order.merchantName) : codePendingMessage(order.merchantName),
        },
      };
    }
    if (status === 'unavailable') throw new AppError('BUSINESS_RULE', codeUnavailableMessage(order.merchantName));
    if (status === 'failed') throw new AppError('BUSINESS_RULE', codeFailedMessage(order.merchantName));
    throw conflict(ACTIVATE_FIRST_MESSAGE);
  }
  const cipher = createVoucherCipher(encryptionKey);
  const open = (sealed: string | null) => (sealed === null ? null : cipher.open(sealed));
  return {
    status: 200,
    body: {
      ...heading,
      code: open(order.codeCiphertext),
      pin: open(order.pinCiphertext),
      url: open(order.codeUrlCiphertext),
      termsAndConditions: product?.termsAndConditions ?? '',
      activatedAt: order.activatedAt.toISOString(),
    },
  };
}

/**
 * The exchange candidate rule, re-checked on the server: the new product lists the voucher's
 * country, has its currency, and takes its value (one of its denominations, or within its
 * minimum and maximum, as a purchase of it would have to be); it is not the same product; the
 * request names the voucher's value.
 */
export function exchangeRefusal(
  order: Pick<OrderRow, 'productCode' | 'currency' | 'value'>,
  countries: readonly string[],
  product: Product,
  requested: SwapRequest['newOrderDetails'],
): string | null {
  const value = toMajorUnits(order.value);
  if (product.productCode === order.productCode) return 'A voucher cannot be exchanged for the same product';
  if (product.currency !== order.currency || requested.currency.toUpperCase() !== order.currency) {
    return 'An exchange keeps the voucher’s currency';
  }
  if (toMinorUnits(requested.valuePurchased) !== order.value) return 'An exchange keeps the voucher’s value';
  if (!product.country.some((country) => countries.includes(country))) return NOT_EXCHANGEABLE_MESSAGE;
  // A fixed-value product takes its denominations only (decision 068).
  const withinRange = !product.fixedValues && product.minPrice <= value && value <= product.maxPrice;
  if (!(product.denominations.includes(value) || withinRange)) return NOT_EXCHANGEABLE_MESSAGE;
  return null;
}

/** Usable, not activated, and no code on its way from the supplier (or it is more than 10 minutes late). */
function mayLeaveHolder(order: OrderRow, now: Date): boolean {
  const waitedLongEnough = !order.codeRequestedAt || now.getTime() - order.codeRequestedAt.getTime() >= CODE_DELAY_MS;
  return order.activatedAt === null && isUsable(order) && waitedLongEnough;
}

/**
 * Exchanges the owner's voucher for one of another product of the same value and currency: in
 * one transaction the old voucher is deactivated and marked swapped (only if it is still
 * unactivated and usable, with no code on its way, or one more than 10 minutes late, whose
 * request is then cancelled) and a new voucher is issued to the same owner. Its code, like every
 * voucher's, is bought from the supplier when it is activated (decision 068): an exchange costs
 * nothing there.
 */
export async function swapVoucher(
  db: Database,
  input: { userId: string; orderId: string; request: SwapRequest; at: Date },
): Promise<{ message: string; order: ActiveOrder }> {
  const order = await ownedOrder(db, input.userId, input.orderId);
  if (!mayLeaveHolder(order, input.at)) throw stateConflict(order, input.at);
  const details = input.request.newOrderDetails;
  const product = await getProductByCode(db, details.productCode);
  const original = (await findProductsByCodes(db, [order.productCode])).get(order.productCode);
  const refusal = exchangeRefusal(order, original?.country ?? DEFAULT_COUNTRIES, product, details);
  if (refusal) throw new AppError('BUSINESS_RULE', refusal);
  // A brand the supplier no longer offers is not sold, by exchange either (decision 068).
  if ((await findProductsNotOnSale(db, [product._id])).size > 0) {
    throw new AppError('BUSINESS_RULE', NOT_EXCHANGEABLE_MESSAGE);
  }

  const issued = await db.transaction(async (tx) => {
    const [old] = await tx
      .update(orders)
      .set({ swapped: true, deactivated: true, codeRequestedAt: null })
      .where(
        and(
          eq(orders.id, order.id),
          eq(orders.ownerId, input.userId),
          isNull(orders.activatedAt),
          codeNotOnItsWay(input.at),
          ...usable,
        ),
      )
      .returning();
    if (!old) return null;
    await cancelCodeRequest(tx, old.id, input.at);
    const [replacement] = await tx
      .insert(orders)
      .values({
        checkoutSessionId: null,
        replacesOrderId: old.id,
        unitIndex: 0,
        ownerId: input.userId,
        buyerId: old.buyerId,
        productId: product._id,
        productCode: product.productCode,
        merchantName: product.merchant.name,
        value: old.value,
        currency: old.currency,
        createdAt: input.at,
      })
      .returning();
    if (!replacement) throw new Error('issuing the replacement voucher returned no row');
    await notifyUser(
      tx,
      input.userId,
      `Exchange done: your ${old.merchantName} voucher of ${formatMoney(toMajorUnits(old.value), old.currency)} is now a ${replacement.merchantName} voucher.`,
      input.at,
    );
    return replacement;
  });
  if (!issued) {
    const [now] = await db.select().from(orders).where(eq(orders.id, order.id));
    if (!now || now.ownerId !== input.userId) throw notFound(ORDER_NOT_FOUND_MESSAGE);
    throw stateConflict(now, input.at);
  }
  return { message: EXCHANGE_DONE_MESSAGE, order: toActiveOrder(issued, product) };
}

/**
 * Converts the owner's voucher into UGM Credit: in one transaction the voucher is deactivated
 * (only if still unactivated and usable, with no code on its way, as for an exchange) and the
 * wallet (created when missing) credited by its value with a `funding` movement carrying the
 * order id. Once only.
 */
export async function returnVoucher(
  db: Database,
  input: { userId: string; orderId: string; at: Date },
): Promise<{ message: string; balance: number; currency: string }> {
  const order = await ownedOrder(db, input.userId, input.orderId);
  if (!mayLeaveHolder(order, input.at)) throw stateConflict(order, input.at);
  const credited = await db.transaction(async (tx) => {
    const [old] = await tx
      .update(orders)
      .set({ deactivated: true, codeRequestedAt: null })
      .where(
        and(
          eq(orders.id, order.id),
          eq(orders.ownerId, input.userId),
          isNull(orders.activatedAt),
          codeNotOnItsWay(input.at),
          ...usable,
        ),
      )
      .returning();
    if (!old) return null;
    await cancelCodeRequest(tx, old.id, input.at);
    const wallet = await creditWallet(tx, {
      userId: input.userId,
      amount: old.value,
      currency: old.currency,
      orderId: old.id,
      at: input.at,
    });
    await notifyUser(
      tx,
      input.userId,
      `Conversion done: your ${old.merchantName} voucher added ${formatMoney(toMajorUnits(old.value), old.currency)} of UGM Credit to your wallet.`,
      input.at,
    );
    return wallet;
  });
  if (!credited) {
    const [now] = await db.select().from(orders).where(eq(orders.id, order.id));
    if (!now || now.ownerId !== input.userId) throw notFound(ORDER_NOT_FOUND_MESSAGE);
    throw stateConflict(now, input.at);
  }
  return { message: CONVERSION_DONE_MESSAGE, balance: toMajorUnits(credited.balance), currency: credited.currency };
}
