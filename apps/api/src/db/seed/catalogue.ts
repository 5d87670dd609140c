import { categoryValues } from '@gvm/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { type NewProductRow, products } from '../schema';
import type { MerchantSeed } from './merchant-seed';
import { merchantsA } from './merchants-a';
import { merchantsB } from './merchants-b';

export const seedMerchants: readonly MerchantSeed[] = [...merchantsA, ...merchantsB];

/**
 * A merchant's brand at the supplier, as Tillo names brands ('Marks & Spencer' → 'marks-and-spencer',
 * 'Caffè Nero' → 'caffe-nero'): the seed's guess, which `npm run catalog:sync` then checks against
 * the supplier's own list (decision 068); a brand the supplier does not list goes off sale.
 */
export function supplierBrandSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function toRow(merchant: MerchantSeed): NewProductRow {
  return {
    code: merchant.code,
    merchantName: merchant.name,
    category: merchant.category,
    description: merchant.description,
    termsAndConditions: merchant.terms,
    currency: merchant.currency,
    countries: merchant.countries,
    denominations: merchant.denominations,
    minPrice: merchant.minPrice,
    maxPrice: merchant.maxPrice,
    brandColor: merchant.color,
    popularity: merchant.popularity,
    redemptionUrl: merchant.redemptionUrl,
    supplierBrand: supplierBrandSlug(merchant.name),
  };
}

async function countProducts(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  return row?.count ?? 0;
}

/** Seeds the partner catalogue when it is empty; answers how many products were added. */
export async function seedCatalogueIfEmpty(db: Executor): Promise<number> {
  if ((await countProducts(db)) > 0) return 0;
  await db.insert(products).values(seedMerchants.map(toRow)).onConflictDoNothing();
  await refreshStatistics(db);
  return seedMerchants.length;
}

export const syntheticWords = [
  'Amber',
  'Birch',
  'Cobalt',
  'Delta',
  'Ember',
  'Fern',
  'Granite',
  'Harbour',
  'Indigo',
  'Juniper',
  'Kestrel',
  'Linden',
  'Meadow',
  'Nimbus',
  'Orchard',
  'Pebble',
  'Quartz',
  'Rowan',
  'Saffron',
  'Thistle',
  'Umber',
  'Violet',
  'Willow',
  'Yarrow',
  'Zephyr',
];
export const syntheticNouns = [
  'Goods',
  'Outfitters',
  'Kitchen',
  'Studio',
  'Market',
  'Works',
  'Lane',
  'House',
  'Supply',
  'Co',
];

/**
 * Adds `count` generated products for benchmarks (decision 005). Deterministic names, so two
 * runs produce comparable catalogues; codes carry a run tag so repeated runs add, never clash.
 */
export async function seedSyntheticProducts(db: Executor, count: number, batchSize = 2000): Promise<void> {
  const tag = Date.now().toString(36).toUpperCase();
  for (let start = 0; start < count; start += batchSize) {
    const rows: NewProductRow[] = [];
    for (let i = start; i < Math.min(count, start + batchSize); i++) {
      const word = syntheticWords[i % syntheticWords.length] ?? 'Synthetic';
      const noun = syntheticNouns[Math.floor(i / syntheticWords.length) % syntheticNouns.length] ?? 'Store';
      const category = categoryValues[i % categoryValues.length] ?? 'fashion';
      const minPrice = 500 * (1 + (i % 4));
      rows.push({
        code: `SYN-${tag}-${i}`,
        merchantName: `${word} ${noun} ${i}`,
        category,
        description: `${word} ${noun} ${i} is a generated merchant used to measure the catalogue at scale.`,
        termsAndConditions: 'Generated product for benchmarks. Not for sale.',
        currency: i % 20 === 0 ? 'EUR' : 'GBP',
        countries: i % 7 === 0 ? ['GB', 'IE'] : ['GB'],
        denominations: [minPrice, minPrice * 2, minPrice * 5],
        minPrice,
        maxPrice: minPrice * 10,
        brandColor: `#${((i * 2654435761) % 0xffffff).toString(16).padStart(6, '0')}`,
        popularity: i % 1000,
        redemptionUrl: null,
      });
    }
    await db.insert(products).values(rows);
  }
  await refreshStatistics(db);
}

/**
 * After a bulk load. The planner needs fresh statistics to pick the indexes: PGlite never runs
 * autovacuum, and PostgreSQL's would come only later; without them a search at 100,000 products
 * plans a full scan and answers about 40 times slower. And the GIN indexes (trigram, countries)
 * keep newly inserted rows in a pending list that every search reads through until a vacuum
 * merges it: at 100,000 products the trigram scan of "amber goods" took 3.2 ms with the list
 * and 0.9 ms without (PostgreSQL, best of seven). Both are done here, in statements that also
 * run inside a transaction. Both are an owner's: the app's own role (docs/deploy.md, "The
 * database's roles"), seeding an empty catalogue on `npm start`, leaves the indexes to autovacuum
 * (its ANALYZE only warns that it skips the table).
 */
async function refreshStatistics(db: Executor): Promise<void> {
  await db.execute(sql`
    select gin_clean_pending_list(i.indexrelid)
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_am a on a.oid = c.relam
    where i.indrelid = 'products'::regclass and a.amname = 'gin' and pg_has_role(c.relowner, 'USAGE')`);
  await db.execute(sql`analyze products`);
}
