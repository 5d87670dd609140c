import {
  type CategoryValue,
  categoryValues,
  type Product,
  type ProductSearchQuery,
  type ProductSearchResponse,
  type SortOption,
  toMajorUnits,
} from '@gvm/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ProductRow, products } from '../../db/schema/catalog';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { CountCache } from './count-cache';

export function logoUrl(code: string): string {
  return `/api/v1/logos/${encodeURIComponent(code)}.svg`;
}

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    merchant: { name: row.merchantName, redemptionUrl: row.redemptionUrl },
    imageUrl: logoUrl(row.code),
    description: row.description,
    termsAndConditions: row.termsAndConditions,
    country: row.countries,
    currency: row.currency,
    productCode: row.code,
    minPrice: toMajorUnits(row.minPrice),
    maxPrice: toMajorUnits(row.maxPrice),
    denominations: row.denominations.map(toMajorUnits),
    category: row.category as CategoryValue,
  };
}

/** `%` and `_` typed by a shopper are literal characters, not wildcards. */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const merchantKey = sql`lower(${products.merchantName})`;

const orderings: Record<SortOption, SQL[]> = {
  'merchant-az': [asc(merchantKey), asc(products.id)],
  'merchant-za': [desc(merchantKey), desc(products.id)],
  'price-asc': [asc(products.minPrice), asc(products.id)],
  'price-desc': [desc(products.maxPrice), desc(products.id)],
  'category-az': [asc(products.category), asc(merchantKey), asc(products.id)],
  'category-za': [desc(products.category), asc(merchantKey), asc(products.id)],
};

/** The merchant-name term a search matches, lower-cased (the match is case-insensitive); '' for none. */
export function searchTerm(query: Pick<ProductSearchQuery, 'q' | 'merchant'>): string {
  return (query.q || query.merchant || '').toLowerCase();
}

function searchConditions(query: Omit<ProductSearchQuery, 'limit' | 'page' | 'sortBy'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.category) conditions.push(eq(products.category, query.category));
  // Spec 000 section 7: q takes precedence over merchant; both match within the merchant name.
  const term = searchTerm(query);
  if (term) conditions.push(sql`${merchantKey} like ${`%${escapeLike(term)}%`}`);
  if (query.country) conditions.push(sql`${products.countries} @> array[${query.country}]::text[]`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** `generation` scopes cached totals to the catalogue they counted (decision 022). */
export async function searchProducts(
  db: Executor,
  query: ProductSearchQuery,
  counts?: CountCache,
  generation = '',
): Promise<ProductSearchResponse> {
  const where = searchConditions(query);
  const countMatches = async () => {
    const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(products).where(where);
    return row?.total ?? 0;
  };
  const countKey = JSON.stringify([generation, query.category, searchTerm(query), query.country]);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(...orderings[query.sortBy])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    counts ? counts.get(countKey, countMatches) : countMatches(),
  ]);
  return {
    products: rows.map(toProduct),
    pagination: { currentPage: query.page, totalPages: Math.ceil(total / query.limit), total },
  };
}

/** The best-selling products, for the top-sellers strip (spec 000 section 9: limit 8, GB). */
export async function topSellers(db: Executor, limit: number, country: string | undefined): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(country ? sql`${products.countries} @> array[${country}]::text[]` : undefined)
    .orderBy(desc(products.popularity), asc(products.id))
    .limit(limit);
  return rows.map(toProduct);
}

export async function productFilters(db: Executor): Promise<{ categories: string[]; merchants: string[] }> {
  const [categoryRows, merchantRows] = await Promise.all([
    db.selectDistinct({ category: products.category }).from(products),
    db.selectDistinct({ name: products.merchantName, key: merchantKey }).from(products).orderBy(merchantKey),
  ]);
  const present = new Set(categoryRows.map((row) => row.category));
  return {
    categories: categoryValues.filter((value) => present.has(value)),
    merchants: merchantRows.map((row) => row.name),
  };
}

export async function getProduct(db: Executor, id: string): Promise<Product> {
  if (!isUuid(id)) throw notFound('Product not found');
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) throw notFound('Product not found');
  return toProduct(row);
}

/** The products of the given ids that exist, by their lower-case id; ids that are not uuids name nothing. */
export async function findProductsByIds(db: Executor, ids: readonly string[]): Promise<Map<string, Product>> {
  const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(products).where(inArray(products.id, wanted));
  return new Map(rows.map((row) => [row.id.toLowerCase(), toProduct(row)]));
}

export async function getProductByCode(db: Executor, code: string): Promise<Product> {
  const [row] = await db.select().from(products).where(eq(products.code, code)).limit(1);
  if (!row) throw notFound('Product not found');
  return toProduct(row);
}

/** The products of the given codes that exist, by their code (the catalogue facts a voucher refers to). */
export async function findProductsByCodes(db: Executor, codes: readonly string[]): Promise<Map<string, Product>> {
  const wanted = [...new Set(codes)];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(products).where(inArray(products.code, wanted));
  return new Map(rows.map((row) => [row.code, toProduct(row)]));
}

export async function findLogo(db: Executor, code: string): Promise<{ name: string; color: string } | null> {
  const [row] = await db
    .select({ name: products.merchantName, color: products.brandColor })
    .from(products)
    .where(eq(products.code, code))
    .limit(1);
  return row ?? null;
}

/** Product ids in a stable order, for the sitemap: one indexed scan, however large the catalogue. */
export async function listProductIds(db: Executor, limit: number): Promise<string[]> {
  const rows = await db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(limit);
  return rows.map((row) => row.id);
}
