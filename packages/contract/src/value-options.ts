/**
 * docs/product/browsing.md#value-options: the value-per-card options of the product page. All amounts are in major
 * units, as the product arrives on the wire.
 */
const STANDARD_VALUES = [5, 10, 20, 50, 100] as const;

/**
 * The spec's rule to the letter (decision 006): 5, 10, 20, 50, 100 and the maximum, none above the
 * maximum; only 5 when both bounds are under 5; the value itself when it is fixed.
 */
export function specValueOptions(minPrice: number, maxPrice: number): number[] {
  if (minPrice === maxPrice) return [maxPrice];
  if (minPrice < 5 && maxPrice < 5) return [5];
  const options = STANDARD_VALUES.filter((value) => value <= maxPrice) as number[];
  if (!options.includes(maxPrice)) options.push(maxPrice);
  return options;
}

/**
 * The options the product page offers (decision 030): the spec's, without those under the
 * product's minimum (a £25-£500 card offers 50, 100, 500, not 5, 10, 20). The rule's own answers
 * stay: the maximum is always offered, and when both bounds are under 5 the only option is 5,
 * which is above them, so the list is never empty.
 */
export function valueOptions(minPrice: number, maxPrice: number): number[] {
  return specValueOptions(minPrice, maxPrice).filter((value) => value >= minPrice);
}

/** A fixed-value product has its only value preselected. */
export function preselectedValue(minPrice: number, maxPrice: number): number | null {
  return minPrice === maxPrice ? maxPrice : null;
}

export const QUANTITY_OPTIONS = [1, 2, 3, 4, 5] as const;

/** The pricing fields of a product on the wire (major units), enough to judge a chosen value. */
export interface ProductPricing {
  minPrice: number;
  maxPrice: number;
  denominations: readonly number[];
  /** Only the denominations can be bought (a supplier's fixed-value brand). */
  fixedValues?: boolean | undefined;
}

/**
 * The options a product's page offers: a fixed-value product's denominations, in order; any
 * other product's by the rule above (decision 068).
 */
export function productValueOptions(product: ProductPricing): number[] {
  if (product.fixedValues) return [...new Set(product.denominations)].sort((a, b) => a - b);
  return valueOptions(product.minPrice, product.maxPrice);
}

/** The value preselected on a product's page: its only value, when it has one. */
export function productPreselectedValue(product: ProductPricing): number | null {
  if (product.fixedValues) {
    const options = productValueOptions(product);
    return options.length === 1 ? (options[0] ?? null) : null;
  }
  return preselectedValue(product.minPrice, product.maxPrice);
}

/**
 * Whether a value per card (major units) is one the product can be bought at: an option of the
 * spec's rule (which includes every option the product page offers, and the ones under the
 * minimum it offered before decision 030, so carts and guest carts holding them still save and
 * check out), one of its denominations, or anything within its open range; for a fixed-value
 * product, one of its denominations and nothing else. The server checks every cart line with
 * this, so a hand-made request cannot buy an arbitrary amount.
 */
export function isAcceptedValue(product: ProductPricing, value: number): boolean {
  if (!Number.isFinite(value) || value <= 0) return false;
  if (product.fixedValues) return product.denominations.includes(value);
  if (specValueOptions(product.minPrice, product.maxPrice).includes(value)) return true;
  if (product.denominations.includes(value)) return true;
  return value >= product.minPrice && value <= product.maxPrice;
}
