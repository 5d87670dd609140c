import { eq, isNotNull } from 'drizzle-orm';
import type { SupplierBrand, VoucherSupplier } from '../../adapters/suppliers';
import type { App } from '../../app-types';
import type { Database } from '../../db/client';
import { products } from '../../db/schema/catalog';
import type { PeriodicTask } from '../../jobs/periodic-tasks';

/**
 * The catalogue kept to what the supplier sells (decision 068): each product names its brand at
 * the supplier (`supplier_brand`); the supplier's brand list decides whether it is on sale and at
 * which values. A brand the supplier no longer offers (absent, disabled, or in another currency)
 * is taken off sale: hidden from browse, refused at checkout. Vouchers already bought keep their
 * value and may be exchanged or converted. Run by `npm run catalog:sync` and daily by a worker.
 */

export interface CatalogSyncResult {
  /** Brands the supplier listed. */
  brands: number;
  /** Products whose brand the supplier offers, and those taken off sale now. */
  onSale: number;
  offSale: number;
  /** Products whose values or availability changed. */
  changed: number;
}

interface ProductFacts {
  id: string;
  brand: string;
  currency: string;
  denominations: number[];
  minPrice: number;
  maxPrice: number;
  fixedValues: boolean;
  available: boolean;
}

type Pricing = Pick<ProductFacts, 'denominations' | 'minPrice' | 'maxPrice' | 'fixedValues' | 'available'>;

/**
 * A product's values as the supplier now offers its brand: an open-value brand's range, with the
 * denominations we suggest kept where the range still takes them; a fixed-value brand's own
 * denominations, spanning its lowest to its highest, and only those sold (`fixedValues`: a value
 * between two of them is not). Off sale when the supplier does not offer it.
 */
export function pricingOf(product: ProductFacts, brand: SupplierBrand | undefined): Pricing {
  if (!brand?.available || brand.currency !== product.currency) return { ...product, available: false };
  const fixed = [...new Set(brand.denominations)].sort((a, b) => a - b);
  const minPrice = brand.minValue ?? fixed[0] ?? product.minPrice;
  const maxPrice = brand.maxValue ?? fixed.at(-1) ?? product.maxPrice;
  const denominations =
    fixed.length > 0 ? fixed : product.denominations.filter((value) => value >= minPrice && value <= maxPrice);
  const fixedValues = fixed.length > 0 && brand.minValue === null && brand.maxValue === null;
  return { denominations, minPrice, maxPrice, fixedValues, available: true };
}

const samePricing = (a: Pricing, b: Pricing) =>
  a.available === b.available &&
  a.minPrice === b.minPrice &&
  a.maxPrice === b.maxPrice &&
  a.fixedValues === b.fixedValues &&
  a.denominations.length === b.denominations.length &&
  a.denominations.every((value, index) => value === b.denominations[index]);

/**
 * Reads the supplier's brands (outside any transaction), then updates, in one transaction, each
 * product with a supplier brand whose values or availability changed. An empty brand list changes
 * nothing: it is far likelier a fault at the supplier than the end of every brand.
 */
export async function syncCatalogWithSupplier(db: Database, supplier: VoucherSupplier): Promise<CatalogSyncResult> {
  const brands = await supplier.listBrands();
  const rows = await db
    .select({
      id: products.id,
      brand: products.supplierBrand,
      currency: products.currency,
      denominations: products.denominations,
      minPrice: products.minPrice,
      maxPrice: products.maxPrice,
      fixedValues: products.fixedValues,
      available: products.available,
    })
    .from(products)
    .where(isNotNull(products.supplierBrand));
  if (brands.length === 0) return { brands: 0, onSale: 0, offSale: 0, changed: 0 };
  const bySlug = new Map(brands.map((brand) => [brand.slug, brand]));
  const updates = rows.flatMap((row) => {
    const product = { ...row, brand: row.brand ?? '' };
    const next = pricingOf(product, bySlug.get(product.brand));
    return samePricing(product, next) ? [] : [{ id: row.id, next }];
  });
  if (updates.length > 0) {
    await db.transaction(async (tx) => {
      for (const { id, next } of updates) await tx.update(products).set(next).where(eq(products.id, id));
    });
  }
  const onSale = rows.filter(
    (row) => pricingOf({ ...row, brand: row.brand ?? '' }, bySlug.get(row.brand ?? '')).available,
  );
  return {
    brands: brands.length,
    onSale: onSale.length,
    offSale: rows.length - onSale.length,
    changed: updates.length,
  };
}

/** The sync as a worker's daily periodic task (decision 055), with a supplier that lists brands (Tillo). */
export function catalogSyncTask(app: App): PeriodicTask {
  return {
    name: 'catalog-supplier-sync',
    everyMs: 24 * 60 * 60_000,
    leaseMs: 30 * 60_000,
    run: async () => {
      const result = await syncCatalogWithSupplier(app.db, app.voucherSupplier);
      app.log.info(result, 'catalogue: synced with the supplier’s brands');
    },
  };
}
