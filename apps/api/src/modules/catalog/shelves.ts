import type { ProductShelvesResponse } from '@gvm/contract';
import { and, desc, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ProductRow, products } from '../../db/schema/catalog';
import { onSale, toProduct } from './service';

/** Cards a row of the home page holds (decision 032): more than a desktop shows, so it scrolls. */
export const SHELF_SIZE = 12;

/**
 * The occasions of the home page (decision 032), each a curated list of product codes in the order
 * they are shown. Chosen by hand from the seed catalogue (apps/api/src/db/seed): what a shopper
 * would give for the occasion. A code the catalogue (or the country) does not have is skipped, so
 * a merchant leaving the catalogue never breaks a row. Kept here, in one place; moving them into
 * a table is for the day someone edits them without a deploy.
 */
export const OCCASIONS = [
  {
    slug: 'birthday',
    title: 'Birthday',
    codes: [
      'ONE4ALL-GB',
      'ASOS-GB',
      'LEGO-GB',
      'SEPHORA-GB',
      'NIKE-GB',
      'PANDORA-GB',
      'VIRGIN-EXPERIENCE-DAYS-GB',
      'STEAM-GB',
      'SMYTHS-TOYS-GB',
      'WATERSTONES-GB',
      'PIZZAEXPRESS-GB',
      'LOVE2SHOP-GB',
    ],
  },
  {
    slug: 'thank-you',
    title: 'Thank you',
    codes: [
      'COSTA-COFFEE-GB',
      'STARBUCKS-GB',
      'MARKS-SPENCER-GB',
      'LUSH-GB',
      'NATIONAL-BOOK-TOKENS-GB',
      'KRISPY-KREME-GB',
      'NANDOS-GB',
      'THE-BODY-SHOP-GB',
      'WAGAMAMA-GB',
      'PRET-A-MANGER-GB',
      'BOOTS-GB',
      'CAFFE-NERO-GB',
    ],
  },
  {
    slug: 'wedding',
    title: 'Wedding',
    codes: [
      'JOHN-LEWIS-GB',
      'THE-WHITE-COMPANY-GB',
      'SELFRIDGES-GB',
      'LIBERTY-GB',
      'HEALS-GB',
      'FORTNUM-MASON-GB',
      'IKEA-GB',
      'LAKELAND-GB',
      'SPABREAKS-GB',
      'RED-LETTER-DAYS-GB',
      'EUROSTAR-GB',
      'CENTER-PARCS-GB',
    ],
  },
  {
    slug: 'new-baby',
    title: 'New baby',
    codes: [
      'JOHN-LEWIS-GB',
      'MARKS-SPENCER-GB',
      'BOOTS-GB',
      'NEXT-GB',
      'BUILD-A-BEAR-GB',
      'THE-ENTERTAINER-GB',
      'HM-GB',
      'DUNELM-GB',
      'HAMLEYS-GB',
      'WATERSTONES-GB',
      'SMYTHS-TOYS-GB',
      'ONE4ALL-GB',
    ],
  },
  {
    slug: 'christmas',
    title: 'Christmas',
    codes: [
      'HAMLEYS-GB',
      'FORTNUM-MASON-GB',
      'SELFRIDGES-GB',
      'LEGO-GB',
      'ARGOS-GB',
      'PLAYSTATION-STORE-GB',
      'NINTENDO-ESHOP-GB',
      'XBOX-GB',
      'THEATRE-TOKENS-GB',
      'CURRYS-GB',
      'LOVE2SHOP-GB',
      'MARKS-SPENCER-GB',
    ],
  },
] as const satisfies readonly { slug: string; title: string; codes: readonly string[] }[];

/**
 * The price bands (decision 032), in pounds: a product is in a band when its range offers a value
 * in it, in minor units, bounds included (a £50 card is '£25 to £50'). The spec's value rule
 * accepts any value between a product's minimum and maximum (value-options.ts, isAcceptedValue),
 * so the range is what counts. Pound bands hold GBP products only.
 */
export const PRICE_BANDS = [
  { slug: 'under-25', title: 'Under £25', min: 1, max: 2499 },
  { slug: '25-to-50', title: '£25 to £50', min: 2500, max: 5000 },
  { slug: '50-to-100', title: '£50 to £100', min: 5001, max: 10000 },
  { slug: 'over-100', title: 'Over £100', min: 10001, max: null },
] as const satisfies readonly { slug: string; title: string; min: number; max: number | null }[];
const BAND_CURRENCY = 'GBP';
/** The open band's upper bound: prices are PostgreSQL integers. */
const INTEGER_MAX = 2_147_483_647;

function inCountry(country: string | undefined): SQL | undefined {
  return country ? sql`${products.countries} @> array[${country}]::text[]` : undefined;
}

/**
 * A band's products: those whose range meets the band, the ones most about it first: the share of
 * the product's range that lies in the band (1 for a range wholly inside it, so 'Under £25' opens
 * with Greggs and Spotify; a £5 to £500 card is only a tenth about '£50 to £100'), then by
 * popularity. Ordered by popularity alone, the wide-ranged best-sellers led every band with the
 * same cards.
 */
async function bandProducts(db: Executor, band: (typeof PRICE_BANDS)[number], country: string | undefined) {
  const upper = band.max ?? INTEGER_MAX;
  const meets = sql`${products.minPrice} <= ${upper} and ${products.maxPrice} >= ${band.min}`;
  // Computed in bigint, so the open band's upper bound cannot overflow the arithmetic.
  const overlap = sql`least(${products.maxPrice}::bigint, ${upper}::bigint) - greatest(${products.minPrice}::bigint, ${band.min}::bigint)`;
  const share = sql`case when ${products.maxPrice} = ${products.minPrice} then 1 else (${overlap})::float8 / (${products.maxPrice} - ${products.minPrice}) end`;
  const rows = await db
    .select()
    .from(products)
    .where(and(onSale, meets, sql`${products.currency} = ${BAND_CURRENCY}`, inCountry(country)))
    .orderBy(desc(share), desc(products.popularity), products.id)
    .limit(SHELF_SIZE);
  return rows.map(toProduct);
}

/**
 * The home page's rows below the top sellers (decision 032): the occasions, then the price bands.
 * A row with no product in the country is left out.
 */
export async function productShelves(db: Executor, country: string | undefined): Promise<ProductShelvesResponse> {
  const codes = [...new Set(OCCASIONS.flatMap((occasion) => occasion.codes))];
  const [rows, ...bands] = await Promise.all([
    db
      .select()
      .from(products)
      .where(and(onSale, inArray(products.code, codes), inCountry(country))),
    ...PRICE_BANDS.map((band) => bandProducts(db, band, country)),
  ]);
  const byCode = new Map<string, ProductRow>(rows.map((row) => [row.code, row]));
  const occasions = OCCASIONS.map(({ slug, title, codes: listed }) => ({
    slug,
    title,
    products: listed.flatMap((code) => {
      const row = byCode.get(code);
      return row ? [toProduct(row)] : [];
    }),
  }));
  const priceBands = PRICE_BANDS.map(({ slug, title }, index) => ({ slug, title, products: bands[index] ?? [] }));
  return {
    occasions: occasions.filter((row) => row.products.length > 0),
    priceBands: priceBands.filter((row) => row.products.length > 0),
  };
}
