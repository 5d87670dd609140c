import type { Executor } from '../../db/client';
import { startGifts } from '../gifts';
import { type IssuedVoucher, issueVouchers } from '../vouchers';
import type { SnapshotUnit } from './snapshot';

/** A voucher a paid checkout issued; for a gift, to whom, its claim token and its e-mail's day. */
export interface IssuedOrder extends IssuedVoucher {
  gift?: { name: string; email: string; message: string | null; claimToken: string; scheduledFor: string | null };
}

/**
 * Issues the vouchers of a paid session and starts its gifts, in the caller's transaction: the
 * vouchers module issues one voucher per unit (a gift's belongs to nobody yet), the gifts module
 * a transfer per gift. Units issued before (a second fulfilment) are neither issued nor answered.
 */
export async function issueUnits(
  tx: Executor,
  input: {
    checkoutSessionId: string;
    buyerId: string;
    units: readonly SnapshotUnit[];
    encryptionKey: string;
    at: Date;
  },
): Promise<IssuedOrder[]> {
  const vouchers = await issueVouchers(tx, {
    checkoutSessionId: input.checkoutSessionId,
    buyerId: input.buyerId,
    units: input.units.map(({ gift, ...unit }) => ({ ...unit, heldForGift: gift !== undefined })),
    encryptionKey: input.encryptionKey,
    at: input.at,
  });
  const recipientOf = new Map(input.units.map((unit) => [unit.unitIndex, unit.gift]));
  const started = await startGifts(tx, {
    senderId: input.buyerId,
    gifts: vouchers.flatMap((voucher) => {
      const recipient = recipientOf.get(voucher.unitIndex);
      return recipient ? [{ orderId: voucher.id, ...recipient }] : [];
    }),
    encryptionKey: input.encryptionKey,
    at: input.at,
  });
  return vouchers.map((voucher) => {
    const recipient = recipientOf.get(voucher.unitIndex);
    const gift = started.get(voucher.id);
    if (!recipient || !gift) return voucher;
    const { name, email, message } = recipient;
    return { ...voucher, gift: { name, email, message, ...gift } };
  });
}
