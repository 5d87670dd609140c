import type { Gate, StatementPart } from '../../db/statement-parts';
import { startGiftsParts } from '../gifts';
import { type IssuedVoucher, issueVouchersPart } from '../vouchers';
import type { SnapshotUnit } from './snapshot';

/** A voucher a paid checkout issued; for a gift, to whom, its claim token and its e-mail's day. */
export interface IssuedOrder extends IssuedVoucher {
  gift?: { name: string; email: string; message: string | null; claimToken: string; scheduledFor: string | null };
}

/**
 * The parts of a paid session's statement that issue its vouchers and start its gifts, written
 * when the gate has a row (decision 057): the vouchers module's voucher per unit (a gift's belongs
 * to nobody yet), the gifts module's transfer per gift. Answers the parts and what they issue.
 */
export function issueUnitsParts(
  gate: Gate,
  input: {
    checkoutSessionId: string;
    buyerId: string;
    units: readonly SnapshotUnit[];
    encryptionKey: string;
    at: Date;
  },
): { parts: StatementPart[]; issued: IssuedOrder[] } {
  const vouchers = issueVouchersPart(gate, {
    checkoutSessionId: input.checkoutSessionId,
    buyerId: input.buyerId,
    units: input.units.map(({ gift, ...unit }) => ({ ...unit, heldForGift: gift !== undefined })),
    encryptionKey: input.encryptionKey,
    at: input.at,
  });
  const recipientOf = new Map(input.units.map((unit) => [unit.unitIndex, unit.gift]));
  const gifts = startGiftsParts(gate, {
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
    const gift = gifts.started.get(voucher.id);
    if (!recipient || !gift) return voucher;
    const { name, email, message } = recipient;
    return { ...voucher, gift: { name, email, message, ...gift } };
  });
  return { parts: [vouchers.part, ...gifts.parts], issued };
}
