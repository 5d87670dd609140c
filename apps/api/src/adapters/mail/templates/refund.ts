import { productName, type RenderedEmail, renderEmail } from './layout';
import { money } from './purchase';

/** A voucher a refund cancelled, as its e-mails name it (never its code). */
export interface RefundedVoucherLine {
  merchantName: string;
  /** Minor units. */
  value: number;
  currency: string;
}

const lineOf = (line: RefundedVoucherLine) => `${line.merchantName} ${money(line.value, line.currency)}`;

/** To the buyer: what was refunded, where the money goes, and which vouchers no longer work. */
export function refundIssuedEmail({
  buyerName,
  orderId,
  amount,
  currency,
  refundTo,
  vouchers,
  publicUrl,
}: {
  buyerName: string;
  orderId: string;
  /** Minor units. */
  amount: number;
  currency: string;
  refundTo: 'card' | 'credit';
  vouchers: readonly RefundedVoucherLine[];
  publicUrl: string;
}): RenderedEmail {
  const where =
    refundTo === 'card'
      ? 'It goes back to the card you paid with; your bank may take 5 to 10 working days to show it.'
      : 'It has been added to your UGM Credit and you can spend it now.';
  return renderEmail({
    subject: `Your ${productName} refund: ${money(amount, currency)}`,
    heading: 'Your refund',
    preview: `${money(amount, currency)} refunded to your ${refundTo === 'card' ? 'card' : 'UGM Credit'}.`,
    blocks: [
      { kind: 'paragraph', text: `Hello ${buyerName},` },
      { kind: 'paragraph', text: `We have refunded ${money(amount, currency)} of your order ${orderId}. ${where}` },
      {
        kind: 'fields',
        rows: [...vouchers.map((line) => ['Cancelled voucher', lineOf(line)] as const)],
      },
      { kind: 'paragraph', text: 'The cancelled vouchers no longer work and have left your account.' },
      { kind: 'button', label: 'Go to my account', url: `${publicUrl}/wallet` },
    ],
  });
}

/** To a voucher's holder who is not the buyer: the voucher was cancelled by a refund. */
export function voucherCancelledEmail({
  holderName,
  voucher,
  publicUrl,
}: {
  holderName: string;
  voucher: RefundedVoucherLine;
  publicUrl: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Your ${voucher.merchantName} voucher has been cancelled`,
    heading: 'A voucher was cancelled',
    preview: `Your ${lineOf(voucher)} voucher was refunded to the person who bought it.`,
    blocks: [
      { kind: 'paragraph', text: `Hello ${holderName},` },
      {
        kind: 'paragraph',
        text: `Your ${lineOf(voucher)} voucher was refunded to the person who bought it, so it no longer works and has left your account.`,
      },
      { kind: 'button', label: 'Go to my account', url: `${publicUrl}/wallet` },
    ],
  });
}
