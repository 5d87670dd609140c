import { formatMoney, toMajorUnits } from '@gvm/contract';
import { escapeHtml } from '../../mail/templates';
import type { ProviderSessionState } from '../provider';
import { CARD_MESSAGES, type CardField, type CardForm } from './cards';
import type { SimulatedSession } from './simulator';

/**
 * The simulator's hosted card page: plain server-rendered HTML with a form that posts back to
 * itself, so it works without any script (the page stands for a third party, not the SPA).
 */
export interface PayPageState {
  values?: Partial<CardForm>;
  errors?: Partial<Record<CardField, string>>;
  declined?: boolean;
}

const styles = `
  body { margin: 0; font-family: system-ui, sans-serif; color: #18181b; background: #f4f4f5; }
  main { max-width: 440px; margin: 40px auto; padding: 24px; background: #fff; border: 1px solid #e4e4e7; border-radius: 12px; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  .note { margin: 0 0 16px; color: #52525b; font-size: 14px; }
  table { width: 100%; border-collapse: collapse; margin: 0 0 20px; font-size: 15px; }
  td { padding: 6px 0; border-bottom: 1px solid #f4f4f5; }
  td.amount { text-align: right; white-space: nowrap; }
  tr.total td { font-weight: 700; border-bottom: 0; }
  .alert { margin: 0 0 16px; padding: 10px 12px; border-radius: 6px; background: #fef2f2; color: #b91c1c; border: 1px solid #fecaca; }
  .field { margin: 0 0 14px; }
  label { display: block; font-weight: 600; margin: 0 0 4px; }
  input { box-sizing: border-box; width: 100%; padding: 9px 10px; font: inherit; border: 1px solid #a1a1aa; border-radius: 6px; }
  input[aria-invalid="true"] { border-color: #dc2626; }
  .error { margin: 4px 0 0; color: #b91c1c; font-size: 14px; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  button { width: 100%; padding: 11px; font: inherit; font-weight: 600; color: #fff; background: #15803d; border: 0; border-radius: 6px; cursor: pointer; }
  .cancel { display: block; text-align: center; margin: 14px 0 0; color: #52525b; }
  .cards { margin: 20px 0 0; font-size: 13px; color: #71717a; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function money(pence: number, currency: string): string {
  return formatMoney(toMajorUnits(pence), currency);
}

function field(name: CardField, label: string, state: PayPageState, attributes: string, keepValue = true): string {
  const error = state.errors?.[name];
  const value = keepValue ? (state.values?.[name] ?? '') : '';
  const described = error ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
  return `<div class="field">
<label for="${name}">${label}</label>
<input id="${name}" name="${name}" value="${escapeHtml(value)}" ${attributes}${described}>
${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ''}
</div>`;
}

export function renderPayPage(session: SimulatedSession, state: PayPageState = {}): string {
  const lines = session.lines
    .map(
      (line) => `<tr><td>${escapeHtml(line.name)}${line.quantity > 1 ? ` × ${line.quantity}` : ''}</td>
<td class="amount">${money(line.unitAmount * line.quantity, session.currency)}</td></tr>`,
    )
    .join('\n');
  const total = money(session.amount, session.currency);
  const alert = state.declined ? `<p class="alert" role="alert">${CARD_MESSAGES.declined}</p>` : '';
  const body = `<h1>Gift Marketplace</h1>
<p class="note">Payment simulator: no real card is charged.</p>
<table aria-label="Order summary">
<tbody>
${lines}
<tr class="total"><td>Total</td><td class="amount">${total}</td></tr>
</tbody>
</table>
${alert}
<form method="post" action="/pay/${escapeHtml(session.id)}" novalidate>
${field('cardNumber', 'Card number', state, 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="30"')}
<div class="row">
${field('expiry', 'Expiry', state, 'autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"')}
${field('cvc', 'CVC', state, 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"', false)}
</div>
${field('name', 'Name on card', state, 'autocomplete="cc-name" maxlength="100"')}
<button type="submit">Pay ${total}</button>
</form>
<a class="cancel" href="${escapeHtml(session.cancelUrl)}">Cancel</a>
<p class="cards">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined;
4000 0000 0000 3220 pays after a few seconds; 4000 0000 0000 0341 fails after a few seconds.</p>`;
  return layout(`Pay ${total}`, body);
}

const closedMessages: Record<ProviderSessionState, string> = {
  open: 'This payment page is open.',
  processing: 'This payment is being processed. You can close this page.',
  paid: 'This payment is complete. You can close this page.',
  failed: 'This payment failed. Please start checkout again.',
  expired: 'This payment page has expired.',
};

/** A session that no longer takes a card (already paid, processing or failed). */
export function renderClosedPage(session: SimulatedSession): string {
  return layout(
    'Payment',
    `<h1>Gift Marketplace</h1>
<p>${closedMessages[session.state]}</p>
<a class="cancel" href="${escapeHtml(session.cancelUrl)}">Back to checkout</a>`,
  );
}

export function renderNotFoundPage(): string {
  return layout(
    'Payment page not found',
    `<h1>Payment page not found</h1>
<p>This payment page does not exist or has expired. Please start checkout again.</p>`,
  );
}
