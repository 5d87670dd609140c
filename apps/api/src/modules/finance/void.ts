import type { VoidVoucherAnswer } from '@gvm/contract';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { recordAudit } from '../operators';
import { endVouchers, lockVoucher, voucherStateOf } from '../vouchers';
import type { Acting, FinanceDeps } from './deps';
import { voucherView } from './order-view';

/**
 * 'Void voucher' (docs/product/operators.md#money): for fraud, irreversible. The code dies and the
 * voucher leaves its holder's wallet, activated or not; one already exchanged, converted,
 * refunded or voided is refused (409). Under the voucher's row lock, so it happens once.
 */

export const VOUCHER_NOT_FOUND = 'Voucher not found';
export const VOUCHER_VOIDED = 'Voucher voided: its code no longer works.';

export async function voidVoucher(
  db: Database,
  deps: FinanceDeps,
  { actor, now }: Acting,
  voucherId: string,
  reason: string,
): Promise<VoidVoucherAnswer> {
  if (!isUuid(voucherId)) throw notFound(VOUCHER_NOT_FOUND);
  return db.transaction(async (tx) => {
    const voucher = await lockVoucher(tx, voucherId.toLowerCase());
    if (!voucher) throw notFound(VOUCHER_NOT_FOUND);
    const before = voucherStateOf(voucher);
    if (before !== 'active' && before !== 'activated') {
      throw conflict(`This voucher cannot be voided: it is ${before}.`);
    }
    const [ended] = await endVouchers(tx, [voucher.id], 'void', now);
    if (!ended) throw new Error('a locked voucher changed state while being voided');
    await recordAudit(
      tx,
      actor,
      {
        action: 'voucher.void',
        targetType: 'voucher',
        targetId: voucher.id,
        reason,
        before: { state: before, ownerId: voucher.ownerId },
        after: { state: 'void' },
      },
      now,
    );
    return { voucher: voucherView(deps.config.voucherEncryptionKey, ended), message: VOUCHER_VOIDED };
  });
}
