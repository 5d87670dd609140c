import { APPLE_WALLET_LABEL, GOOGLE_WALLET_LABEL } from '@gvm/contract';
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

/**
 * To a voucher's holder when its code, bought from the supplier, arrived after the activation had
 * already answered that it was on its way (decision 068): the holder may have left the till page.
 * Like every code it stays sealed and is shown in the wallet, never in an e-mail. The phone's
 * wallets are offered as the till page offers them (decision 071): a pass is the code, so each
 * button leads to the till page, where the signed-in holder adds it.
 */
export function voucherCodeReadyEmail({
  merchantName,
  value,
  currency,
  voucherUrl,
  wallets = { apple: false, google: false },
}: {
  merchantName: string;
  /** Minor units. */
  value: number;
  currency: string;
  voucherUrl: string;
  wallets?: { apple: boolean; google: boolean };
}): RenderedEmail {
  const amount = money(value, currency);
  return renderEmail({
    subject: `Your ${merchantName} code is ready`,
    heading: 'Your code is ready',
    preview: `The code of your ${merchantName} ${amount} voucher has arrived.`,
    blocks: [
      { kind: 'paragraph', text: 'Hello,' },
      {
        kind: 'paragraph',
        text: `${merchantName} has sent the code of your ${amount} voucher. See it in your wallet, ready to use at the checkout or the till: ${voucherUrl}`,
      },
      { kind: 'button', label: 'See your code', url: voucherUrl },
      ...(wallets.apple ? [{ kind: 'button' as const, label: APPLE_WALLET_LABEL, url: voucherUrl }] : []),
      ...(wallets.google ? [{ kind: 'button' as const, label: GOOGLE_WALLET_LABEL, url: voucherUrl }] : []),
      ...(wallets.apple || wallets.google
        ? [
            {
              kind: 'note' as const,
              text: 'On your phone, add the voucher to its wallet from that page and show it at the till.',
            },
          ]
        : []),
    ],
  });
}

/**
 * To operations (OPS_EMAIL) when the supplier refused a card for want of float (decision 068): at
 * most one an hour. Holders keep their vouchers' value meanwhile and can activate again once the
 * float is topped up.
 */
export function supplierFloatAlertEmail({
  supplier,
  merchantName,
  errorCode,
  message,
}: {
  /** The supplier as people know it ('Tillo'). */
  supplier: string;
  merchantName: string;
  errorCode: string;
  message: string;
}): RenderedEmail {
  return renderEmail({
    subject: `${supplier} float too low: gift card codes are not being issued`,
    heading: `The ${supplier} float needs topping up`,
    preview: `${supplier} refused a ${merchantName} card for want of float.`,
    blocks: [
      {
        kind: 'paragraph',
        text: `${supplier} refused to issue a ${merchantName} card: our float there cannot pay for it (error ${errorCode}: ${message}).`,
      },
      {
        kind: 'paragraph',
        text: 'Until the float is topped up, shoppers who activate a voucher are told the codes are unavailable and keep their voucher’s value; activating again once it is topped up issues the card. The float is on the console’s Reports page.',
      },
      { kind: 'note', text: 'This alert is sent at most once an hour.' },
    ],
  });
}
