import { type RenderedEmail, renderEmail } from './layout';
import { money } from './purchase';

/**
 * To a voucher's holder when an operator reissued its code (docs/product/operators.md#customers):
 * the old code no longer works. The new code itself is not in the e-mail: like every code it is
 * kept sealed and shown in the wallet, to its holder, once the voucher is activated (decision 048);
 * the e-mail names its last four characters so the holder recognises it.
 */
export function voucherCodeReissuedEmail({
  merchantName,
  value,
  currency,
  newCodeLast4,
  voucherUrl,
}: {
  merchantName: string;
  /** Minor units. */
  value: number;
  currency: string;
  newCodeLast4: string;
  voucherUrl: string;
}): RenderedEmail {
  const amount = money(value, currency);
  return renderEmail({
    subject: `Your ${merchantName} voucher has a new code`,
    heading: 'Your voucher has a new code',
    preview: `The old code of your ${merchantName} ${amount} voucher no longer works.`,
    blocks: [
      { kind: 'paragraph', text: 'Hello,' },
      {
        kind: 'paragraph',
        text: `As asked, we replaced the code of your ${merchantName} ${amount} voucher. The old code no longer works; the new one ends in ${newCodeLast4}. See it in your wallet: ${voucherUrl}`,
      },
      { kind: 'button', label: 'See your voucher', url: voucherUrl },
      { kind: 'note', text: 'If you did not ask for this, please contact us through the Contact page.' },
    ],
  });
}
