import type { CartLine, Recipient } from '@/features/cart';
/**
 * What checkout reads of a cart line: the cart's own line without its recipients, which checkout
 * takes from the recipient store. `selectedValue` in major units, as chosen on the product page.
 */
export type CheckoutLine = Omit<CartLine, 'recipients'>;

/** A gift recipient as the recipient store keeps it (docs/product/buying.md#recipients): per product. */
export type CheckoutRecipient = Recipient;

/** The lines of one product (the same product may sit at two values) with its recipients. */
export interface ProductGroup {
  productId: string;
  merchantName: string;
  imageUrl: string;
  lines: CheckoutLine[];
  /** Vouchers of this product in the cart: at most one recipient each. */
  units: number;
  recipients: CheckoutRecipient[];
}

/** Groups the cart by product, in cart order; recipients beyond the product's units are left out. */
export function groupByProduct(
  lines: readonly CheckoutLine[],
  recipients: readonly CheckoutRecipient[],
): ProductGroup[] {
  const groups = new Map<string, ProductGroup>();
  for (const line of lines) {
    const group = groups.get(line.productId) ?? {
      productId: line.productId,
      merchantName: line.merchantName,
      imageUrl: line.imageUrl,
      lines: [],
      units: 0,
      recipients: [],
    };
    group.lines.push(line);
    group.units += line.quantity;
    groups.set(line.productId, group);
  }
  for (const group of groups.values()) {
    group.recipients = recipients.filter((r) => r.productId === group.productId).slice(0, group.units);
  }
  return [...groups.values()];
}

/**
 * The recipients of each line: a product's recipients fill its lines in cart order, one voucher
 * each, so a line of 3 with one recipient is one gift and two vouchers for the buyer.
 */
export function recipientsPerLine(group: ProductGroup): Map<string, CheckoutRecipient[]> {
  const perLine = new Map<string, CheckoutRecipient[]>();
  let next = 0;
  for (const line of group.lines) {
    perLine.set(line._id, group.recipients.slice(next, next + line.quantity));
    next += line.quantity;
  }
  return perLine;
}

/** Recipients whose product has left the cart, or beyond its vouchers (docs/product/buying.md#recipients). */
export function staleRecipients(
  lines: readonly CheckoutLine[],
  recipients: readonly CheckoutRecipient[],
): CheckoutRecipient[] {
  const kept = new Set(groupByProduct(lines, recipients).flatMap((group) => group.recipients));
  return recipients.filter((recipient) => !kept.has(recipient));
}
