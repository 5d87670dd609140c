import { describe, expect, it } from 'vitest';
import {
  isAcceptedValue,
  preselectedValue,
  productPreselectedValue,
  productValueOptions,
  specValueOptions,
  valueOptions,
} from './value-options';

describe('value options (docs/product/browsing.md#value-options)', () => {
  it('offers 5, 10, 20, 50, 100 and the maximum', () => {
    expect(valueOptions(5, 500)).toEqual([5, 10, 20, 50, 100, 500]);
  });

  it('caps the options at the maximum, which is always offered', () => {
    expect(valueOptions(5, 75)).toEqual([5, 10, 20, 50, 75]);
    expect(valueOptions(1, 20)).toEqual([5, 10, 20]);
    expect(valueOptions(5, 7)).toEqual([5, 7]);
  });

  it('offers no value under the minimum (decision 030)', () => {
    expect(valueOptions(10, 100)).toEqual([10, 20, 50, 100]);
    expect(valueOptions(25, 500)).toEqual([50, 100, 500]);
    expect(valueOptions(15, 20)).toEqual([20]);
    expect(valueOptions(6, 8)).toEqual([8]);
    expect(valueOptions(150, 500)).toEqual([500]);
    expect(valueOptions(4.5, 50)).toEqual([5, 10, 20, 50]);
  });

  it('keeps the spec rule to the letter beside it (decision 006)', () => {
    expect(specValueOptions(10, 100)).toEqual([5, 10, 20, 50, 100]);
    expect(specValueOptions(25, 500)).toEqual([5, 10, 20, 50, 100, 500]);
    expect(specValueOptions(1, 4)).toEqual([5]);
    expect(specValueOptions(25, 25)).toEqual([25]);
  });

  it('offers only 5 when both bounds are under 5', () => {
    expect(valueOptions(1, 4)).toEqual([5]);
    expect(valueOptions(4, 4.5)).toEqual([5]);
  });

  it('offers only the fixed value when min equals max, and preselects it', () => {
    expect(valueOptions(25, 25)).toEqual([25]);
    expect(preselectedValue(25, 25)).toBe(25);
    expect(preselectedValue(3, 3)).toBe(3);
    expect(preselectedValue(5, 100)).toBeNull();
  });
});

describe('accepted values of a cart line', () => {
  const ranged = { minPrice: 10, maxPrice: 75, denominations: [15, 30] };

  it('accepts every option the product page offers', () => {
    for (const [min, max] of [
      [10, 75],
      [25, 500],
      [1, 4],
      [6, 8],
      [30, 30],
    ] as const) {
      for (const value of valueOptions(min, max)) {
        expect(
          isAcceptedValue({ minPrice: min, maxPrice: max, denominations: [] }, value),
          `${min}-${max}: ${value}`,
        ).toBe(true);
      }
    }
  });

  it('still accepts the spec options under the minimum that carts may hold from before decision 030', () => {
    expect(valueOptions(10, 75)).not.toContain(5);
    expect(isAcceptedValue(ranged, 5)).toBe(true);
    expect(isAcceptedValue({ minPrice: 25, maxPrice: 500, denominations: [] }, 20)).toBe(true);
    expect(isAcceptedValue({ minPrice: 25, maxPrice: 500, denominations: [] }, 15)).toBe(false);
  });

  it('accepts any value within the range, pence included', () => {
    expect(isAcceptedValue(ranged, 10)).toBe(true);
    expect(isAcceptedValue(ranged, 37.5)).toBe(true);
    expect(isAcceptedValue(ranged, 75)).toBe(true);
  });

  it('accepts a denomination outside the range', () => {
    expect(isAcceptedValue({ minPrice: 25, maxPrice: 25, denominations: [25, 50] }, 50)).toBe(true);
  });

  it('accepts 5 for a product whose bounds are both under 5, as its page offers only 5', () => {
    expect(isAcceptedValue({ minPrice: 2, maxPrice: 4, denominations: [] }, 5)).toBe(true);
    expect(isAcceptedValue({ minPrice: 2, maxPrice: 4, denominations: [] }, 6)).toBe(false);
  });

  it('refuses values outside the range that are neither offered nor a denomination', () => {
    expect(isAcceptedValue(ranged, 9.99)).toBe(false);
    expect(isAcceptedValue(ranged, 100)).toBe(false);
    expect(isAcceptedValue(ranged, 75.01)).toBe(false);
    expect(isAcceptedValue({ minPrice: 25, maxPrice: 25, denominations: [25] }, 20)).toBe(false);
  });

  it('refuses zero, negative and non-finite values', () => {
    expect(isAcceptedValue(ranged, 0)).toBe(false);
    expect(isAcceptedValue(ranged, -10)).toBe(false);
    expect(isAcceptedValue(ranged, Number.NaN)).toBe(false);
    expect(isAcceptedValue({ minPrice: 1, maxPrice: 1000, denominations: [] }, Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe('a fixed-value product (a supplier sells only its denominations)', () => {
  const fixed = { minPrice: 25, maxPrice: 50, denominations: [50, 25], fixedValues: true };

  it('offers its denominations, in order, and takes nothing else', () => {
    expect(productValueOptions(fixed)).toEqual([25, 50]);
    expect(productPreselectedValue(fixed)).toBeNull();
    expect(productPreselectedValue({ ...fixed, denominations: [25] })).toBe(25);
    expect([25, 30, 40, 50].filter((value) => isAcceptedValue(fixed, value))).toEqual([25, 50]);
  });

  it('leaves every other product to the open-range rule', () => {
    const open = { minPrice: 25, maxPrice: 50, denominations: [25, 50] };
    expect(productValueOptions(open)).toEqual(valueOptions(25, 50));
    expect(isAcceptedValue(open, 30)).toBe(true);
  });
});
