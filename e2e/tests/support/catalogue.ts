import type { Product } from '@gvm/contract';
import { type APIRequestContext, expect } from '@playwright/test';

/** A seeded merchant's product, found the way the shop finds it: by searching its name. */
export async function findProduct(request: APIRequestContext, merchantName: string): Promise<Product> {
  const response = await request.get('/api/v1/products/search', { params: { q: merchantName } });
  expect(response.ok()).toBe(true);
  const { products } = (await response.json()) as { products: Product[] };
  const product = products.find((candidate) => candidate.merchant.name === merchantName);
  if (!product) throw new Error(`No seeded product for ${merchantName}`);
  return product;
}
