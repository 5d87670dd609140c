import { describe, expect, it } from 'vitest';
import { currencySymbol, formatMoney, formatPriceRange, toMajorUnits, toMinorUnits } from './money';

describe('currency symbols', () => {
  it.each([
    ['GBP', '£'],
    ['USD', '$'],
    ['EUR', '€'],
    ['JPY', '¥'],
    ['AUD', 'A$'],
    ['CAD', 'C$'],
    ['CHF', 'Fr'],
    ['CNY', '¥'],
    ['INR', '₹'],
    ['NZD', 'NZ$'],
    ['SGD', 'S$'],
    ['ZAR', 'R'],
  ])('shows %s as %s', (code, symbol) => {
    expect(currencySymbol(code)).toBe(symbol);
  });

  it('shows an unknown code as the code itself', () => {
    expect(currencySymbol('SEK')).toBe('SEK');
    expect(formatMoney(10, 'SEK')).toBe('SEK10.00');
  });

  it('defaults to pounds when no currency is given', () => {
    expect(currencySymbol(undefined)).toBe('£');
  });
});

describe('price formatting', () => {
  it('shows two decimals', () => {
    expect(formatMoney(25, 'GBP')).toBe('£25.00');
    expect(formatMoney(12.5, 'EUR')).toBe('€12.50');
  });

  it('groups thousands as a UK shopper reads them', () => {
    expect(formatMoney(1000, 'GBP')).toBe('£1,000.00');
    expect(formatMoney(2500.5, 'USD')).toBe('$2,500.50');
  });

  it('writes every amount of whole pence as Intl.NumberFormat does, without constructing one', () => {
    const intl = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const minors = [0, 1, 5, 9, 10, 99, 100, 101, 999, 1000, 1999, 99_999, 100_000, 123_456_789, 999_999_999_99];
    for (let i = 0; i < 2000; i += 1) minors.push(Math.floor(Math.random() * 10 ** (1 + (i % 12))));
    for (const minor of minors) {
      for (const amount of [toMajorUnits(minor), -toMajorUnits(minor)]) {
        expect(formatMoney(amount, 'GBP'), String(amount)).toBe(`£${intl.format(amount)}`);
      }
    }
    for (const odd of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0.001]) {
      expect(formatMoney(odd, 'GBP')).toBe(`£${intl.format(odd)}`);
    }
  });

  it('shows a range when min and max differ, one price when they agree', () => {
    expect(formatPriceRange(5, 100, 'GBP')).toBe('£5.00 - £100.00');
    expect(formatPriceRange(25, 25, 'USD')).toBe('$25.00');
  });
});

describe('minor units', () => {
  it('converts without floating-point drift', () => {
    expect(toMinorUnits(19.99)).toBe(1999);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(toMajorUnits(1999)).toBe(19.99);
  });
});
