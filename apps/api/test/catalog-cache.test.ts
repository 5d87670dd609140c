import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Product, ProductSearchResponse } from '@gvm/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { testConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { products } from '../src/db/schema';
import { CatalogAnswerCache } from '../src/modules/catalog/answer-cache';
import { fixtureProduct, insertFixtureCatalogue } from './fixtures';
import { createTestApp, createTestDatabase, type TestContext } from './helpers';

const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=300';

/** Writes to products without raising the generation: what a stale cache would keep showing. */
async function writeBehindTheCachesBack(database: DatabaseHandle, write: () => Promise<unknown>): Promise<void> {
  await database.db.execute(sql`alter table products disable trigger products_raise_catalog_generation`);
  try {
    await write();
  } finally {
    await database.db.execute(sql`alter table products enable trigger products_raise_catalog_generation`);
  }
}

async function get(app: App, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

describe('catalogue answers are cached, validated and invalidated (decision 022)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await insertFixtureCatalogue(ctx.database.db);
  });
  afterAll(() => ctx.close());

  it('answers a repeated query from the cache, keyed by the normalised query', async () => {
    const first = await get(ctx.app, '/api/v1/products/search?q=costa');
    expect(first.statusCode).toBe(200);
    const before = (first.json() as ProductSearchResponse).products[0] as Product;
    expect(before.description).toBe('Costa Coffee description');

    await writeBehindTheCachesBack(ctx.database, () =>
      ctx.database.db
        .update(products)
        .set({ description: 'Fresh from the database' })
        .where(eq(products.code, 'COSTA-GB')),
    );

    // The same query however it is spelt (case, spaces, merchant for q, parameter order, defaults)
    // is one key: each is answered from the cache, not the database.
    for (const url of [
      '/api/v1/products/search?q=costa',
      '/api/v1/products/search?q=%20COSTA%20',
      '/api/v1/products/search?merchant=Costa',
      '/api/v1/products/search?limit=16&q=Costa&page=1&sortBy=merchant-az',
      '/api/v1/products?q=costa',
    ]) {
      const again = await get(ctx.app, url);
      expect(again.statusCode, url).toBe(200);
      expect(again.body, url).toBe(first.body);
      expect(again.headers.etag, url).toBe(first.headers.etag);
    }
    // Another query is another key, read from the database. (Not a search: a search may be
    // answered from the generation's catalogue index, read before this write, decision 036.)
    const other = (await get(ctx.app, '/api/v1/products/code/COSTA-GB')).json() as Product;
    expect(other.description).toBe('Fresh from the database');

    // Any write through the trigger moves the generation; the cached answer is gone with it.
    await ctx.database.db.update(products).set({ popularity: 500 }).where(eq(products.code, 'COSTA-GB'));
    const after = (await get(ctx.app, '/api/v1/products/search?q=costa')).json() as ProductSearchResponse;
    expect(after.products[0]?.description).toBe('Fresh from the database');
  });

  it.each([
    '/api/v1/products/search?category=fashion',
    '/api/v1/products?sortBy=price-asc',
    '/api/v1/products/top-sellers?limit=8&country=GB',
    '/api/v1/products/filters',
    '/api/v1/products/filters?country=GB&category=fashion',
    '/api/v1/products/code/ARGOS-GB',
  ])('%s: a strong ETag, public caching, and 304 with no body when If-None-Match holds it', async (url) => {
    const first = await get(ctx.app, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);

    const notModified = await get(ctx.app, url, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['cache-control']).toBe(PUBLIC_CACHE);

    // A list, and the weak form a CDN may send, match too (If-None-Match compares weakly).
    expect((await get(ctx.app, url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await get(ctx.app, url, { 'if-none-match': '*' })).statusCode).toBe(304);
    const changed = await get(ctx.app, url, { 'if-none-match': '"something-else"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe(first.body);
  });

  it('answers the filters from the cache, keyed by the parsed country and category', async () => {
    const url = '/api/v1/products/filters?country=GB&category=fashion';
    const first = await get(ctx.app, url);
    expect(first.json()).toMatchObject({ merchants: ['zara'] });
    await writeBehindTheCachesBack(ctx.database, () =>
      ctx.database.db.update(products).set({ merchantName: 'Zara Home' }).where(eq(products.merchantName, 'zara')),
    );
    for (const same of [
      url,
      '/api/v1/products/filters?category=fashion&country=gb',
      '/api/v1/products/filters?country=%20Gb%20&category=fashion',
    ]) {
      const again = await get(ctx.app, same);
      expect(again.statusCode, same).toBe(200);
      expect(again.body, same).toBe(first.body);
    }
    // Another category is another key, read from the database.
    expect((await get(ctx.app, '/api/v1/products/filters?category=fashion')).json()).toMatchObject({
      merchants: ['Zara Home'],
    });
    await ctx.database.db.update(products).set({ merchantName: 'zara' }).where(eq(products.merchantName, 'Zara Home'));
    expect((await get(ctx.app, url)).json()).toMatchObject({ merchants: ['zara'] });
  });

  it('answers a product by id with its ETag, the id in any case being one key', async () => {
    const [row] = await ctx.database.db.select({ id: products.id }).from(products).where(eq(products.code, 'BOOTS-GB'));
    const id = String(row?.id);
    const lower = await get(ctx.app, `/api/v1/products/${id}`);
    expect(lower.statusCode).toBe(200);
    expect(lower.headers['cache-control']).toBe(PUBLIC_CACHE);
    const upper = await get(ctx.app, `/api/v1/products/${id.toUpperCase()}`, {
      'if-none-match': String(lower.headers.etag),
    });
    expect(upper.statusCode).toBe(304);
  });

  it('caches logos with their own lifetime and a validator', async () => {
    const logo = await get(ctx.app, '/api/v1/logos/ARGOS-GB.svg');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['cache-control']).toBe('public, max-age=86400');
    const again = await get(ctx.app, '/api/v1/logos/ARGOS-GB.svg', { 'if-none-match': String(logo.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('sees a change at once: new price, new ETag, the old ETag no longer 304', async () => {
    const url = '/api/v1/products/code/ARGOS-GB';
    const before = await get(ctx.app, url);
    expect((before.json() as Product).minPrice).toBe(5);

    await ctx.database.db.update(products).set({ minPrice: 700 }).where(eq(products.code, 'ARGOS-GB'));
    const after = await get(ctx.app, url, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect((after.json() as Product).minPrice).toBe(7);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('never caches an error: a product added after a 404 is found, and a deleted one is gone', async () => {
    const missing = await get(ctx.app, '/api/v1/products/code/LATE-GB');
    expect(missing.statusCode).toBe(404);
    // The API's default (plugins/no-store.ts) stays on errors; only answers set their own.
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers.etag).toBeUndefined();

    await ctx.database.db.insert(products).values(fixtureProduct({ code: 'LATE-GB', merchantName: 'Late Arrival' }));
    expect((await get(ctx.app, '/api/v1/products/code/LATE-GB')).statusCode).toBe(200);
    const found = (await get(ctx.app, '/api/v1/products/search?q=late')).json() as ProductSearchResponse;
    expect(found.products.map((p) => p.productCode)).toEqual(['LATE-GB']);

    await ctx.database.db.delete(products).where(eq(products.code, 'LATE-GB'));
    expect((await get(ctx.app, '/api/v1/products/code/LATE-GB')).statusCode).toBe(404);
    const gone = (await get(ctx.app, '/api/v1/products/search?q=late')).json() as ProductSearchResponse;
    expect(gone.pagination.total).toBe(0);
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('keeps the answer compressed with %s, under a tag of its own', async (coding, decompress) => {
    const url = '/api/v1/products/search?limit=50';
    const plain = await get(ctx.app, url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');

    const accept = { 'accept-encoding': `${coding}, identity;q=0.5` };
    const compressed = await get(ctx.app, url, accept);
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe(coding);
    expect(compressed.headers.vary).toBe('accept-encoding');
    expect(compressed.headers['cache-control']).toBe(PUBLIC_CACHE);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(decompress(compressed.rawPayload).toString()).toBe(plain.body);
    expect(compressed.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-${coding}"`);
    const again = await get(ctx.app, url, accept);
    expect(again.rawPayload.equals(compressed.rawPayload)).toBe(true);

    const notModified = await get(ctx.app, url, { ...accept, 'if-none-match': String(compressed.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    // The plain tag does not validate the compressed representation, nor the other way round.
    expect((await get(ctx.app, url, { ...accept, 'if-none-match': String(plain.headers.etag) })).statusCode).toBe(200);
    expect((await get(ctx.app, url, { 'if-none-match': String(compressed.headers.etag) })).statusCode).toBe(200);
  });

  it('sends a small answer as it is, whatever the client accepts', async () => {
    const small = await get(ctx.app, '/api/v1/products/filters', { 'accept-encoding': 'br, gzip' });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body).categories.length).toBeGreaterThan(0);
  });

  it('compresses a card as SVG but sends its PNG as it is (already compressed)', async () => {
    const accept = { 'accept-encoding': 'br' };
    const svg = await get(ctx.app, '/api/v1/logos/ARGOS-GB.svg', accept);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-encoding']).toBe('br');
    const png = await get(ctx.app, '/api/v1/logos/ARGOS-GB.png', accept);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-encoding']).toBeUndefined();
  });

  it('declares the 304 in the OpenAPI document, without a body', async () => {
    const document = (await get(ctx.app, '/api/v1/openapi.json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>;
    };
    for (const path of ['/api/v1/products/search', '/api/v1/products/{id}', '/api/v1/logos/{file}']) {
      const notModified = document.paths[path]?.get?.responses['304'];
      expect(notModified, path).toBeDefined();
      expect(notModified?.content, path).toBeUndefined();
    }
  });

  it('answers the same to a signed-in caller: nothing in a catalogue answer is personal', async () => {
    const anonymous = await get(ctx.app, '/api/v1/products/top-sellers');
    const withToken = await get(ctx.app, '/api/v1/products/top-sellers', { authorization: 'Bearer not-checked-here' });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toBe(anonymous.body);
    expect(withToken.headers['cache-control']).toBe(PUBLIC_CACHE);
  });
});

describe('CatalogAnswerCache', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('reads the database once for 50 simultaneous misses of one key', async () => {
    const cache = new CatalogAnswerCache(database.db, { maxBytes: 1024 * 1024, recheckMs: 0 });
    let reads = 0;
    const produce = async () => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return '{"answer":1}';
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get('k', produce)));
    expect(reads).toBe(1);
    expect(new Set(answers.map((answer) => answer.etag)).size).toBe(1);
  });

  it('stays within its memory bound, dropping the least recently used answers', async () => {
    const maxBytes = 64 * 1024;
    const cache = new CatalogAnswerCache(database.db, { maxBytes, recheckMs: 60_000 });
    const body = 'x'.repeat(4000);
    await cache.get('first', async () => body);
    for (let i = 0; i < 100; i++) {
      await cache.get(`key-${i}`, async () => body);
      await cache.get('first', async () => 'recomputed'); // kept warm
    }
    expect(cache.memoryBytes).toBeLessThanOrEqual(maxBytes);
    expect(cache.memoryEntries).toBeGreaterThan(10);
    expect((await cache.get('first', async () => 'recomputed')).body.toString()).toBe(body);
    expect((await cache.get('key-0', async () => 'recomputed')).body.toString()).toBe('recomputed');
  });

  it('counts a compressed body in its memory bound, made once however often it is asked for', async () => {
    const cache = new CatalogAnswerCache(database.db, { maxBytes: 1024 * 1024, recheckMs: 60_000 });
    const answer = await cache.get('coded', async () => JSON.stringify({ words: 'catalogue '.repeat(500) }));
    const plainBytes = cache.memoryBytes;
    const [first, second] = await Promise.all([cache.coded(answer, 'br'), cache.coded(answer, 'br')]);
    expect(second).toBe(first);
    expect(brotliDecompressSync(first).equals(answer.body)).toBe(true);
    expect(cache.memoryBytes).toBe(plainBytes + first.length);
    const gzipped = await cache.coded(answer, 'gzip');
    expect(cache.memoryBytes).toBe(plainBytes + first.length + gzipped.length);
  });

  it('keeps serving what it holds while the database does not answer', async () => {
    let now = 1_000_000;
    let down = false;
    const flaky = new Proxy(database.db, {
      get: (target, property, receiver) =>
        property === 'select' && down
          ? () => {
              throw new Error('connection refused');
            }
          : Reflect.get(target, property, receiver),
    });
    const errors: unknown[] = [];
    const cache = new CatalogAnswerCache(flaky, {
      maxBytes: 1024 * 1024,
      recheckMs: 1000,
      now: () => now,
      onGenerationError: (error) => errors.push(error),
    });
    await cache.get('held', async () => 'the answer');
    down = true;
    now += 5000;
    const held = await cache.get('held', async () => {
      throw new Error('a miss needs the database');
    });
    expect(held.body.toString()).toBe('the answer');
    expect(errors).toHaveLength(1);
    await expect(cache.get('not held', async () => Promise.reject(new Error('no database')))).rejects.toThrow(
      'no database',
    );
  });

  it('trusts the generation it read for recheckMs, then sees the change', async () => {
    let now = 1_000_000;
    const cache = new CatalogAnswerCache(database.db, { maxBytes: 1024 * 1024, recheckMs: 1000, now: () => now });
    const before = await cache.generation();
    await database.db.insert(products).values(fixtureProduct({ code: 'GEN-GB', merchantName: 'Generation' }));
    now += 999;
    expect(await cache.generation()).toBe(before);
    now += 1;
    const after = await cache.generation();
    expect(after).not.toBe(before);
    expect(after.split('.')[0]).toBe(before.split('.')[0]);
  });
});

/** The local Redis server (127.0.0.1:6379) of the development image and CI, when it answers. */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(redisUrl);
  const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 500 });
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => {
    socket.destroy();
    resolve(false);
  });
});

describe.skipIf(!redisUp)('two instances sharing answers through Redis', () => {
  let database: DatabaseHandle;
  let first: App;
  let second: App;
  beforeAll(async () => {
    database = await createTestDatabase();
    await insertFixtureCatalogue(database.db);
    const config = testConfig({ redisUrl });
    first = await buildApp({ config, database, logger: false });
    second = await buildApp({ config, database, logger: false });
    await Promise.all([first.ready(), second.ready()]);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
  });

  it('serves one instance the answer the other cached, and both see a change', async () => {
    const url = '/api/v1/products/search?q=boots';
    const fromFirst = await get(first, url);
    expect(fromFirst.statusCode).toBe(200);
    // Redis is written without waiting for it: give the write a moment to land.
    await new Promise((resolve) => setTimeout(resolve, 100));

    await writeBehindTheCachesBack(database, () =>
      database.db.update(products).set({ description: 'Only in the database' }).where(eq(products.code, 'BOOTS-GB')),
    );
    // The second instance has never answered this query: its answer can only come from Redis.
    const fromSecond = await get(second, url);
    expect(fromSecond.body).toBe(fromFirst.body);
    expect(fromSecond.headers.etag).toBe(fromFirst.headers.etag);

    // A write through the trigger: both instances move to the new generation.
    await database.db.update(products).set({ popularity: 951 }).where(eq(products.code, 'BOOTS-GB'));
    for (const app of [second, first]) {
      const fresh = (await get(app, url)).json() as ProductSearchResponse;
      expect(fresh.products[0]?.description).toBe('Only in the database');
    }
  });
});

describe('browse totals, counted once a generation (decision 022)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await insertFixtureCatalogue(ctx.database.db);
  });
  afterAll(() => ctx.close());

  /** Every browse filter's total as the API gives it and as a count of its own gives it. */
  async function totals(): Promise<{ api: Record<string, number>; counted: Record<string, number> }> {
    const api: Record<string, number> = {};
    const counted: Record<string, number> = {};
    for (const category of [undefined, 'fashion', 'electricals', 'travel']) {
      for (const country of [undefined, 'GB', 'IE', 'FR']) {
        const name = `${category ?? '-'}/${country ?? '-'}`;
        const query = new URLSearchParams({ ...(category && { category }), ...(country && { country }) });
        const answer = (await get(ctx.app, `/api/v1/products/search?${query}`)).json() as ProductSearchResponse;
        api[name] = answer.pagination.total;
        const [row] = await ctx.database.db
          .select({ total: sql<number>`count(*)::int` })
          .from(products)
          .where(
            sql`(${category ?? null}::text is null or ${products.category} = ${category ?? null})
              and (${country ?? null}::text is null or ${products.countries} @> array[${country ?? null}]::text[])`,
          );
        counted[name] = row?.total ?? -1;
      }
    }
    return { api, counted };
  }

  it('gives every category and country the total its own count gives, and follows a change', async () => {
    const before = await totals();
    expect(before.api).toEqual(before.counted);
    expect(before.api['fashion/GB']).toBeGreaterThan(0);

    // A country named twice still counts the product once, as the page's own filter does.
    await ctx.database.db
      .insert(products)
      .values(
        fixtureProduct({ code: 'TWICE-GB', merchantName: 'Twice', category: 'fashion', countries: ['GB', 'GB'] }),
      );
    const after = await totals();
    expect(after.api).toEqual(after.counted);
    expect(after.api['fashion/GB']).toBe((before.api['fashion/GB'] ?? 0) + 1);
    expect(after.api['-/-']).toBe((before.api['-/-'] ?? 0) + 1);
  });
});
