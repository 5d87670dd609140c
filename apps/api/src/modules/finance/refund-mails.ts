import { enqueueMail } from '../../adapters/mail/outbox';
import { refundIssuedEmail, voucherCancelledEmail } from '../../adapters/mail/templates';
import type { Executor } from '../../db/client';
import type { PaidCheckout } from '../checkout';
import { findUserContacts } from '../users';
import type { VoucherRow } from '../vouchers';
import type { FinanceDeps } from './deps';

/** The buyer's receipt of the refund, and a note to each other holder that their voucher ended. */
export async function queueRefundMails(
  tx: Executor,
  deps: Pick<FinanceDeps, 'config'>,
  checkout: PaidCheckout,
  refund: { amount: number; refundTo: 'card' | 'credit' },
  chosen: readonly VoucherRow[],
): Promise<void> {
  const holders = chosen.map((voucher) => voucher.ownerId).filter((id): id is string => id !== null);
  const contacts = await findUserContacts(tx, [checkout.userId, ...holders]);
  const buyer = contacts.get(checkout.userId);
  const publicUrl = deps.config.publicUrl;
  if (buyer) {
    await enqueueMail(tx, {
      to: buyer.email,
      ...refundIssuedEmail({
        buyerName: buyer.name,
        orderId: checkout.id,
        amount: refund.amount,
        currency: checkout.currency,
        refundTo: refund.refundTo,
        vouchers: chosen,
        publicUrl,
      }),
    });
  }
  for (const voucher of chosen) {
    const holder = voucher.ownerId ? contacts.get(voucher.ownerId) : undefined;
    if (!holder || holder.id === checkout.userId) continue;
    await enqueueMail(tx, {
      to: holder.email,
      ...voucherCancelledEmail({ holderName: holder.name, voucher, publicUrl }),
    });
  }
}
