import type { Product } from '@gvm/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** A seeded merchant's product, found the way the shop finds it: by searching its name. */
export async function findProduct(request: APIRequestContext, merchantName: string): Promise<Product> {
  const response = await request.get('/api/v1/products/search', { params: { q: merchantName } });
  expect(response.ok()).toBe(true);
  const { products } = (await response.json()) as { products: Product[] };
  const product = products.find((candidate) => candidate.merchant.name === merchantName);
  if (!product) throw new Error(`No seeded product for ${merchantName}`);
  return product;
}

/**
 * On `/` with its rows, the filter bar and the A-Z grid load when the shopper nears 'All gift
 * cards' (decision 032): scroll its heading into view and wait for the grid's first cards. Again
 * if the rows above, loading at the same moment, pushed the grid's place out of view first.
 */
export async function showAllGiftCards(page: Page): Promise<void> {
  const heading = page.getByRole('heading', { level: 2, name: 'All gift cards' });
  const firstCard = page.getByRole('list', { name: 'Products' }).getByRole('listitem').first();
  await expect(async () => {
    await heading.scrollIntoViewIfNeeded();
    await expect(firstCard).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}
