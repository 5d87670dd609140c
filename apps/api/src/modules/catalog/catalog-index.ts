import { setImmediate } from 'node:timers/promises';
import type { SortOption } from '@gvm/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { catalogGeneration, products } from '../../db/schema/catalog';
import type { ProductFacts } from './product-columns';

/**
 * Past this many products the index is not built and searches stay in PostgreSQL: at about 160
 * bytes a product it would hold 38 MiB, and its rows take about twice that while it is read.
 */
export const MAX_INDEXED_PRODUCTS = 250_000;
/**
 * Up to this many products the index also keeps each product's answer (about 480 bytes each:
 * 70 MiB at 150,000), so a page is put together without reading the database; past it, a
 * page's rows are read by id.
 */
export const MAX_PRODUCTS_WITH_ANSWERS = 150_000;
/** After a failed build (the database unreachable), searches use PostgreSQL this long before another try. */
const RETRY_AFTER_MS = 5_000;

/** The sorts other than by merchant name, each a ranking the database computed. */
type RankedSort = Exclude<SortOption, 'merchant-az' | 'merchant-za'>;
const rankedSorts: readonly RankedSort[] = ['price-asc', 'price-desc', 'category-az', 'category-za'];

/**
 * One generation of the catalogue, as a search or browse page needs it (decision 036). Products are
 * held by position in the merchant A-Z order (`lower(merchant_name)`, then id, as PostgreSQL
 * sorts them), so the products of one lower-cased name are one run of positions, and each other
 * sort is a ranking that PostgreSQL computed: no collation is re-implemented here.
 */
export interface CatalogIndex {
  /** The catalogue generation it was read in (`<epoch>.<n>`), in the same snapshot as its rows. */
  readonly generation: string;
  readonly size: number;
  /** Each product's id, 16 bytes a position. */
  readonly ids: Buffer;
  /** The distinct lower-cased merchant names, in A-Z order, and where each one's run starts. */
  readonly names: readonly string[];
  readonly nameStart: Int32Array;
  /** For each three characters found in a name, the names (ascending) that contain them. */
  readonly trigrams: ReadonlyMap<string, Int32Array>;
  readonly categories: readonly string[];
  readonly categoryOf: Uint16Array;
  /** Country codes, and each product's countries as bits of this list (at most 32 codes). */
  readonly countries: readonly string[];
  readonly countriesOf: Uint32Array;
  /** Per sort, each position's rank, and the position at each rank. */
  readonly rank: Readonly<Record<RankedSort, Int32Array>>;
  readonly atRank: Readonly<Record<RankedSort, Int32Array>>;
  /** Per category sort, each category's first and last rank (a category's products are one run of ranks). */
  readonly categoryRuns: Readonly<Record<'category-az' | 'category-za', Int32Array>>;
  /** How many products each category and country (or both, or neither) hold: `totalSlot`. */
  readonly browseTotals: Int32Array;
  /**
   * Each product's answer as JSON (checked against the contract once, when the index was read),
   * one after the other, and where each starts; undefined when none was asked for, or one failed
   * its check (a page is then read from the database and checked as a whole).
   */
  readonly answers?: { readonly text: Buffer; readonly start: Int32Array } | undefined;
  /** What the index holds, in bytes (its arrays, names and answers). */
  readonly bytes: number;
}

/** A product's answer as JSON, from its row; throws if the answer breaks the contract. */
export type AnswerOf = (row: ProductFacts) => string;

/** A search's filter: the lower-cased term ('' for none), and a category or country if chosen. */
export interface IndexFilter {
  term: string;
  category?: string | undefined;
  country?: string | undefined;
}

/** One page of a search, as ids in the page's order, and the number of products the filter matches. */
export interface IndexPage {
  ids: string[];
  /** The same products as positions in the index (for `answerAt`). */
  positions: number[];
  total: number;
}

/**
 * A page of products in `sortBy`'s order: a merchant search finds its names through their
 * three-letter pieces, then sorts its matches by rank; a browse page walks the sort's ranking
 * until the page is full, and takes its total from the table counted when the index was read.
 */
export function searchIndex(
  index: CatalogIndex,
  filter: IndexFilter,
  sortBy: SortOption,
  offset: number,
  limit: number,
): IndexPage {
  const category = filter.category === undefined ? ANY : index.categories.indexOf(filter.category);
  const country = filter.country === undefined ? ANY : index.countries.indexOf(filter.country);
  if (category === -1 || country === -1) return { ids: [], positions: [], total: 0 };
  fitScratch(index.size);
  const inFilter: Filter = { category, countryMask: country === ANY ? 0 : 1 << country };
  const positions = filter.term
    ? pageOfMatches(index, findMatches(index, filter.term, inFilter), sortBy, offset, limit)
    : browsePage(index, inFilter, sortBy, offset, limit);
  return {
    ids: positions.ids.map((position) => uuidAt(index.ids, position)),
    positions: positions.ids,
    total: positions.total ?? (index.browseTotals[totalSlot(index, category, country)] as number),
  };
}

/** A category's number (or ANY) and the bit of a country (0: any country). */
interface Filter {
  category: number;
  countryMask: number;
}

function inFilter(index: CatalogIndex, filter: Filter, position: number): boolean {
  return (
    (filter.category === ANY || index.categoryOf[position] === filter.category) &&
    (filter.countryMask === 0 || ((index.countriesOf[position] as number) & filter.countryMask) !== 0)
  );
}

/** No category (or no country) chosen. */
const ANY = -2;

/** Where the browse total of a category and a country (either ANY) is kept. */
function totalSlot(index: Pick<CatalogIndex, 'countries'>, category: number, country: number): number {
  const countries = index.countries.length + 1;
  return (category === ANY ? 0 : category + 1) * countries + (country === ANY ? 0 : country + 1);
}

/** The positions of the products in the filter whose lower-cased name contains `term`, in A-Z order. */
function findMatches(index: CatalogIndex, term: string, filter: Filter): Int32Array {
  let found = 0;
  const candidates = namesWithTrigramsOf(index, term);
  const count = candidates ? candidates.length : index.names.length;
  for (let i = 0; i < count; i++) {
    const name = candidates ? (candidates[i] as number) : i;
    // `lower(merchant_name) LIKE '%term%'` with every character of the term literal.
    if (!(index.names[name] as string).includes(term)) continue;
    const end = index.nameStart[name + 1] as number;
    for (let position = index.nameStart[name] as number; position < end; position++) {
      if (inFilter(index, filter, position)) scratch.matches[found++] = position;
    }
  }
  return scratch.matches.subarray(0, found);
}

/**
 * Working space for one search at a time (a search runs start to end without yielding), grown
 * to the largest index seen: a search for a common word allocates nothing per match.
 */
const scratch = { matches: new Int32Array(0), ranks: new Int32Array(0) };

function fitScratch(size: number): void {
  if (scratch.matches.length >= size) return;
  scratch.matches = new Int32Array(size);
  scratch.ranks = new Int32Array(size);
}

/**
 * The names that hold the term's rarest three characters: every name containing the term is
 * among them (undefined for a term shorter than three, which every name is tested against).
 */
function namesWithTrigramsOf(index: CatalogIndex, term: string): Int32Array | undefined {
  if (term.length < 3) return undefined;
  let rarest: Int32Array | undefined;
  for (let at = 0; at + 3 <= term.length; at++) {
    const names = index.trigrams.get(term.slice(at, at + 3));
    if (!names) return new Int32Array(0);
    if (!rarest || names.length < rarest.length) rarest = names;
  }
  return rarest;
}

/** One page of `matches` (positions in A-Z order) in `sortBy`'s order. */
function pageOfMatches(
  index: CatalogIndex,
  matches: Int32Array,
  sortBy: SortOption,
  offset: number,
  limit: number,
): { ids: number[]; total: number } {
  const count = Math.max(0, Math.min(limit, matches.length - offset));
  const ids: number[] = [];
  if (sortBy === 'merchant-az') {
    for (let i = 0; i < count; i++) ids.push(matches[offset + i] as number);
  } else if (sortBy === 'merchant-za') {
    for (let i = 0; i < count; i++) ids.push(matches[matches.length - 1 - offset - i] as number);
  } else if (count > 0) {
    const rank = index.rank[sortBy];
    const ranks = scratch.ranks.subarray(0, matches.length);
    for (let i = 0; i < matches.length; i++) ranks[i] = rank[matches[i] as number] as number;
    ranks.sort();
    for (let i = 0; i < count; i++) ids.push(index.atRank[sortBy][ranks[offset + i] as number] as number);
  }
  return { ids, total: matches.length };
}

/**
 * One page of the products in the filter, walking `sortBy`'s order from its start; with a
 * category, a category sort walks only that category's run of ranks.
 */
function browsePage(
  index: CatalogIndex,
  filter: Filter,
  sortBy: SortOption,
  offset: number,
  limit: number,
): { ids: number[]; total?: undefined } {
  const ids: number[] = [];
  const last = index.size - 1;
  let from = 0;
  let to = last;
  if (filter.category !== ANY && (sortBy === 'category-az' || sortBy === 'category-za')) {
    const run = index.categoryRuns[sortBy];
    from = run[filter.category * 2] as number;
    to = run[filter.category * 2 + 1] as number;
  }
  const atRank = sortBy === 'merchant-az' || sortBy === 'merchant-za' ? undefined : index.atRank[sortBy];
  let skipped = 0;
  for (let rank = from; rank <= to && ids.length < limit; rank++) {
    const position = atRank ? (atRank[rank] as number) : sortBy === 'merchant-az' ? rank : last - rank;
    if (!inFilter(index, filter, position)) continue;
    if (skipped < offset) skipped++;
    else ids.push(position);
  }
  return { ids };
}

/** The product's answer as JSON, if the index holds answers. */
export function answerAt(index: CatalogIndex, position: number): string | undefined {
  const answers = index.answers;
  return answers?.text.toString('utf8', answers.start[position], answers.start[position + 1]);
}

function uuidAt(ids: Buffer, position: number): string {
  const hex = ids.toString('hex', position * 16, position * 16 + 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A product as the index reads it; with answers, also what its answer is made of. */
interface IndexRow extends ProductFacts {
  /** The lower-cased merchant name. */
  name: string;
  price_asc: number;
  price_desc: number;
  category_az: number;
  category_za: number;
}

/**
 * Reads the catalogue in one repeatable-read snapshot: its generation and every product on sale's
 * (a brand the supplier stopped offering is left out, decision 068) id,
 * lower-cased merchant name, category, countries and rank in each sort, in merchant A-Z order,
 * and with `answerOf` (up to MAX_PRODUCTS_WITH_ANSWERS) what each product's answer is made of.
 * Undefined when the catalogue is too large to hold (or has more than 32 countries).
 */
export async function readCatalogIndex(db: Executor, answerOf?: AnswerOf): Promise<CatalogIndex | undefined> {
  const read = await db.transaction(
    async (tx) => {
      const [generation] = await tx.select().from(catalogGeneration);
      const [counted] = await tx
        .select({ total: sql<number>`count(*)::int` })
        .from(products)
        .where(sql`${products.available}`);
      const total = counted?.total ?? 0;
      if (total > MAX_INDEXED_PRODUCTS) return { generation, rows: undefined };
      const withAnswers = answerOf !== undefined && total <= MAX_PRODUCTS_WITH_ANSWERS;
      // Each ranking is the ORDER BY of the sort it stands for (service.ts, `orderingsOf`).
      const result = await tx.execute(sql`
        select id::text as id, lower(merchant_name) as name, category, countries,
          ${withAnswers ? sql`code, merchant_name as "merchantName", redemption_url as "redemptionUrl", description, terms_and_conditions as "termsAndConditions", currency, min_price as "minPrice", max_price as "maxPrice", denominations, fixed_values as "fixedValues",` : sql``}
          (row_number() over (order by min_price, id))::int - 1 as price_asc,
          (row_number() over (order by max_price desc, id desc))::int - 1 as price_desc,
          (row_number() over (order by category, lower(merchant_name), id))::int - 1 as category_az,
          (row_number() over (order by category desc, lower(merchant_name), id))::int - 1 as category_za
        from ${products}
        where available
        order by lower(merchant_name), id`);
      const rows = (result as unknown as { rows: IndexRow[] }).rows;
      return { generation, rows, answerOf: withAnswers ? answerOf : undefined };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  if (!read.generation) throw new Error('catalog_generation has no row: run the migrations');
  if (!read.rows) return undefined;
  return indexOf(`${read.generation.epoch}.${read.generation.generation}`, read.rows, read.answerOf);
}

/** Rows indexed between two turns of the event loop: requests go on being answered meanwhile. */
const ROWS_PER_TURN = 5_000;

/** The index of `rows` (in merchant A-Z order), or undefined when they are too many to hold. */
async function indexOf(
  generation: string,
  rows: readonly IndexRow[],
  answerOf: AnswerOf | undefined,
): Promise<CatalogIndex | undefined> {
  const size = rows.length;
  if (size > MAX_INDEXED_PRODUCTS) return undefined;
  const ids = Buffer.alloc(size * 16);
  const names: string[] = [];
  const starts: number[] = [];
  const trigramNames = new Map<string, number[]>();
  const categories = new Map<string, number>();
  const countries = new Map<string, number>();
  const categoryOf = new Uint16Array(size);
  const countriesOf = new Uint32Array(size);
  const rank = Object.fromEntries(rankedSorts.map((sort) => [sort, new Int32Array(size)])) as Record<
    RankedSort,
    Int32Array
  >;
  const atRank = Object.fromEntries(rankedSorts.map((sort) => [sort, new Int32Array(size)])) as Record<
    RankedSort,
    Int32Array
  >;
  for (let position = 0; position < size; position++) {
    if (position % ROWS_PER_TURN === ROWS_PER_TURN - 1) await setImmediate();
    const row = rows[position] as IndexRow;
    ids.write(row.id.replaceAll('-', ''), position * 16, 'hex');
    if (names[names.length - 1] !== row.name) {
      const name = names.length;
      names.push(row.name);
      starts.push(position);
      for (let at = 0; at + 3 <= row.name.length; at++) {
        const trigram = row.name.slice(at, at + 3);
        const holders = trigramNames.get(trigram);
        if (!holders) trigramNames.set(trigram, [name]);
        else if (holders[holders.length - 1] !== name) holders.push(name);
      }
    }
    let category = categories.get(row.category);
    if (category === undefined) {
      category = categories.size;
      categories.set(row.category, category);
    }
    categoryOf[position] = category;
    let bits = 0;
    for (const country of row.countries) {
      let bit = countries.get(country);
      if (bit === undefined) {
        bit = countries.size;
        if (bit >= 32) return undefined;
        countries.set(country, bit);
      }
      bits |= 1 << bit;
    }
    countriesOf[position] = bits;
    for (const [sort, column] of [
      ['price-asc', row.price_asc],
      ['price-desc', row.price_desc],
      ['category-az', row.category_az],
      ['category-za', row.category_za],
    ] as const) {
      rank[sort][position] = column;
      atRank[sort][column] = position;
    }
  }
  starts.push(size);
  const nameStart = Int32Array.from(starts);
  const browseTotals = new Int32Array((categories.size + 1) * (countries.size + 1));
  const slots = { countries: [...countries.keys()] };
  for (let position = 0; position < size; position++) {
    const category = categoryOf[position] as number;
    const bits = countriesOf[position] as number;
    const count = (slot: number) => {
      browseTotals[slot] = (browseTotals[slot] as number) + 1;
    };
    for (const inCategory of [ANY, category]) {
      count(totalSlot(slots, inCategory, ANY));
      for (let country = 0; country < countries.size; country++) {
        if ((bits & (1 << country)) !== 0) count(totalSlot(slots, inCategory, country));
      }
    }
  }
  const categoryRuns = {
    'category-az': runsOf(atRank['category-az'], categoryOf, categories.size),
    'category-za': runsOf(atRank['category-za'], categoryOf, categories.size),
  };
  const trigrams = new Map<string, Int32Array>();
  let trigramBytes = 0;
  for (const [trigram, holders] of trigramNames) {
    const list = Int32Array.from(holders);
    trigrams.set(trigram, list);
    trigramBytes += list.byteLength + 64;
  }
  // A V8 string costs about 16 bytes beside its characters (one byte each when Latin-1).
  const namesBytes = names.reduce((sum, name) => sum + 16 + name.length, 0);
  const answers = answerOf ? await answersOf(rows, answerOf) : undefined;
  return {
    generation,
    size,
    ids,
    names,
    nameStart,
    trigrams,
    categories: [...categories.keys()],
    categoryOf,
    countries: [...countries.keys()],
    countriesOf,
    rank,
    atRank,
    categoryRuns,
    browseTotals,
    answers,
    bytes:
      ids.length +
      nameStart.byteLength +
      categoryOf.byteLength +
      countriesOf.byteLength +
      size * 4 * 2 * 4 +
      browseTotals.byteLength +
      namesBytes +
      trigramBytes +
      (answers ? answers.text.length + answers.start.byteLength : 0),
  };
}

/**
 * Every product's answer, checked once: one buffer and the offsets into it. Undefined when one
 * breaks the contract, so that pages holding it fail as they did before the index (and not the
 * whole index).
 */
async function answersOf(
  rows: readonly IndexRow[],
  answerOf: AnswerOf,
): Promise<{ text: Buffer; start: Int32Array } | undefined> {
  const parts: Buffer[] = [];
  const start = new Int32Array(rows.length + 1);
  let length = 0;
  for (let position = 0; position < rows.length; position++) {
    if (position % ROWS_PER_TURN === ROWS_PER_TURN - 1) await setImmediate();
    let answer: string;
    try {
      answer = answerOf(rows[position] as IndexRow);
    } catch {
      return undefined;
    }
    const part = Buffer.from(answer);
    parts.push(part);
    start[position] = length;
    length += part.length;
  }
  start[rows.length] = length;
  return { text: Buffer.concat(parts, length), start };
}

/** Each category's first and last rank in a ranking that keeps a category's products together. */
function runsOf(atRank: Int32Array, categoryOf: Uint16Array, categories: number): Int32Array {
  const runs = new Int32Array(categories * 2).fill(-1);
  for (let rank = 0; rank < atRank.length; rank++) {
    const category = categoryOf[atRank[rank] as number] as number;
    if (runs[category * 2] === -1) runs[category * 2] = rank;
    runs[category * 2 + 1] = rank;
  }
  return runs;
}

/**
 * The index of the catalogue's current generation, built in the background the first
 * time a search asks for a generation it does not have; meanwhile (and if the catalogue
 * is too large) searches are answered by PostgreSQL as before.
 */
export class CatalogIndexHolder {
  private built: CatalogIndex | undefined;
  /** The generation the last build was started for: not started again for it (too large, or read newer). */
  private startedFor: string | undefined;
  private building: Promise<void> | undefined;
  private failedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Executor,
    private readonly options: { answerOf?: AnswerOf; onError?: (error: unknown) => void; now?: () => number } = {},
  ) {}

  /** The index of `generation` if it is ready; otherwise undefined, and it starts being built. */
  ready(generation: string): CatalogIndex | undefined {
    if (this.built?.generation === generation) return this.built;
    if (this.building || this.startedFor === generation) return undefined;
    const now = this.options.now ?? Date.now;
    if (now() - this.failedAt < RETRY_AFTER_MS) return undefined;
    this.startedFor = generation;
    this.building = readCatalogIndex(this.db, this.options.answerOf)
      .then(
        (index) => {
          this.built = index;
        },
        (error: unknown) => {
          this.startedFor = undefined;
          this.failedAt = now();
          this.options.onError?.(error);
        },
      )
      .finally(() => {
        this.building = undefined;
      });
    return undefined;
  }

  /** Waits for a build under way (before the database closes, or in a test). */
  async settled(): Promise<void> {
    await this.building;
  }

  get bytes(): number {
    return this.built?.bytes ?? 0;
  }
}
