import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A partner merchant's voucher product. Prices are integer minor units; `countries` lists the
 * ISO codes where the voucher can be used. The indexes serve the browse filters (decision 005):
 * country containment (GIN), case-insensitive merchant search (trigram), and each sort order.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    merchantName: text('merchant_name').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    termsAndConditions: text('terms_and_conditions').notNull(),
    currency: text('currency').notNull(),
    countries: text('countries').array().notNull(),
    denominations: integer('denominations').array().notNull().default(sql`'{}'::integer[]`),
    minPrice: integer('min_price').notNull(),
    maxPrice: integer('max_price').notNull(),
    brandColor: text('brand_color').notNull(),
    popularity: integer('popularity').notNull().default(0),
    redemptionUrl: text('redemption_url'),
    /**
     * The merchant's own gift-card art (an absolute https URL), when it has given us one; without
     * it the app draws the card itself (/logos/:code.svg, decision 028). No upload UI yet.
     */
    artUrl: text('art_url'),
    /**
     * The gift-card supplier's identifier of the brand (Tillo's slug): what a code is bought
     * under, and what the catalogue sync matches (decision 068).
     */
    supplierBrand: text('supplier_brand'),
    /** False once the supplier no longer offers the brand: hidden from browse, refused at checkout. */
    available: boolean('available').notNull().default(true),
    /**
     * True when the supplier sells the brand at its denominations only (no open range): then those
     * are the only values offered and bought, whatever lies between the minimum and the maximum.
     */
    fixedValues: boolean('fixed_values').notNull().default(false),
    /**
     * How the merchant's tills read a code from a wallet pass (decision 071): `qr` by default, or
     * `code128` for tills with a linear barcode scanner.
     */
    barcodeFormat: text('barcode_format').$type<'qr' | 'code128'>().notNull().default('qr'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('products_countries_gin').using('gin', table.countries),
    index('products_merchant_trgm').using('gin', sql`lower(${table.merchantName}) gin_trgm_ops`),
    index('products_merchant_sort').on(sql`lower(${table.merchantName})`, table.id),
    index('products_category_merchant').on(table.category, sql`lower(${table.merchantName})`, table.id),
    index('products_min_price').on(table.minPrice, table.id),
    index('products_max_price').on(table.maxPrice, table.id),
    // A category page sorted by price walks its own category's slice, however rare the country.
    index('products_category_min_price').on(table.category, table.minPrice, table.id),
    index('products_category_max_price').on(table.category, table.maxPrice, table.id),
    index('products_popularity').on(table.popularity, table.id),
    check('products_barcode_format', sql`${table.barcodeFormat} in ('qr', 'code128')`),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;

/**
 * The catalogue's generation: one row, raised by a statement trigger on `products` (migration
 * 0007) in the same transaction as every insert, update, delete or truncate, whoever makes it
 * (the seed, a script, psql). Cached catalogue answers are keyed by epoch and generation
 * (decision 022); the random epoch keeps two databases (a re-created one, another deployment
 * on the same Redis) from ever sharing a key.
 */
export const catalogGeneration = pgTable(
  'catalog_generation',
  {
    id: boolean('id').primaryKey().default(true),
    epoch: uuid('epoch').notNull().defaultRandom(),
    generation: bigint('generation', { mode: 'number' }).notNull().default(1),
  },
  (table) => [check('catalog_generation_single_row', sql`${table.id}`)],
);
