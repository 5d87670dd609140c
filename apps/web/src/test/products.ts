import type { Product } from '@gvm/contract';

/** A catalogue product as GET /products/:id answers it. */
export function testProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: '0b6f1c3e-1a2b-4c5d-8e9f-000000000001',
    merchant: { name: 'Argos', redemptionUrl: null },
    imageUrl: '',
    description: 'Argos sells almost everything.',
    termsAndConditions: 'Valid in Argos stores.',
    country: ['GB'],
    currency: 'GBP',
    productCode: 'ARGOS-GB',
    minPrice: 10,
    maxPrice: 250,
    denominations: [],
    category: 'department-stores',
    ...overrides,
  };
}
