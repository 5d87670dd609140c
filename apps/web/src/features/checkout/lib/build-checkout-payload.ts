import {
  type CheckoutItem,
  type CheckoutRecipient as CheckoutRecipientPayload,
  type CheckoutSessionRequest,
  type OrderType,
  toMajorUnits,
  toMinorUnits,
  ukDayOf,
} from '@gvm/contract';
import { type CheckoutLine, type CheckoutRecipient, groupByProduct, recipientsPerLine } from './checkout-lines';

/** docs/product/buying.md#checkout: checkout currency, usage limit, distribution method and user type. */
const CHECKOUT_CURRENCY = 'GBP';
const USAGE_LIMIT = 1;

/**
 * docs/product/buying.md#checkout: personal when no voucher is a gift, gift when all are, otherwise mixed.
 * Counted per voucher, since a line of 3 with one recipient holds one gift and two of the buyer's.
 */
export function orderTypeOf(giftUnits: number, totalUnits: number): OrderType {
  if (giftUnits === 0) return 'personal';
  return giftUnits === totalUnits ? 'gift' : 'mixed';
}

const unique = (values: string[]) => [...new Set(values)];

/**
 * docs/product/buying.md#checkout: the checkout-session payload as the client builds it. The server reads
 * only which products, at which value, how many and who receives each gift, and reprices the rest.
 */
export function buildCheckoutPayload(
  userId: string,
  lines: readonly CheckoutLine[],
  recipients: readonly CheckoutRecipient[],
  now = new Date(),
): CheckoutSessionRequest {
  const groups = groupByProduct(lines, recipients);
  const lineRecipients = new Map(groups.flatMap((group) => [...recipientsPerLine(group)]));

  const items: CheckoutItem[] = lines.map((line) => {
    const gifts = lineRecipients.get(line._id) ?? [];
    const first = gifts[0];
    return {
      id: line.productId,
      name: line.merchantName,
      currency: line.currency,
      value: line.selectedValue,
      quantity: line.quantity,
      image: line.imageUrl,
      productCode: line.productCode,
      merchant: { name: line.merchantName, distributionMethod: 'EMAIL' },
      isGift: gifts.length > 0,
      ...(first && { recipientInfo: { email: first.email, name: first.name, message: first.message ?? '' } }),
    };
  });

  // A delivery day that has come meanwhile (the cart waited) means: send with the payment.
  const today = ukDayOf(now);
  const giftRecipients: CheckoutRecipientPayload[] = groups.flatMap((group) =>
    group.recipients.map((recipient) => ({
      itemId: group.productId,
      itemName: group.merchantName,
      email: recipient.email,
      name: recipient.name,
      message: recipient.message ?? '',
      isGift: true,
      ...(recipient.sendOn && recipient.sendOn > today && { sendOn: recipient.sendOn }),
    })),
  );

  const totalItems = lines.reduce((sum, line) => sum + line.quantity, 0);
  const giftItems = giftRecipients.length;
  const totalMinor = lines.reduce((sum, line) => sum + toMinorUnits(line.selectedValue) * line.quantity, 0);
  const productCodes = unique(lines.map((line) => line.productCode));
  const merchants = unique(lines.map((line) => line.merchantName));
  const giftMessage = giftRecipients.find((recipient) => recipient.message)?.message;

  return {
    mongoUserId: userId,
    items,
    recipients: giftRecipients,
    orderDetails: {
      userType: 'consumer',
      productCodes,
      merchants,
      productCode: productCodes[0],
      merchant: merchants[0],
      orderType: orderTypeOf(giftItems, totalItems),
      currency: CHECKOUT_CURRENCY,
      valuePurchased: toMajorUnits(totalMinor),
      usageLimit: USAGE_LIMIT,
      hasGiftItems: giftItems > 0,
      totalItems,
      allItems: items,
      ...(giftItems > 0 && { giftOrder: { message: giftMessage ?? '' } }),
    },
    summary: { personalItems: totalItems - giftItems, giftItems, totalRecipients: giftItems },
    paymentMethod: 'card',
  };
}
