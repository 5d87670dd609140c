import { type GiftRows, newGifts } from '../gifts';
import { type IssuedVoucher, type NewVoucherRow, newVouchers } from '../vouchers';
import type { SnapshotUnit } from './snapshot';

/** A voucher a paid checkout issued; for a gift, to whom, its claim token and its e-mail's day. */
export interface IssuedOrder extends IssuedVoucher {
  gift?: { name: string; email: string; message: string | null; claimToken: string; scheduledFor: string | null };
}

/**
 * The rows that issue a paid session's vouchers and start its gifts, keyed by the session
 * (decisions 057 and 062): the vouchers module's voucher per unit (a gift's belongs to nobody
 * yet), the gifts module's transfer per gift. Answers the rows and what they issue.
 */
export function issueUnits(input: {
  checkoutSessionId: string;
  buyerId: string;
  units: readonly SnapshotUnit[];
  encryptionKey: string;
  at: Date;
}): { vouchers: NewVoucherRow[]; gifts: GiftRows; issued: IssuedOrder[] } {
  const vouchers = newVouchers({
    checkoutSessionId: input.checkoutSessionId,
    buyerId: input.buyerId,
    units: input.units.map(({ gift, ...unit }) => ({ ...unit, heldForGift: gift !== undefined })),
    at: input.at,
  });
  const recipientOf = new Map(input.units.map((unit) => [unit.unitIndex, unit.gift]));
  const { started, ...gifts } = newGifts({
    checkoutSessionId: input.checkoutSessionId,
    senderId: input.buyerId,
    gifts: vouchers.issued.flatMap((voucher) => {
      const recipient = recipientOf.get(voucher.unitIndex);
      return recipient ? [{ orderId: voucher.id, ...recipient }] : [];
    }),
    encryptionKey: input.encryptionKey,
    at: input.at,
  });
  const issued = vouchers.issued.map((voucher) => {
    const recipient = recipientOf.get(voucher.unitIndex);
    const gift = started.get(voucher.id);
    if (!recipient || !gift) return voucher;
    const { name, email, message } = recipient;
    return { ...voucher, gift: { name, email, message, ...gift } };
  });
  return { vouchers: vouchers.rows, gifts, issued };
}
