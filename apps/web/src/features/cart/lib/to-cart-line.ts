import type { CartItem } from '@gvm/contract';
import type { Recipient } from '../stores/recipient-store';
import type { CartLine } from '../types';

/**
 * A server line (the contract's `CartItem`) as the cart page shows it: the product's name, logo and
 * currency come with the line; the gift recipients live in this browser's recipient store, per product.
 */
export function toCartLine(line: CartItem, recipients: readonly Recipient[]): CartLine {
  return {
    _id: line._id,
    productId: line.productId,
    productCode: line.product.productCode,
    merchantName: line.product.merchant.name,
    imageUrl: line.product.imageUrl,
    currency: line.product.currency,
    selectedValue: line.selectedValue,
    quantity: line.quantity,
    recipients: recipients
      .filter((recipient) => recipient.productId === line.productId)
      .map(({ id, name, email, message }) => ({ id: id ?? `${line.productId}:${email}`, name, email, message })),
  };
}
