/**
 * Spec 000 section 5: the value-per-card options of the product page. All amounts are in major
 * units, as the product arrives on the wire.
 */
const STANDARD_VALUES = [5, 10, 20, 50, 100] as const;

export function valueOptions(minPrice: number, maxPrice: number): number[] {
  if (minPrice === maxPrice) return [maxPrice];
  if (minPrice < 5 && maxPrice < 5) return [5];
  const options = STANDARD_VALUES.filter((value) => value <= maxPrice) as number[];
  if (!options.includes(maxPrice)) options.push(maxPrice);
  return options;
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
}

/**
 * Whether a value per card (major units) is one the product can be bought at: an option the
 * product page offers, one of its denominations, or anything within its open range. The server
 * checks every cart line with this, so a hand-made request cannot buy an arbitrary amount.
 */
export function isAcceptedValue(product: ProductPricing, value: number): boolean {
  if (!Number.isFinite(value) || value <= 0) return false;
  if (valueOptions(product.minPrice, product.maxPrice).includes(value)) return true;
  if (product.denominations.includes(value)) return true;
  return value >= product.minPrice && value <= product.maxPrice;
}
