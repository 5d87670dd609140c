import {
  type CheckoutSessionRequest,
  INVALID_CARD_VALUE_MESSAGE,
  isAcceptedValue,
  isAllowedSendOn,
  MAX_QUANTITY_PER_LINE,
  type Product,
  QUANTITY_MESSAGE,
  RECIPIENT_REQUIRED_MESSAGE,
  recipientEmailSchema,
  SEND_ON_RANGE_MESSAGE,
  toMinorUnits,
} from '@gvm/contract';
import { usesPin } from '../../adapters/vouchers';
import { AppError } from '../../lib/errors';
import type { SnapshotLine, SnapshotRecipient } from './snapshot';

export const UNKNOWN_PRODUCT_MESSAGE =
  'One of the vouchers in your cart is no longer available. Please remove it and try again.';
/** A brand the supplier stopped offering (decision 068): the line that holds it says so. */
export const productNotSoldMessage = (merchant: string) =>
  `${merchant} vouchers are no longer sold. Please remove them from your cart and try again.`;
export const MIXED_CURRENCY_MESSAGE = 'Please check out vouchers of one currency at a time.';
export const INVALID_RECIPIENT_EMAIL_MESSAGE = 'Please enter a valid email address';
export const tooManyRecipientsMessage = (merchant: string) =>
  `You have more recipients than vouchers for ${merchant}. Please remove a recipient or increase the quantity.`;

type Body = CheckoutSessionRequest;
type Item = Body['items'][number];

const rule = (message: string, path?: string) =>
  new AppError('BUSINESS_RULE', message, path ? [{ path, message }] : undefined);

function recipientOf(
  raw: { name?: string; email?: string; message?: string; sendOn?: string },
  path: string,
  now: Date,
): SnapshotRecipient {
  const name = raw.name?.trim() ?? '';
  const email = raw.email?.trim() ?? '';
  if (!name || !email) throw rule(RECIPIENT_REQUIRED_MESSAGE, path);
  const parsed = recipientEmailSchema.safeParse(email);
  if (!parsed.success) throw rule(INVALID_RECIPIENT_EMAIL_MESSAGE, `${path}.email`);
  const sendOn = raw.sendOn?.trim() || null;
  if (sendOn && !isAllowedSendOn(sendOn, now)) throw rule(SEND_ON_RANGE_MESSAGE, `${path}.sendOn`);
  return { name, email: parsed.data, message: raw.message?.trim() || null, sendOn };
}

/**
 * Prices the checkout payload from the catalogue. Only each line's product id, value, quantity,
 * gift flag and recipients are read; names, prices and totals the client sent are ignored.
 * Recipients name their line by product id (`itemId`) and each takes one unit of that product's
 * gift lines, in order. Throws a 422 naming the first problem, in the words the checkout shows.
 */
export function priceCheckout(
  body: Pick<Body, 'items' | 'recipients'>,
  catalogue: ReadonlyMap<string, Product>,
  /** For the delivery days (today up to a year ahead). */
  now: Date,
  /** Products no longer on sale (the supplier stopped offering them), by lower-case id: their merchant's name. */
  notSold: ReadonlyMap<string, string> = new Map(),
): { lines: SnapshotLine[]; amount: number; currency: string } {
  const queues = new Map<string, SnapshotRecipient[]>();
  (body.recipients ?? []).forEach((raw, index) => {
    const recipient = recipientOf(raw, `recipients.${index}`, now);
    const queue = queues.get(raw.itemId) ?? [];
    queue.push(recipient);
    queues.set(raw.itemId, queue);
  });

  const lines: SnapshotLine[] = [];
  body.items.forEach((item: Item, index) => {
    const path = `items.${index}`;
    const product = catalogue.get(item.id.toLowerCase());
    if (!product) throw rule(UNKNOWN_PRODUCT_MESSAGE, `${path}.id`);
    const gone = notSold.get(product._id.toLowerCase());
    if (gone !== undefined) throw rule(productNotSoldMessage(gone), `${path}.id`);
    if (!Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > MAX_QUANTITY_PER_LINE) {
      throw rule(QUANTITY_MESSAGE, `${path}.quantity`);
    }
    // Whole pence only: 12.345 would otherwise be charged as 12.35 without the buyer choosing it.
    const wholePence = Math.abs(item.value * 100 - toMinorUnits(item.value)) < 1e-6;
    if (!wholePence || !isAcceptedValue(product, item.value)) {
      throw rule(INVALID_CARD_VALUE_MESSAGE, `${path}.value`);
    }
    const queue = queues.get(item.id) ?? [];
    if (item.isGift && queue.length === 0 && item.recipientInfo) queue.push(recipientOf(item.recipientInfo, path, now));
    const isGift = item.isGift === true || queue.length > 0;
    const recipients = isGift ? queue.splice(0, item.quantity) : [];
    if (isGift && recipients.length === 0) throw rule(RECIPIENT_REQUIRED_MESSAGE, `${path}.recipientInfo`);
    lines.push({
      productId: product._id,
      productCode: product.productCode,
      merchantName: product.merchant.name,
      imageUrl: product.imageUrl,
      currency: product.currency,
      unitAmount: toMinorUnits(item.value),
      quantity: item.quantity,
      usesPin: usesPin(product.category),
      recipients,
    });
  });

  for (const [itemId, left] of queues) {
    const line = lines.find((candidate) => candidate.productId === itemId.toLowerCase());
    if (line && left.length > 0) throw rule(tooManyRecipientsMessage(line.merchantName));
  }
  const currency = lines[0]?.currency ?? 'GBP';
  if (lines.some((line) => line.currency !== currency)) throw rule(MIXED_CURRENCY_MESSAGE);
  const amount = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
  return { lines, amount, currency };
}
