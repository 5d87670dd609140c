import { createVoucherSupplier } from './adapters/suppliers';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open-from-config';
import { syncCatalogWithSupplier } from './modules/catalog';

/**
 * `npm run catalog:sync`: the catalogue kept to the brands and values VOUCHER_SUPPLIER sells now
 * (decision 068), as the worker's daily task does. With the simulator there is no brand list to
 * read, and nothing changes.
 */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  const supplier = createVoucherSupplier(config);
  const result = await syncCatalogWithSupplier(database.db, supplier);
  console.log(
    result.brands === 0
      ? `${supplier.name} listed no brand: the catalogue is unchanged.`
      : `${supplier.name} lists ${result.brands} brands: ${result.onSale} products on sale, ${result.offSale} off sale, ${result.changed} changed.`,
  );
} finally {
  await database.close();
}
