import { creditCurrencyMessage, formatMoney, toMajorUnits, toMinorUnits } from '@gvm/contract';
import type { CurrencyTotal } from '@/features/cart';

/** The buyer's choice in the UGM Credit control: off, or on with the amount as typed (major units). */
export interface CreditChoice {
  use: boolean;
  amount: string;
}

export const noCredit: CreditChoice = { use: false, amount: '' };

/** What the control may offer: the most credit usable, or why none can be used. */
export type CreditOffer =
  | { kind: 'none' }
  | { kind: 'unusable'; balance: number; currency: string; reason: string }
  | { kind: 'usable'; balance: number; currency: string; total: number; limit: number };

/**
 * Credit can pay a one-currency total from the wallet in that currency, up to the smaller of its
 * balance and the total (docs/product/buying.md#paying-with-ugm-credit). A shopper holds one
 * wallet per currency (decision 044); with credit only in another currency the control says why
 * it cannot be used, and with no credit at all it offers nothing.
 */
export function creditOffer(
  wallets: readonly { balance: number; currency: string }[] | null | undefined,
  totals: readonly CurrencyTotal[],
): CreditOffer {
  const funded = (wallets ?? []).filter((wallet) => wallet.balance > 0);
  const [first] = funded;
  if (!first) return { kind: 'none' };
  const [only, ...more] = totals;
  const wallet = only && more.length === 0 ? funded.find((each) => each.currency === only.currency) : undefined;
  if (!only || !wallet) {
    const other = totals.find((total) => total.currency !== first.currency)?.currency ?? first.currency;
    return {
      kind: 'unusable',
      balance: first.balance,
      currency: first.currency,
      reason: creditCurrencyMessage(first.currency, other),
    };
  }
  const { balance, currency } = wallet;
  const limit = toMajorUnits(Math.min(toMinorUnits(balance), toMinorUnits(only.amount)));
  return { kind: 'usable', balance, currency, total: only.amount, limit };
}

/** The credit to send (major units), or an error to show; 0 when the control is off. */
export function creditToUse(choice: CreditChoice, offer: CreditOffer): { amount: number; error: string | null } {
  if (!choice.use || offer.kind !== 'usable') return { amount: 0, error: null };
  const typed = Number(choice.amount.trim());
  const minor = Number.isFinite(typed) && choice.amount.trim() !== '' ? toMinorUnits(typed) : Number.NaN;
  if (!(minor >= 1 && minor <= toMinorUnits(offer.limit)) || Math.abs(typed * 100 - minor) > 1e-6) {
    return {
      amount: 0,
      error: `Enter an amount from ${formatMoney(0.01, offer.currency)} to ${formatMoney(offer.limit, offer.currency)}.`,
    };
  }
  return { amount: toMajorUnits(minor), error: null };
}
