import type { Executor } from '../../db/client';
import type { GiftTransferRow } from '../../db/schema/gifts';
import { findVouchersByIds, type VoucherRow } from '../vouchers';

export type TransferWithVoucher = { transfer: GiftTransferRow; order: VoucherRow };

/** Each transfer with its voucher, in the transfers' order (the vouchers module owns their rows). */
export async function withVouchers(
  db: Executor,
  transfers: readonly GiftTransferRow[],
): Promise<TransferWithVoucher[]> {
  const vouchers = await findVouchersByIds(
    db,
    transfers.map((transfer) => transfer.orderId),
  );
  return transfers.map((transfer) => {
    const order = vouchers.get(transfer.orderId);
    if (!order) throw new Error(`gift transfer ${transfer.id} without its voucher ${transfer.orderId}`);
    return { transfer, order };
  });
}

/** One transfer with its voucher. */
export async function withVoucher(db: Executor, transfer: GiftTransferRow): Promise<TransferWithVoucher> {
  const [row] = await withVouchers(db, [transfer]);
  if (!row) throw new Error(`gift transfer ${transfer.id} without its voucher`);
  return row;
}
