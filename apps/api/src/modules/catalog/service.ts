import {
  CARD_ART_PATH,
  type CategoryValue,
  categoryValues,
  type Pagination,
  type Product,
  type ProductFiltersQuery,
  type ProductSearchQuery,
  type ProductSearchResponse,
  productSchema,
  type SortOption,
  toMajorUnits,
} from '@gvm/contract';
import { and, asc, desc, eq, getTableColumns, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from '../../db/schema/catalog';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { answerAt, type CatalogIndexHolder, searchIndex } from './catalog-index';
import { type BrowseTotals, browseTotalKey, type CountCache } from './count-cache';
import { type ProductFacts, productColumns } from './product-columns';

/**
 * The product's card art: drawn by the app, or (a redirect to) the merchant's own art when it has
 * given us one (decision 028). One address either way, so a value can be asked of it.
 */
export function logoUrl(code: string): string {
  return `${CARD_ART_PATH}${encodeURIComponent(code)}.svg`;
}

/**
 * The card as a PNG at an absolute address, with the voucher's value (minor units) printed on it:
 * for e-mails, where SVG is poorly supported (decision 028).
 */
export function cardArtEmailUrl(publicUrl: string, code: string, value: number, currency: string): string {
  const file = `${publicUrl}${CARD_ART_PATH}${encodeURIComponent(code)}.png`;
  return `${file}?value=${toMajorUnits(value)}&currency=${encodeURIComponent(currency)}`;
}

export function toProduct(row: ProductFacts): Product {
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
    // Sent only when true: every other product keeps the open-range rule, and its answer its size.
    ...(row.fixedValues ? { fixedValues: true } : {}),
    category: row.category as CategoryValue,
  };
}

/** `%` and `_` typed by a shopper are literal characters, not wildcards. */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const merchantKey = sql`lower(${products.merchantName})`;

type SortColumns = Record<'id' | 'merchantName' | 'minPrice' | 'maxPrice' | 'category', SQLWrapper>;

/** Each sort's ORDER BY, over the products table or a subquery of its rows. */
function orderingsOf(columns: SortColumns): Record<SortOption, SQL[]> {
  const merchant = sql`lower(${columns.merchantName})`;
  return {
    'merchant-az': [asc(merchant), asc(columns.id)],
    'merchant-za': [desc(merchant), desc(columns.id)],
    'price-asc': [asc(columns.minPrice), asc(columns.id)],
    'price-desc': [desc(columns.maxPrice), desc(columns.id)],
    'category-az': [asc(columns.category), asc(merchant), asc(columns.id)],
    'category-za': [desc(columns.category), asc(merchant), asc(columns.id)],
  };
}

const orderings = orderingsOf(products);

/** The merchant-name term a search matches, lower-cased (the match is case-insensitive); '' for none. */
export function searchTerm(query: Pick<ProductSearchQuery, 'q' | 'merchant'>): string {
  return (query.q || query.merchant || '').toLowerCase();
}

/** A search's filter values; the LIKE pattern is the term escaped and wrapped in `%`. */
interface SearchFilter {
  category?: string | undefined;
  pattern?: string | undefined;
  country?: string | undefined;
}

function searchFilter(query: Omit<ProductSearchQuery, 'limit' | 'page' | 'sortBy'>): SearchFilter {
  // docs/product/browsing.md#search-filter-and-sort: q takes precedence over merchant; both match within the merchant name.
  const term = searchTerm(query);
  return {
    category: query.category || undefined,
    pattern: term ? `%${escapeLike(term)}%` : undefined,
    country: query.country || undefined,
  };
}

/** Products on sale: a brand the supplier no longer offers is hidden from browse (decision 068). */
export const onSale = sql`${products.available}`;

/**
 * The filter's WHERE: with its values, or with placeholders for a statement built once
 * (`statement`); always only the products on sale.
 */
function searchConditions(filter: { [K in keyof SearchFilter]?: unknown }): SQL | undefined {
  const conditions: SQL[] = [onSale];
  if (filter.category !== undefined) conditions.push(sql`${products.category} = ${filter.category}`);
  if (filter.pattern !== undefined) conditions.push(sql`${merchantKey} like ${filter.pattern}`);
  if (filter.country !== undefined) conditions.push(sql`${products.countries} @> array[${filter.country}]::text[]`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * Each search statement is built once per executor and shape (which filters it has, its sort) with
 * placeholders, and sent as an unnamed statement: drizzle no longer builds the same SQL on every
 * miss, and PostgreSQL still plans each execution with its own values, as before (a named
 * statement may switch to one generic plan for every term and every page).
 */
const UNNAMED = '';
const placeholders = {
  category: sql.placeholder('category'),
  pattern: sql.placeholder('pattern'),
  country: sql.placeholder('country'),
};
const statements = new WeakMap<Executor, Map<string, unknown>>();

function statement<T>(
  db: Executor,
  kind: string,
  filter: SearchFilter,
  sortBy: SortOption | '',
  build: (where: SQL | undefined) => T,
): T {
  let built = statements.get(db);
  if (!built) {
    built = new Map();
    statements.set(db, built);
  }
  const key = `${kind}:${Number(filter.category !== undefined)}${Number(filter.pattern !== undefined)}${Number(filter.country !== undefined)}:${sortBy}`;
  let found = built.get(key) as T | undefined;
  if (!found) {
    found = build(
      searchConditions({
        category: filter.category === undefined ? undefined : placeholders.category,
        pattern: filter.pattern === undefined ? undefined : placeholders.pattern,
        country: filter.country === undefined ? undefined : placeholders.country,
      }),
    );
    built.set(key, found);
  }
  return found;
}

/** A product's answer as JSON, checked against the contract: what the catalogue index keeps (decision 036). */
export function productAnswer(row: ProductFacts): string {
  return JSON.stringify(productSchema.parse(toProduct(row)));
}

/** The pagination of an answer of `total` matches. */
function paginationOf(query: ProductSearchQuery, total: number): Pagination {
  return { currentPage: query.page, totalPages: Math.ceil(total / query.limit), total };
}

/**
 * A search's answer as the JSON sent, made by `serialise` (which checks it against the
 * contract). With an index holding each product's checked answer (decision 036), the page's
 * products are put together from those, and nothing is read from the database.
 */
export async function searchProductsJson(
  db: Executor,
  query: ProductSearchQuery,
  helpers: SearchHelpers,
  serialise: (response: ProductSearchResponse) => string,
): Promise<string> {
  const index = helpers.generation ? helpers.index?.ready(helpers.generation) : undefined;
  if (index?.answers) {
    const filter = { ...searchFilter(query), term: searchTerm(query) };
    const found = searchIndex(index, filter, query.sortBy, (query.page - 1) * query.limit, query.limit);
    const products = found.positions.map((position) => answerAt(index, position)).join(',');
    // The answer's frame made and checked as always, with the checked products put inside it.
    const frame = serialise({ products: [], pagination: paginationOf(query, found.total) });
    return frame.replace('"products":[]', () => `"products":[${products}]`);
  }
  return serialise(await searchProducts(db, query, helpers));
}

/** What a search may answer from besides the database; each optional. */
export interface SearchHelpers {
  /** Totals remembered a while, per generation for browse pages (count-cache.ts). */
  counts?: CountCache | undefined;
  /** The catalogue generation the answer is for (decision 022): scopes cached totals and the index. */
  generation?: string | undefined;
  /** The catalogue's index in memory (decision 036): a search or browse page then reads only its page's rows. */
  index?: CatalogIndexHolder | undefined;
}

export async function searchProducts(
  db: Executor,
  query: ProductSearchQuery,
  { counts, generation = '', index: indexes }: SearchHelpers = {},
): Promise<ProductSearchResponse> {
  const filter = searchFilter(query);
  const countMatches = async () => {
    const counting = statement(db, 'count', filter, '', (where) =>
      db.select({ total: sql<number>`count(*)::int` }).from(products).where(where).prepare(UNNAMED),
    );
    const [row] = await counting.execute({ ...filter });
    return row?.total ?? 0;
  };
  const countKey = JSON.stringify([generation, query.category, searchTerm(query), query.country]);
  const total = () => {
    if (!counts) return countMatches();
    // A browse page's total comes from the generation's table of browse totals (count-cache.ts).
    if (generation && !searchTerm(query)) return counts.browseTotal(generation, filter, () => countBrowseTotals(db));
    return counts.get(countKey, countMatches);
  };
  const offset = (query.page - 1) * query.limit;
  const answer = (rows: ProductFacts[], matches: number): ProductSearchResponse => ({
    products: rows.map(toProduct),
    pagination: paginationOf(query, matches),
  });
  // With the generation's index in memory (decision 036), the page is found there and only its
  // rows are read, by id.
  const term = searchTerm(query);
  const index = generation ? indexes?.ready(generation) : undefined;
  if (index) {
    const found = searchIndex(index, { ...filter, term }, query.sortBy, offset, query.limit);
    return answer(await productsInOrder(db, found.ids), found.total);
  }
  // Without it, a term of three letters or more is found through the trigram index, and the
  // page's rows carry the number of matches (a page past the end has no row to carry it). A
  // shorter term has no trigram: walking the sort's index is then the better plan, as for a
  // browse page.
  const values = { ...filter, limit: query.limit, offset };
  if (term.length >= 3) {
    const rows = await statement(db, 'term', filter, query.sortBy, (where) =>
      pageOfTermMatches(db, where, query.sortBy).prepare(UNNAMED),
    ).execute(values);
    return answer(rows, rows[0]?.matches ?? (offset > 0 ? await total() : 0));
  }
  const page = statement(db, 'page', filter, query.sortBy, (where) =>
    pageOfProducts(db, where, query.sortBy).prepare(UNNAMED),
  );
  const [rows, matches] = await Promise.all([page.execute(values), total()]);
  return answer(rows, matches);
}

/**
 * The products of `ids` in that order (one that has gone since the index was read is left out).
 * A named statement: its plan (the primary key, whatever the ids) is the same every time, so
 * each connection parses and plans it once.
 */
async function productsInOrder(db: Executor, ids: string[]): Promise<ProductFacts[]> {
  if (ids.length === 0) return [];
  const byIds = statement(db, 'ids', {}, '', () =>
    db
      .select(productColumns)
      .from(products)
      .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('catalog_products_by_ids'),
  );
  const rows = await byIds.execute({ ids });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * How many products each browse filter matches: every category in every country, each category
 * and each country alone, and the whole catalogue, in one statement. A product counts once in a
 * country its array names twice, as `countries @> array[country]` counts it.
 */
async function countBrowseTotals(db: Executor): Promise<BrowseTotals> {
  const result = await db.execute(sql`
    select p.category, u.country, count(*)::int as total
    from ${products} p cross join lateral unnest(p.countries) with ordinality as u(country, n)
    where p.available and u.country is not null and array_position(p.countries, u.country) = u.n
    group by grouping sets ((p.category, u.country), (u.country))
    union all
    select category, null, count(*)::int from ${products} where available group by grouping sets ((category), ())`);
  // Both drivers (node-postgres and PGlite) answer a raw statement with its rows.
  const { rows } = result as unknown as { rows: { category: string | null; country: string | null; total: number }[] };
  return new Map(rows.map((row) => [browseTotalKey(row.category, row.country), Number(row.total)]));
}

/** A browse page (category, country): the planner walks the sort's index and stops after one page. */
function pageOfProducts(db: Executor, where: SQL | undefined, sortBy: SortOption) {
  return db
    .select()
    .from(products)
    .where(where)
    .orderBy(...orderings[sortBy])
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

/** As many rows as PostgreSQL can return: a LIMIT that limits nothing, but is planned on its own. */
const EVERY_ROW = 2_147_483_647;

/**
 * A page of a merchant-name search, each row with the number of matches: the matches come from
 * the trigram index first (counted as they are read), then are sorted. The subquery's LIMIT keeps
 * PostgreSQL from folding it into the outer ORDER BY ... LIMIT (drizzle leaves out an
 * `OFFSET 0`): guessing that any term matches 1% of the rows, the planner would otherwise walk
 * the sort's index and test every row against the term, and a partner's name that matches one
 * product took most of a second at 100,000 products.
 *
 * Only the columns the sorts need go through the count and the sort, and the page's rows are
 * then read by id: a term matching thousands of products ("saffron": 4,000 at 100,000) no
 * longer holds every whole row in the window's store (spilled to disk past `work_mem`) nor
 * sorts them; 2-3 times faster for such terms (docs/performance-history.md).
 */
function pageOfTermMatches(db: Executor, where: SQL | undefined, sortBy: SortOption) {
  const matching = db
    .select({
      id: products.id,
      merchantName: products.merchantName,
      minPrice: products.minPrice,
      maxPrice: products.maxPrice,
      category: products.category,
      matches: sql<number>`count(*) over ()`.as('matches'),
    })
    .from(products)
    .where(where)
    .limit(EVERY_ROW)
    .as('matching');
  const page = db
    .select()
    .from(matching)
    .orderBy(...orderingsOf(matching)[sortBy])
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .select({ ...getTableColumns(products), matches: sql<number>`${page.matches}`.mapWith(Number) })
    .from(page)
    .innerJoin(products, eq(products.id, page.id))
    .orderBy(...orderingsOf(page)[sortBy]);
}

/** The best-selling products, for the top-sellers strip (docs/product/browsing.md#home: limit 8, GB). */
export async function topSellers(db: Executor, limit: number, country: string | undefined): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(onSale, country ? sql`${products.countries} @> array[${country}]::text[]` : undefined))
    .orderBy(desc(products.popularity), asc(products.id))
    .limit(limit);
  return rows.map(toProduct);
}

/**
 * The browse filters' lists (decision 031: no brand that leads to 'No products found'):
 * categories with a product in the country — not narrowed by the chosen category, so the
 * Category list still offers the others — and merchants with a product in the country and the
 * category. Without parameters, the whole catalogue, as the web client's call has none.
 */
export async function productFilters(
  db: Executor,
  query: ProductFiltersQuery = {},
): Promise<{ categories: string[]; merchants: string[] }> {
  const inCountry = query.country ? sql`${products.countries} @> array[${query.country}]::text[]` : undefined;
  const inCategory = query.category ? eq(products.category, query.category) : undefined;
  const [categoryRows, merchantRows] = await Promise.all([
    db.selectDistinct({ category: products.category }).from(products).where(and(onSale, inCountry)),
    db
      .selectDistinct({ name: products.merchantName, key: merchantKey })
      .from(products)
      .where(and(onSale, inCountry, inCategory))
      .orderBy(merchantKey),
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

/**
 * Of the given ids, the products no longer on sale (the supplier stopped offering the brand,
 * decision 068), by lower-case id: their merchant's name, for the checkout to name them.
 */
export async function findProductsNotOnSale(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, merchantName: products.merchantName })
    .from(products)
    .where(and(inArray(products.id, wanted), sql`not ${products.available}`));
  return new Map(rows.map((row) => [row.id.toLowerCase(), row.merchantName]));
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

/** What buying a product's card from the supplier needs: its brand there, and whether its cards carry a PIN. */
export interface SupplierFacts {
  /** The supplier's identifier of the brand; null when none was set. */
  brand: string | null;
  category: string;
}

/** The supplier facts of the products of the given codes that exist, by their code (decision 068). */
export async function findSupplierFacts(db: Executor, codes: readonly string[]): Promise<Map<string, SupplierFacts>> {
  const wanted = [...new Set(codes)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ code: products.code, brand: products.supplierBrand, category: products.category })
    .from(products)
    .where(inArray(products.code, wanted));
  return new Map(rows.map((row) => [row.code, { brand: row.brand, category: row.category }]));
}

/**
 * A product's supplier brand and category as SQL, read by the code another module's statement
 * names (the vouchers module's claim of a code request, decision 068): a part of its statement,
 * as decision 057's parts are, so that module reads no table of ours directly.
 */
export function supplierFactsSql(productCode: SQL): { brand: SQL; category: SQL } {
  return {
    brand: sql`(select ${products.supplierBrand} from ${products} where ${products.code} = ${productCode})`,
    category: sql`(select ${products.category} from ${products} where ${products.code} = ${productCode})`,
  };
}

/** What a product's card art is drawn from, or the merchant's own art when it has given us one. */
export interface CardArtFacts {
  name: string;
  color: string;
  category: string;
  currency: string;
  artUrl: string | null;
}

export async function findCardArtFacts(db: Executor, code: string): Promise<CardArtFacts | null> {
  const [row] = await db
    .select({
      name: products.merchantName,
      color: products.brandColor,
      category: products.category,
      currency: products.currency,
      artUrl: products.artUrl,
    })
    .from(products)
    .where(eq(products.code, code))
    .limit(1);
  return row ?? null;
}

/** Product ids in a stable order, for the sitemap: one indexed scan, however large the catalogue. */
export async function listProductIds(db: Executor, limit: number): Promise<string[]> {
  const rows = await db.select({ id: products.id }).from(products).where(onSale).orderBy(asc(products.id)).limit(limit);
  return rows.map((row) => row.id);
}
