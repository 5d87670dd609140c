import type { Product, ProductFiltersResponse, ProductSearchResponse } from '@gvm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('GET /logos/:code.svg', () => {
  it('draws a lettermark in the brand colour', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/logos/COSTA-GB.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body).toContain('fill="#123456"');
    expect(response.body).toContain('>CC</text>');
  });

  it('answers 404 for an unknown code', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/logos/NOPE.svg' });
    expect(response.statusCode).toBe(404);
  });
});
