import { formatMoney, toMajorUnits } from '@gvm/contract';
import { type RenderedEmail, renderEmail } from './layout';

/** To a gift's sender once someone has claimed it (issue 9): who, what, and where to see it. */
export function giftClaimedEmail({
  senderName,
  claimerName,
  merchantName,
  value,
  currency,
  publicUrl,
}: {
  senderName: string;
  /** The claimer's account name, or the name the gift was addressed to. */
  claimerName: string;
  merchantName: string;
  /** Minor units. */
  value: number;
  currency: string;
  publicUrl: string;
}): RenderedEmail {
  const amount = formatMoney(toMajorUnits(value), currency);
  return renderEmail({
    subject: `${claimerName} claimed your gift voucher: ${merchantName} ${amount}`,
    heading: 'Your gift has been claimed',
    preview: `${claimerName} claimed your ${merchantName} ${amount} gift.`,
    blocks: [
      { kind: 'paragraph', text: `Hello ${senderName || 'there'},` },
      { kind: 'paragraph', text: `${claimerName} claimed your ${merchantName} ${amount} gift.` },
      { kind: 'fields', rows: [['Merchant', merchantName] as const, ['Value', amount] as const] },
      { kind: 'button', label: 'See your sent gifts', url: `${publicUrl}/wallet` },
      {
        kind: 'note',
        text: 'The voucher now belongs to its recipient. You can follow your gifts under Manage Vouchers.',
      },
    ],
  });
}
