import { formatDeliveryDay, formatMoney, toMajorUnits } from '@gvm/contract';
import { cardArtBlock, productName, type RenderedEmail, renderEmail } from './layout';

export interface ReceiptLine {
  merchantName: string;
  /** Minor units (pence). */
  value: number;
  currency: string;
  /** Set for a gift: who receives this voucher, and the UK day its e-mail goes when not now (decision 025). */
  recipient?: { name: string; email: string; sendOn?: string | null };
}

export const money = (minor: number, currency: string) => formatMoney(toMajorUnits(minor), currency);

/**
 * The buyer's receipt once a payment is confirmed: the payment's order reference (its one
 * identifier, which the console's search finds), every voucher, and the total.
 */
export function purchaseReceiptEmail({
  buyerName,
  orderReference,
  lines,
  total,
  currency,
  publicUrl,
}: {
  buyerName: string;
  orderReference: string;
  lines: readonly ReceiptLine[];
  /** Minor units: what the card was charged. */
  total: number;
  currency: string;
  publicUrl: string;
}): RenderedEmail {
  const gifts = lines.filter((line) => line.recipient).length;
  const scheduled = lines.filter((line) => line.recipient?.sendOn).length;
  let giftNote = 'we have e-mailed each gift to its recipient.';
  if (scheduled === gifts) giftNote = 'we will e-mail each gift to its recipient at 9am UK time on the day you chose.';
  else if (scheduled > 0)
    giftNote = 'we have e-mailed each gift due today and will e-mail the others at 9am UK time on the day you chose.';
  return renderEmail({
    subject: `Your ${productName} receipt: ${money(total, currency)}`,
    heading: 'Thank you for your purchase',
    preview: `${lines.length} gift voucher${lines.length === 1 ? '' : 's'}, ${money(total, currency)} paid by card.`,
    blocks: [
      { kind: 'paragraph', text: `Hello ${buyerName},` },
      {
        kind: 'paragraph',
        text:
          gifts > 0
            ? `Your payment was received. Your own vouchers are in your account, and ${giftNote}`
            : 'Your payment was received and your vouchers are in your account.',
      },
      {
        kind: 'fields',
        rows: [
          ['Order reference', orderReference] as const,
          ...lines.map(
            (line) =>
              [
                `${line.merchantName} ${money(line.value, line.currency)}`,
                line.recipient
                  ? `Gift for ${line.recipient.name} <${line.recipient.email}>${line.recipient.sendOn ? `, e-mailed on ${formatDeliveryDay(line.recipient.sendOn)}` : ''}`
                  : 'For you',
              ] as const,
          ),
          ['Total paid', money(total, currency)] as const,
        ],
      },
      { kind: 'button', label: 'Go to my account', url: `${publicUrl}/wallet` },
      { kind: 'note', text: 'Keep this e-mail as your receipt. Voucher codes are shown only in your account.' },
    ],
  });
}

/** To a gift's recipient: who sent it, their message, what it is, and the personal claim link. */
/** What a gift e-mail to its recipient says: who sent what, and the personal claim link. */
export interface GiftEmailFields {
  senderName: string;
  recipientName: string;
  merchantName: string;
  /** Minor units. */
  value: number;
  currency: string;
  claimUrl: string;
  /** The gift card's art as an absolute PNG address (decision 028). */
  artUrl: string;
}

export function giftReceivedEmail({
  senderName,
  recipientName,
  message,
  merchantName,
  value,
  currency,
  claimUrl,
  artUrl,
}: GiftEmailFields & { message: string | null }): RenderedEmail {
  const amount = money(value, currency);
  return renderEmail({
    subject: `${senderName} sent you a gift voucher: ${merchantName} ${amount}`,
    heading: `${senderName} sent you a gift`,
    preview: `A ${amount} ${merchantName} gift voucher is waiting for you.`,
    blocks: [
      { kind: 'paragraph', text: `Hello ${recipientName},` },
      { kind: 'paragraph', text: `${senderName} sent you a ${amount} ${merchantName} gift voucher.` },
      cardArtBlock(artUrl, merchantName, amount),
      ...(message ? [{ kind: 'quote', text: message } as const] : []),
      { kind: 'fields', rows: [['Merchant', merchantName] as const, ['Value', amount] as const] },
      { kind: 'button', label: 'Claim your gift', url: claimUrl },
      {
        kind: 'note',
        text: 'This link is personal and works once: do not forward this e-mail. If you were not expecting a gift, you can ignore it.',
      },
    ],
  });
}
