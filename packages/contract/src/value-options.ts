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
