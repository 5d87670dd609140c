/**
 * The simulator's test cards, after the documented test cards of real providers (decision 016). Any
 * other number is refused as a provider would refuse it: the simulator never takes a real card.
 */
export type CardBehaviour = 'paid' | 'declined' | 'async-paid' | 'async-failed';

export const testCards: Readonly<Record<string, CardBehaviour>> = {
  '4242424242424242': 'paid',
  '4000000000000002': 'declined',
  '4000000000003220': 'async-paid',
  '4000000000000341': 'async-failed',
};

export const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  invalidNumber: 'Your card number is invalid.',
  missingNumber: 'Enter your card number.',
  expiryFormat: 'Enter the expiry date as MM/YY.',
  expiryPast: "Your card's expiration date is in the past.",
  cvc: "Your card's security code (CVC) must be 3 or 4 digits.",
  name: 'Enter the name on your card.',
} as const;

export interface CardForm {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardField = keyof CardForm;

export type CardCheck =
  | { ok: true; behaviour: CardBehaviour }
  | { ok: false; errors: Partial<Record<CardField, string>> };

/** Reads the form as a provider's card element would: every field is checked, each with its own message. */
export function checkCard(form: CardForm, now: Date): CardCheck {
  const errors: Partial<Record<CardField, string>> = {};
  const number = form.cardNumber.replace(/[\s-]/g, '');
  const behaviour = testCards[number];
  if (number === '') errors.cardNumber = CARD_MESSAGES.missingNumber;
  else if (!behaviour) errors.cardNumber = CARD_MESSAGES.invalidNumber;

  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(form.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) errors.expiry = CARD_MESSAGES.expiryFormat;
  else if (isPast(2000 + Number(expiry[2]), month, now)) errors.expiry = CARD_MESSAGES.expiryPast;

  if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = CARD_MESSAGES.cvc;
  if (form.name.trim() === '') errors.name = CARD_MESSAGES.name;

  if (!behaviour || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, behaviour };
}

/** A card is valid to the end of its expiry month (UTC, as the simulator has no cardholder zone). */
function isPast(year: number, month: number, now: Date): boolean {
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  return year < thisYear || (year === thisYear && month < thisMonth);
}
