import type { Product, ProductFiltersResponse, ProductSearchResponse } from '@gvm/contract';
import { Resvg } from '@resvg/resvg-js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema';
import { insertFixtureCatalogue } from './fixtures';
import { createTestApp, type TestContext } from './helpers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  await insertFixtureCatalogue(ctx.database.db);
});
afterAll(() => ctx.close());

async function search(query: string): Promise<ProductSearchResponse> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/search?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const names = (result: { products: Product[] }) => result.products.map((p) => p.merchant.name);

describe('GET /products/search', () => {
  it('answers the first page sorted by merchant A to Z by default, with pagination', async () => {
    const result = await search('');
    expect(names(result)).toEqual(['Argos', 'Boots', 'Costa Coffee', 'Costco 100%_Deals', 'Dunnes Stores', 'zara']);
    expect(result.pagination).toEqual({ currentPage: 1, totalPages: 1, total: 6 });
  });

  it('pages through results with limit and page', async () => {
    const second = await search('limit=4&page=2');
    expect(names(second)).toEqual(['Dunnes Stores', 'zara']);
    expect(second.pagination).toEqual({ currentPage: 2, totalPages: 2, total: 6 });
    const beyond = await search('limit=4&page=9');
    expect(beyond.products).toEqual([]);
    expect(beyond.pagination.total).toBe(6);
  });

  it.each([
    ['merchant-za', ['zara', 'Dunnes Stores', 'Costco 100%_Deals', 'Costa Coffee', 'Boots', 'Argos']],
    ['price-asc', ['Costa Coffee', 'Argos', 'Boots', 'Costco 100%_Deals', 'Dunnes Stores', 'zara']],
    ['price-desc', ['Costco 100%_Deals', 'Argos', 'Dunnes Stores', 'Boots', 'zara', 'Costa Coffee']],
    ['category-az', ['Boots', 'Dunnes Stores', 'Argos', 'zara', 'Costa Coffee', 'Costco 100%_Deals']],
    ['category-za', ['Costco 100%_Deals', 'Costa Coffee', 'zara', 'Argos', 'Dunnes Stores', 'Boots']],
  ])('sorts by %s', async (sortBy, expected) => {
    expect(names(await search(`sortBy=${sortBy}`))).toEqual(expected);
  });

  it('filters by category', async () => {
    expect(names(await search('category=fashion'))).toEqual(['zara']);
    expect(names(await search(`category=${encodeURIComponent('food & drink')}`))).toEqual(['Costa Coffee']);
  });

  it('matches merchant case-insensitively within the name', async () => {
    expect(names(await search('merchant=COST'))).toEqual(['Costa Coffee', 'Costco 100%_Deals']);
    expect(names(await search('merchant=coffee'))).toEqual(['Costa Coffee']);
  });

  it('lets q take precedence over merchant', async () => {
    expect(names(await search('merchant=argos&q=boots'))).toEqual(['Boots']);
  });

  it('counts the matches of a term on every page, past the last one too', async () => {
    const first = await search('q=cost&limit=1&sortBy=merchant-za');
    expect(names(first)).toEqual(['Costco 100%_Deals']);
    expect(first.pagination).toEqual({ currentPage: 1, totalPages: 2, total: 2 });
    const second = await search('q=cost&limit=1&page=2&sortBy=merchant-za');
    expect(names(second)).toEqual(['Costa Coffee']);
    expect(second.pagination).toEqual({ currentPage: 2, totalPages: 2, total: 2 });
    const beyond = await search('q=cost&limit=1&page=5');
    expect(beyond.products).toEqual([]);
    expect(beyond.pagination).toEqual({ currentPage: 5, totalPages: 2, total: 2 });
    expect((await search('q=nowhere')).pagination).toEqual({ currentPage: 1, totalPages: 0, total: 0 });
    // Two letters have no trigram: the other plan, the same answer.
    const short = await search('q=co&limit=2&sortBy=price-asc');
    expect(names(short)).toEqual(['Costa Coffee', 'Costco 100%_Deals']);
    expect(short.pagination.total).toBe(2);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect(names(await search(`q=${encodeURIComponent('100%_')}`))).toEqual(['Costco 100%_Deals']);
    expect(names(await search(`q=${encodeURIComponent('%')}`))).toEqual(['Costco 100%_Deals']);
  });

  it('filters by a country the voucher lists, in any letter case', async () => {
    expect(names(await search('country=IE'))).toEqual(['Dunnes Stores']);
    expect(names(await search('country=us'))).toEqual(['Costco 100%_Deals']);
    expect(await search('country=FR')).toMatchObject({ products: [], pagination: { total: 0, totalPages: 0 } });
  });

  it('combines filters', async () => {
    expect(names(await search('country=GB&category=supermarkets&q=co'))).toEqual(['Costco 100%_Deals']);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    ['sortBy=cheapest', 'sortBy'],
    ['category=shoes', 'category'],
    ['country=GBR', 'country'],
  ])('rejects %s with a 400 naming the field', async (query, field) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/search?${query}` });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('Invalid request');
    expect(body.errors.map((e: { path: string }) => e.path)).toContain(field);
  });
});

describe('GET /products', () => {
  it('answers the same shape and filters as search', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/products?category=electricals&limit=1' });
    expect(response.statusCode).toBe(200);
    expect(names(response.json())).toEqual(['Argos']);
    expect(response.json().pagination).toEqual({ currentPage: 1, totalPages: 1, total: 1 });
  });
});

describe('GET /products/top-sellers', () => {
  it('answers the most popular products of a country first', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/products/top-sellers?limit=3&country=GB' });
    expect(response.statusCode).toBe(200);
    expect(names(response.json())).toEqual(['Boots', 'Argos', 'Costa Coffee']);
  });
});

describe('GET /products/filters', () => {
  it('lists the categories present in product order and every merchant alphabetically', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/products/filters' });
    const body: ProductFiltersResponse = response.json();
    expect(body.categories).toEqual([
      'beauty & lifestyle',
      'department-stores',
      'electricals',
      'fashion',
      'food & drink',
      'supermarkets',
    ]);
    expect(body.merchants).toEqual(['Argos', 'Boots', 'Costa Coffee', 'Costco 100%_Deals', 'Dunnes Stores', 'zara']);
  });

  async function filters(query: string): Promise<ProductFiltersResponse> {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/filters?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('lists only the brands a shopper can find under the country and category (decision 031)', async () => {
    // Dunnes Stores sells only in IE: no GB shopper can reach it.
    const gb = await filters('country=GB');
    expect(gb.merchants).toEqual(['Argos', 'Boots', 'Costa Coffee', 'Costco 100%_Deals', 'zara']);
    expect(gb.categories).toEqual(['beauty & lifestyle', 'electricals', 'fashion', 'food & drink', 'supermarkets']);
    // A category narrows the brands, but not the categories: the Category list still offers the others.
    const fashion = await filters('country=gb&category=fashion');
    expect(fashion.merchants).toEqual(['zara']);
    expect(fashion.categories).toEqual(gb.categories);
    expect((await filters('category=department-stores')).merchants).toEqual(['Dunnes Stores']);
    expect((await filters('country=GB&category=department-stores')).merchants).toEqual([]);
    expect(await filters('country=US')).toEqual({ categories: ['supermarkets'], merchants: ['Costco 100%_Deals'] });
    expect(await filters('country=FR')).toEqual({ categories: [], merchants: [] });
  });

  it('every listed brand has products under the same country and category', async () => {
    for (const category of ['', 'electricals', 'fashion', 'supermarkets']) {
      const query = `country=GB${category ? `&category=${category}` : ''}`;
      for (const merchant of (await filters(query)).merchants) {
        const found = await search(`${query}&merchant=${encodeURIComponent(merchant)}`);
        expect(found.pagination.total, `${merchant} under ${query}`).toBeGreaterThan(0);
      }
    }
  });

  it.each([
    ['country=GBR', 'country'],
    ['category=shoes', 'category'],
  ])('rejects %s with a 400 naming the field', async (query, field) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/filters?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(field);
  });
});

describe('GET /products/:id and /products/code/:code', () => {
  it('answers a product with money in major units and a logo served by the app', async () => {
    const byCode = await ctx.app.inject({ method: 'GET', url: '/api/v1/products/code/ARGOS-GB' });
    expect(byCode.statusCode).toBe(200);
    const product: Product = byCode.json();
    expect(product).toMatchObject({
      merchant: { name: 'Argos', redemptionUrl: 'https://example.com' },
      productCode: 'ARGOS-GB',
      currency: 'GBP',
      country: ['GB'],
      minPrice: 5,
      maxPrice: 500,
      denominations: [10, 25],
      category: 'electricals',
      imageUrl: '/api/v1/logos/ARGOS-GB.svg',
    });

    const byId = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${product._id}` });
    expect(byId.json()).toEqual(product);
  });

  it.each([
    '/api/v1/products/00000000-0000-4000-8000-000000000000',
    '/api/v1/products/not-a-uuid',
    '/api/v1/products/code/NOPE',
  ])('answers 404 Product not found for %s', async (url) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Product not found' });
  });
});

describe('GET /logos/:code.svg (gift-card art, decision 028)', () => {
  const art = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/logos/${url}` });

  it('draws the card in the brand colour with the name as outlines, not text', async () => {
    const response = await art('COSTA-GB.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body).toContain('stop-color="#123456"');
    expect(response.body).toContain('aria-label="Costa Coffee gift card"');
    expect(response.body).not.toContain('<text');
    // Well-formed: resvg's strict XML parser reads it.
    expect(new Resvg(response.body, { font: { loadSystemFonts: false } }).width).toBe(428);
  });

  it('differs per merchant even in one colour', async () => {
    const bodies = await Promise.all(
      ['ARGOS-GB.svg', 'BOOTS-GB.svg', 'COSTA-GB.svg'].map(async (f) => (await art(f)).body),
    );
    expect(new Set(bodies).size).toBe(3);
  });

  it('shows a chosen value, in the product currency unless another is named', async () => {
    const plain = await art('ARGOS-GB.svg');
    const pounds = await art('ARGOS-GB.svg?value=25');
    expect(pounds.statusCode).toBe(200);
    expect(pounds.body).toContain('aria-label="Argos gift card, £25"');
    expect(pounds.headers.etag).not.toBe(plain.headers.etag);
    const euros = await art('DUNNES-IE.svg?value=12.5');
    expect(euros.body).toContain('€12.50');
    expect((await art('ARGOS-GB.svg?value=25&currency=gbp')).body).toBe(pounds.body);
    expect((await art('ARGOS-GB.svg?value=0')).statusCode).toBe(400);
    expect((await art('ARGOS-GB.svg?value=1.005')).statusCode).toBe(400);
    expect((await art('ARGOS-GB.svg?value=5&currency=pounds')).statusCode).toBe(400);
  });

  it('serves the same card as a PNG for e-mail', async () => {
    const response = await art('ARGOS-GB.png?value=25');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('answers 404 for an unknown code', async () => {
    expect((await art('NOPE.svg')).statusCode).toBe(404);
    expect((await art('NOPE.png')).statusCode).toBe(404);
  });

  it("redirects to the merchant's own art when it has given us one, the product's imageUrl unchanged", async () => {
    const own = 'https://cdn.example.com/zara-card.png';
    await ctx.database.db.update(products).set({ artUrl: own }).where(eq(products.code, 'ZARA-GB'));
    try {
      for (const file of ['ZARA-GB.svg', 'ZARA-GB.svg?value=25', 'ZARA-GB.png']) {
        const response = await art(file);
        expect(response.statusCode, file).toBe(302);
        expect(response.headers.location).toBe(own);
      }
      const product = await ctx.app.inject({ method: 'GET', url: '/api/v1/products/code/ZARA-GB' });
      expect(product.json().imageUrl).toBe('/api/v1/logos/ZARA-GB.svg');
    } finally {
      await ctx.database.db.update(products).set({ artUrl: null }).where(eq(products.code, 'ZARA-GB'));
    }
    expect((await art('ZARA-GB.svg')).statusCode).toBe(200);
  });

  it('draws the card when the stored art address is not https', async () => {
    await ctx.database.db.update(products).set({ artUrl: 'javascript:alert(1)' }).where(eq(products.code, 'ZARA-GB'));
    try {
      const response = await art('ZARA-GB.svg');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('aria-label="zara gift card"');
    } finally {
      await ctx.database.db.update(products).set({ artUrl: null }).where(eq(products.code, 'ZARA-GB'));
    }
  });
});
