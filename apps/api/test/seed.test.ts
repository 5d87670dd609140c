import { categoryValues } from '@gvm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { products } from '../src/db/schema';
import { seedCatalogueIfEmpty, seedMerchants, seedSyntheticProducts } from '../src/db/seed/catalogue';
import { createTestDatabase } from './helpers';

describe('the seed catalogue', () => {
  it('has at least 150 merchants spanning all 15 categories', () => {
    expect(seedMerchants.length).toBeGreaterThanOrEqual(150);
    expect(new Set(seedMerchants.map((m) => m.category))).toEqual(new Set(categoryValues));
  });

  it('has unique codes and names, and denominations within each price range', () => {
    expect(new Set(seedMerchants.map((m) => m.code)).size).toBe(seedMerchants.length);
    expect(new Set(seedMerchants.map((m) => m.name.toLowerCase())).size).toBe(seedMerchants.length);
    for (const merchant of seedMerchants) {
      expect(merchant.minPrice, merchant.code).toBeGreaterThan(0);
      expect(merchant.maxPrice, merchant.code).toBeGreaterThanOrEqual(merchant.minPrice);
      for (const value of merchant.denominations) {
        expect(value, merchant.code).toBeGreaterThanOrEqual(merchant.minPrice);
        expect(value, merchant.code).toBeLessThanOrEqual(merchant.maxPrice);
      }
    }
  });

  it('includes fixed-value products, products under £5, and a few in EUR and USD', () => {
    expect(seedMerchants.filter((m) => m.minPrice === m.maxPrice).length).toBeGreaterThan(0);
    expect(seedMerchants.filter((m) => m.minPrice < 500 && m.maxPrice < 500).length).toBeGreaterThan(0);
    expect(seedMerchants.some((m) => m.currency === 'EUR')).toBe(true);
    expect(seedMerchants.some((m) => m.currency === 'USD')).toBe(true);
    const gbp = seedMerchants.filter((m) => m.currency === 'GBP').length;
    expect(gbp / seedMerchants.length).toBeGreaterThan(0.8);
  });
});

describe('seeding a database', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const count = async () => {
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(products);
    return row?.n;
  };

  it('seeds an empty catalogue once, and leaves a seeded one alone', async () => {
    expect(await seedCatalogueIfEmpty(database.db)).toBe(seedMerchants.length);
    expect(await seedCatalogueIfEmpty(database.db)).toBe(0);
    expect(await count()).toBe(seedMerchants.length);
  });

  it('adds synthetic products on request', async () => {
    await seedSyntheticProducts(database.db, 250, 100);
    expect(await count()).toBe(seedMerchants.length + 250);
  });
});
