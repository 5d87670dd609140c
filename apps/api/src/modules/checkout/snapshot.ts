import { type OrderItem, toMajorUnits } from '@gvm/contract';
import type { VoucherUnit } from '../vouchers';

export interface SnapshotRecipient {
  name: string;
  email: string;
  message: string | null;
  /** The UK day (YYYY-MM-DD) the gift e-mail goes out; null: with the payment (decision 025). */
  sendOn: string | null;
}

/** One priced line of a checkout session, frozen at creation from the catalogue. */
export interface SnapshotLine {
  productId: string;
  productCode: string;
  merchantName: string;
  imageUrl: string;
  currency: string;
  /** Minor units per voucher, from the catalogue's rules (never the client's total). */
  unitAmount: number;
  quantity: number;
  /** Whether the merchant's cards carry a PIN; kept in older snapshots, unused since codes come from the supplier (decision 068). */
  usesPin: boolean;
  /** One voucher each; the line's other units are the buyer's own. */
  recipients: SnapshotRecipient[];
}

/** What `checkout_sessions.items` holds. */
export interface CheckoutSnapshot {
  buyer: { name: string; email: string };
  lines: SnapshotLine[];
}

/** One voucher of a snapshot, with its recipient when it is a gift. */
export interface SnapshotUnit extends Omit<VoucherUnit, 'heldForGift'> {
  gift?: SnapshotRecipient;
}

/** Every voucher of the snapshot, numbered across lines: gifts first within a line, then own units. */
export function unitsOf(snapshot: CheckoutSnapshot): SnapshotUnit[] {
  const units: SnapshotUnit[] = [];
  for (const line of snapshot.lines) {
    for (let unit = 0; unit < line.quantity; unit += 1) {
      const recipient = line.recipients[unit];
      units.push({
        unitIndex: units.length,
        productId: line.productId,
        productCode: line.productCode,
        merchantName: line.merchantName,
        value: line.unitAmount,
        currency: line.currency,
        ...(recipient ? { gift: recipient } : {}),
      });
    }
  }
  return units;
}

/** The units of an unpaid session as order items (the failure screen's cards); `_id` is the unit index. */
export function snapshotOrderItems(snapshot: CheckoutSnapshot): OrderItem[] {
  const imageOf = new Map(snapshot.lines.map((line) => [line.productId, line.imageUrl]));
  return unitsOf(snapshot).map((unit) => ({
    _id: String(unit.unitIndex),
    productCode: unit.productCode,
    merchant: { name: unit.merchantName },
    imageUrl: imageOf.get(unit.productId ?? '') ?? '',
    valuePurchased: toMajorUnits(unit.value),
    currency: unit.currency,
    ...(unit.gift
      ? { giftOrder: { recipientName: unit.gift.name, recipientEmail: unit.gift.email, status: 'pending' } }
      : {}),
  }));
}
