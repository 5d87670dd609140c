import { sql } from 'drizzle-orm';
import { type ProductRow, products } from '../../db/schema/catalog';

/**
 * The columns a product's answer is made of (`toProduct`). The arrays come as JSON, which both
 * drivers parse natively: node-postgres's parser of array literals took a tenth of a miss.
 */
export const productColumns = {
  id: products.id,
  code: products.code,
  merchantName: products.merchantName,
  redemptionUrl: products.redemptionUrl,
  description: products.description,
  termsAndConditions: products.termsAndConditions,
  countries: sql<string[]>`array_to_json(${products.countries})`,
  currency: products.currency,
  minPrice: products.minPrice,
  maxPrice: products.maxPrice,
  denominations: sql<number[]>`array_to_json(${products.denominations})`,
  fixedValues: products.fixedValues,
  category: products.category,
};
export type ProductFacts = Pick<ProductRow, keyof typeof productColumns>;
