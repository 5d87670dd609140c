/**
 * Money is an integer number of minor units (pence, cents) everywhere except on the wire, where
 * the client expects major units (25, 12.5). These are the only two conversions in the project.
 */
export function toMinorUnits(major: number): number {
  return Math.round(major * 100);
}

export function toMajorUnits(minor: number): number {
  return minor / 100;
}

/** docs/product/README.md#api-conventions: the symbols the product shows; an unknown code is shown as the code. */
export const currencySymbols: Readonly<Record<string, string>> = {
  GBP: '£',
  USD: '$',
  EUR: '€',
  JPY: '¥',
  AUD: 'A$',
  CAD: 'C$',
  CHF: 'Fr',
  CNY: '¥',
  INR: '₹',
  NZD: 'NZ$',
  SGD: 'S$',
  ZAR: 'R',
};

export const DEFAULT_CURRENCY = 'GBP';

export function currencySymbol(code: string | undefined | null): string {
  const normalised = (code ?? DEFAULT_CURRENCY).toUpperCase();
  return currencySymbols[normalised] ?? normalised;
}

/**
 * '1,000.00': an amount of whole minor units, given in major units, as `Intl.NumberFormat('en-GB')`
 * writes it with two decimals. Written out because the browser's first `Intl.NumberFormat` costs 30-40 ms
 * of a phone's start-up, on every page that shows a price (decision 023); money.test.ts holds it to
 * `Intl`'s output.
 */
function formatAmount(amountMajor: number): string {
  if (!Number.isFinite(amountMajor)) return String(amountMajor).replace('Infinity', '∞');
  const minor = Math.round(Math.abs(amountMajor) * 100);
  const whole = String(Math.floor(minor / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = amountMajor < 0 || Object.is(amountMajor, -0) ? '-' : '';
  return `${sign}${whole}.${String(minor % 100).padStart(2, '0')}`;
}

/** '£25.00', '£1,000.00': symbol then the amount in major units with 2 decimals (docs/product/README.md#api-conventions). */
export function formatMoney(amountMajor: number, currency: string | undefined | null): string {
  return `${currencySymbol(currency)}${formatAmount(amountMajor)}`;
}

/** A single price when min and max agree, otherwise '£5.00 - £100.00'. */
export function formatPriceRange(minMajor: number, maxMajor: number, currency: string | undefined | null): string {
  if (minMajor === maxMajor) return formatMoney(minMajor, currency);
  return `${formatMoney(minMajor, currency)} - ${formatMoney(maxMajor, currency)}`;
}
