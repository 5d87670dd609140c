import type { Product } from '@gvm/contract';

export interface ExchangeCriteria {
  amount: number;
  country: string;
  currency: string;
  /** The voucher's own product, which is no exchange. */
  productCode?: string;
}

/**
 * docs/product/vouchers-and-gifts.md#exchange: a candidate lists the country, has the same currency, and either offers the
 * amount among its denominations or takes it within its range (minPrice to maxPrice; a product of
 * fixed values has no range); never the voucher's own product. The server checks the same rules
 * again on swap.
 */
export function isExchangeCandidate(product: Product, criteria: ExchangeCriteria): boolean {
  const country = criteria.country.toUpperCase();
  const listsCountry = product.country.some((code) => code.toUpperCase() === country);
  const sameCurrency = product.currency.toUpperCase() === criteria.currency.toUpperCase();
  const withinRange =
    !product.fixedValues && product.minPrice <= criteria.amount && criteria.amount <= product.maxPrice;
  const acceptsAmount = product.denominations.includes(criteria.amount) || withinRange;
  const sameProduct = criteria.productCode !== undefined && product.productCode === criteria.productCode;
  return listsCountry && sameCurrency && acceptsAmount && !sameProduct;
}

export function exchangeCandidates(products: Product[], criteria: ExchangeCriteria): Product[] {
  return products.filter((product) => isExchangeCandidate(product, criteria));
}
