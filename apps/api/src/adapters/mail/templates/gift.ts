import { cardArtBlock, type RenderedEmail, renderEmail } from './layout';
import { type GiftEmailFields, money } from './purchase';

/** To a gift's sender once someone has claimed it (decision 019): who, what, and where to see it. */
export function giftClaimedEmail({
  senderName,
  claimerName,
  merchantName,
  value,
  currency,
  publicUrl,
  artUrl,
}: {
  senderName: string;
  /** The claimer's account name, or the name the gift was addressed to. */
  claimerName: string;
  merchantName: string;
  /** Minor units. */
  value: number;
  currency: string;
  publicUrl: string;
  /** The gift card's art as an absolute PNG address (decision 028). */
  artUrl: string;
}): RenderedEmail {
  const amount = money(value, currency);
  return renderEmail({
    subject: `${claimerName} claimed your gift voucher: ${merchantName} ${amount}`,
    heading: 'Your gift has been claimed',
    preview: `${claimerName} claimed your ${merchantName} ${amount} gift.`,
    blocks: [
      { kind: 'paragraph', text: `Hello ${senderName || 'there'},` },
      { kind: 'paragraph', text: `${claimerName} claimed your ${merchantName} ${amount} gift.` },
      cardArtBlock(artUrl, merchantName, amount),
      { kind: 'fields', rows: [['Merchant', merchantName] as const, ['Value', amount] as const] },
      { kind: 'button', label: 'See your sent gifts', url: `${publicUrl}/wallet` },
      {
        kind: 'note',
        text: 'The voucher now belongs to its recipient. You can follow your gifts under Manage Vouchers.',
      },
    ],
  });
}

/** To the recipient of a gift still unclaimed 30 days after its e-mail (decision 025): once, with the same link. */
export function giftReminderEmail({
  senderName,
  recipientName,
  merchantName,
  value,
  currency,
  claimUrl,
  artUrl,
}: GiftEmailFields): RenderedEmail {
  const amount = money(value, currency);
  return renderEmail({
    subject: `Reminder: ${senderName} sent you a gift voucher: ${merchantName} ${amount}`,
    heading: 'Your gift is still waiting',
    preview: `The ${amount} ${merchantName} gift voucher from ${senderName} has not been claimed yet.`,
    blocks: [
      { kind: 'paragraph', text: `Hello ${recipientName},` },
      {
        kind: 'paragraph',
        text: `${senderName} sent you a ${amount} ${merchantName} gift voucher a while ago, and it has not been claimed yet.`,
      },
      cardArtBlock(artUrl, merchantName, amount),
      { kind: 'fields', rows: [['Merchant', merchantName] as const, ['Value', amount] as const] },
      { kind: 'button', label: 'Claim your gift', url: claimUrl },
      {
        kind: 'note',
        text: 'This link is personal and works once: do not forward this e-mail. If you were not expecting a gift, you can ignore it.',
      },
    ],
  });
}
