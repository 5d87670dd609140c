import type { Product, ProductSearchResponse } from '@gvm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFixtureCatalogue } from './fixtures';
import { createTestApp, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ publicUrl: 'https://gifts.example.co.uk' });
  await insertFixtureCatalogue(ctx.database.db);
});
afterAll(() => ctx.close());

describe('crawler files', () => {
  it('robots.txt lets crawlers read every page and points to the sitemap by its absolute URL', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Sitemap: https://gifts.example.co.uk/sitemap.xml');
  });

  it('sitemap.xml lists every public information page and every product page under PUBLIC_URL', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/,
    );

    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const pages = [
      '/',
      '/about',
      '/partners',
      '/exchange',
      '/contact',
      '/terms',
      '/privacy',
      '/aml-policy',
      '/refund-policy',
    ];
    for (const page of pages) expect(locations).toContain(`https://gifts.example.co.uk${page}`);
    for (const privatePage of ['/wallet', '/settings', '/redeem', '/checkout']) {
      expect(locations).not.toContain(`https://gifts.example.co.uk${privatePage}`);
    }

    const catalogue = await ctx.app.inject({ method: 'GET', url: '/api/v1/products/search?limit=100' });
    const products: Product[] = catalogue.json<ProductSearchResponse>().products;
    expect(products).toHaveLength(6);
    for (const product of products) expect(locations).toContain(`https://gifts.example.co.uk/product/${product._id}`);
    expect(locations).toHaveLength(pages.length + products.length);
  });
});
