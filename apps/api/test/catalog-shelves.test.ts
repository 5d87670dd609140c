import type { Product, ProductShelvesResponse } from '@gvm/contract';
import { toMinorUnits } from '@gvm/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema';
import { seedCatalogueIfEmpty } from '../src/db/seed/catalogue';
import { OCCASIONS, PRICE_BANDS, SHELF_SIZE } from '../src/modules/catalog/shelves';
import { createTestApp, type TestContext } from './helpers';

const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=300';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedCatalogueIfEmpty(ctx.database.db);
});
afterAll(() => ctx.close());

async function shelves(query = 'country=GB'): Promise<ProductShelvesResponse> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/shelves?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const codes = (list: Product[]) => list.map((product) => product.productCode);

describe('GET /products/shelves: the home page rows (decision 032)', () => {
  it('answers the occasions in order, each with its curated merchants in the curated order', async () => {
    const { occasions } = await shelves();
    expect(occasions.map((row) => row.title)).toEqual(['Birthday', 'Thank you', 'Wedding', 'New baby', 'Christmas']);
    for (const row of occasions) {
      const curated = OCCASIONS.find((occasion) => occasion.slug === row.slug);
      // Every curated code exists in the seed catalogue: a typo would silently shorten the row.
      expect(codes(row.products), row.slug).toEqual(curated?.codes);
      for (const product of row.products) expect(product.country).toContain('GB');
    }
    expect(occasions.find((row) => row.slug === 'thank-you')?.products[0]?.merchant.name).toBe('Costa Coffee');
  });

  it('answers the price bands with products whose range offers a value in the band, the ones most inside it first', async () => {
    const { priceBands } = await shelves();
    expect(priceBands.map((row) => row.title)).toEqual(['Under £25', '£25 to £50', '£50 to £100', 'Over £100']);
    for (const row of priceBands) {
      const band = PRICE_BANDS.find((candidate) => candidate.slug === row.slug);
      if (!band) throw new Error(`unknown band ${row.slug}`);
      const upper = band.max ?? Number.POSITIVE_INFINITY;
      expect(row.products.length, row.slug).toBe(SHELF_SIZE);
      for (const product of row.products) {
        expect(product.currency).toBe('GBP');
        expect(toMinorUnits(product.minPrice), product.productCode).toBeLessThanOrEqual(upper);
        expect(toMinorUnits(product.maxPrice), product.productCode).toBeGreaterThanOrEqual(band.min);
      }
    }
    // 'Under £25' opens with cards that cost under £25 whatever value is chosen (Greggs: £1 to £4).
    const under25 = priceBands[0]?.products ?? [];
    expect(under25[0]?.merchant.name).toBe('Greggs');
    expect(toMinorUnits(under25[0]?.maxPrice ?? 0)).toBeLessThan(2500);
    // A product above the band never appears in it (Jo Malone London is £50 only).
    expect(codes(under25)).not.toContain('JO-MALONE-LONDON-GB');
    expect(codes(priceBands[1]?.products ?? [])).toContain('JO-MALONE-LONDON-GB');
    // The cards most about a band lead it: the wide-ranged best-sellers (Tesco, £5 to £500) no
    // longer open every band alike, and no two bands share their first five cards.
    const firstFive = priceBands.map((row) => codes(row.products.slice(0, 5)));
    expect(new Set(firstFive.flat()).size).toBe(firstFive.flat().length);
    const over100 = priceBands[3]?.products ?? [];
    for (const product of over100.slice(0, 5)) {
      const [min, max] = [toMinorUnits(product.minPrice), toMinorUnits(product.maxPrice)];
      // Most of the range lies above £100.
      expect((max - Math.max(min, 10001)) / (max - min), product.productCode).toBeGreaterThan(0.5);
    }
  });

  it('keeps to the country, and leaves out rows with nothing in it', async () => {
    const ireland = await shelves('country=ie');
    for (const row of [...ireland.occasions, ...ireland.priceBands])
      for (const product of row.products) expect(product.country).toContain('IE');
    // Irish products are in euros: no pound band holds them; only National Book Tokens (GB and IE) can.
    for (const row of ireland.priceBands) expect(codes(row.products)).toEqual(['NATIONAL-BOOK-TOKENS-GB']);
    expect(await shelves('country=ZZ')).toEqual({ occasions: [], priceBands: [] });
  });

  it('refuses a malformed country', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/products/shelves?country=GBR' });
    expect(response.statusCode).toBe(400);
  });

  it('is cached with a strong ETag, answers 304, and changes with the catalogue', async () => {
    const url = '/api/v1/products/shelves?country=gb';
    const first = await ctx.app.inject({ method: 'GET', url });
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    // `gb` and `GB` are one key.
    const upper = await ctx.app.inject({ method: 'GET', url: '/api/v1/products/shelves?country=GB' });
    expect(upper.headers.etag).toBe(etag);
    const notModified = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');

    // A merchant leaving the catalogue leaves its rows at once (the generation moves, decision 022).
    await ctx.database.db.delete(products).where(eq(products.code, 'COSTA-COFFEE-GB'));
    const after = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    const { occasions } = after.json() as ProductShelvesResponse;
    expect(occasions.find((row) => row.slug === 'thank-you')?.products[0]?.merchant.name).toBe('Starbucks');
    // Another product's change of price moves it between bands.
    await ctx.database.db
      .update(products)
      .set({ minPrice: 100, maxPrice: 200, popularity: sql`${products.popularity} + 10000` })
      .where(eq(products.code, 'JO-MALONE-LONDON-GB'));
    const { priceBands } = await shelves();
    expect(priceBands[0]?.products[0]?.productCode).toBe('JO-MALONE-LONDON-GB');
    expect(codes(priceBands[1]?.products ?? [])).not.toContain('JO-MALONE-LONDON-GB');
  });

  it('is described in the OpenAPI document with its 304', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, { get?: { responses?: Record<string, unknown> } }>;
    };
    expect(Object.keys(document.paths['/api/v1/products/shelves']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '304', '400']),
    );
  });
});
