import type { ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { products } from '../src/db/schema';
import { fixtureProduct } from './fixtures';
import { createTestClock } from './support/app';
import { createSharedDatabase, type Instance, type SharedDatabase, startInstance } from './support/instances';
import { redisInstalled, startRedis } from './support/redis';

/**
 * A catalogue change reaches every instance's caches (decisions 022, 036 and 056): the answers
 * each instance keeps in memory, those shared in Redis (when a redis-server is installed) and the
 * search index each builds in memory all belong to a generation that the database raises on any
 * write to `products`, whoever writes. Each instance reads it at most every
 * CATALOG_CACHE_RECHECK_MS, here 1 s of the test's clock.
 */
const RECHECK_MS = 1_000;
const clock = createTestClock();
let shared: SharedDatabase;
let writer: DatabaseHandle;
let redis: ChildProcess | undefined;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  shared = await createSharedDatabase();
  writer = await shared.connect();
  await writer.db
    .insert(products)
    .values([
      fixtureProduct({ code: 'COSTA-GB', merchantName: 'Costa Coffee' }),
      fixtureProduct({ code: 'ZARA-GB', merchantName: 'Zara' }),
    ]);
  const redisUrl = redisInstalled
    ? await startRedis().then((started) => {
        redis = started.process;
        return started.url;
      })
    : undefined;
  a = await startInstance(shared, clock, { catalogCacheRecheckMs: RECHECK_MS, redisUrl });
  b = await startInstance(shared, clock, { catalogCacheRecheckMs: RECHECK_MS, redisUrl });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await writer?.close();
  await shared?.close();
  redis?.kill();
});

const search = (instance: Instance, term: string) =>
  instance.app.inject({ method: 'GET', url: `/api/v1/products/search?q=${encodeURIComponent(term)}` });
const merchantsIn = (body: string) =>
  (JSON.parse(body) as { products: { merchant: { name: string } }[] }).products.map((product) => product.merchant.name);

describe('a catalogue change on two instances', () => {
  it('is served by both, from memory, Redis and the search index alike, once each re-reads the generation', async () => {
    for (const instance of [a, b]) {
      // Twice: the first read starts each instance's index in the background; both are cached.
      expect(merchantsIn((await search(instance, 'costa')).body)).toEqual(['Costa Coffee']);
      expect(merchantsIn((await search(instance, 'costa')).body)).toEqual(['Costa Coffee']);
    }
    const before = await search(b, 'costa');

    // Another writer (the seed, a script, psql) renames the merchant.
    await writer.db.update(products).set({ merchantName: 'Costa Roasters' }).where(eq(products.code, 'COSTA-GB'));
    clock.advance(RECHECK_MS);

    for (const instance of [a, b]) {
      const after = await search(instance, 'costa');
      expect(merchantsIn(after.body)).toEqual(['Costa Roasters']);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(merchantsIn((await search(instance, 'roasters')).body)).toEqual(['Costa Roasters']);
      expect(merchantsIn((await search(instance, 'coffee')).body)).toEqual([]);
    }
  });
});
