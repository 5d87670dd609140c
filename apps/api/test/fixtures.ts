import type { Executor } from '../src/db/client';
import { type NewProductRow, products } from '../src/db/schema';

/** A small catalogue whose order under each sort is known, for search and filter tests. */
export function fixtureProduct(
  overrides: Partial<NewProductRow> & Pick<NewProductRow, 'code' | 'merchantName'>,
): NewProductRow {
  return {
    category: 'fashion',
    description: `${overrides.merchantName} description`,
    termsAndConditions: 'Not exchangeable for cash.',
    currency: 'GBP',
    countries: ['GB'],
    denominations: [1000, 2500],
    minPrice: 1000,
    maxPrice: 10000,
    brandColor: '#123456',
    popularity: 10,
    redemptionUrl: 'https://example.com',
    ...overrides,
  };
}

export const fixtureCatalogue: NewProductRow[] = [
  fixtureProduct({
    code: 'ARGOS-GB',
    merchantName: 'Argos',
    category: 'electricals',
    minPrice: 500,
    maxPrice: 50000,
    popularity: 900,
  }),
  fixtureProduct({
    code: 'BOOTS-GB',
    merchantName: 'Boots',
    category: 'beauty & lifestyle',
    minPrice: 1000,
    maxPrice: 20000,
    popularity: 950,
  }),
  fixtureProduct({
    code: 'COSTA-GB',
    merchantName: 'Costa Coffee',
    category: 'food & drink',
    minPrice: 200,
    maxPrice: 400,
    denominations: [],
    popularity: 500,
  }),
  fixtureProduct({
    code: 'DUNNES-IE',
    merchantName: 'Dunnes Stores',
    category: 'department-stores',
    currency: 'EUR',
    countries: ['IE'],
    minPrice: 2000,
    maxPrice: 30000,
    popularity: 300,
  }),
  fixtureProduct({
    code: 'ZARA-GB',
    merchantName: 'zara',
    category: 'fashion',
    minPrice: 2500,
    maxPrice: 2500,
    denominations: [2500],
    popularity: 400,
  }),
  fixtureProduct({
    code: 'COSTCO-US',
    merchantName: 'Costco 100%_Deals',
    category: 'supermarkets',
    currency: 'USD',
    countries: ['GB', 'US'],
    minPrice: 1500,
    maxPrice: 100000,
    popularity: 100,
  }),
];

export async function insertFixtureCatalogue(db: Executor): Promise<void> {
  await db.insert(products).values(fixtureCatalogue);
}
