import { describe, expect, it } from 'vitest';
import { testProduct } from '@/test/products';
import { isExchangeCandidate } from './exchange-candidates';
import { exchangeVoucherPath } from './exchange-path';

const criteria = { amount: 25, country: 'GB', currency: 'GBP', productCode: 'ARGOS-GB' };

describe('exchange candidates (docs/product/vouchers-and-gifts.md#exchange)', () => {
  it('lists the country, matches the currency, and offers the amount or takes it within its range', () => {
    const boots = testProduct({ productCode: 'BOOTS-GB', maxPrice: 20, denominations: [25] });
    expect(isExchangeCandidate(boots, criteria)).toBe(true);
    expect(isExchangeCandidate({ ...boots, denominations: [], maxPrice: 25 }, criteria)).toBe(true);
    expect(isExchangeCandidate({ ...boots, denominations: [10, 20], maxPrice: 20 }, criteria)).toBe(false);
    // Under the product's minimum: the server would refuse the swap, so it is not offered.
    expect(isExchangeCandidate({ ...boots, denominations: [], minPrice: 30, maxPrice: 500 }, criteria)).toBe(false);
    expect(isExchangeCandidate({ ...boots, denominations: [25], minPrice: 30, maxPrice: 500 }, criteria)).toBe(true);
    expect(isExchangeCandidate({ ...boots, country: ['US'] }, criteria)).toBe(false);
    expect(isExchangeCandidate({ ...boots, currency: 'EUR' }, criteria)).toBe(false);
    expect(isExchangeCandidate({ ...boots, productCode: 'ARGOS-GB' }, criteria)).toBe(false);
    expect(isExchangeCandidate(boots, { ...criteria, country: 'gb', currency: 'gbp' })).toBe(true);
  });

  it('builds the exchange link with the amount stripped of non-numeric characters', () => {
    expect(exchangeVoucherPath({ id: 'order-1', amount: '£25.00', country: 'GB', currency: 'GBP' })).toBe(
      '/exchange-voucher?id=order-1&amount=25.00&country=GB&currency=GBP',
    );
  });
});
