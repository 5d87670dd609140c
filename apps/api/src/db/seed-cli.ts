import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from './open-from-config';
import { seedCatalogueIfEmpty, seedSyntheticProducts } from './seed/catalogue';

/** `npm run seed` seeds the catalogue if empty; `npm run seed -- --synthetic N` adds N generated products. */
const { values } = parseArgs({ options: { synthetic: { type: 'string' } } });
const synthetic = values.synthetic === undefined ? 0 : Number(values.synthetic);
if (!Number.isInteger(synthetic) || synthetic < 0) {
  console.error('--synthetic takes a whole number of products, e.g. --synthetic 100000');
  process.exit(2);
}

const database = await openConfiguredDatabase(loadConfig());
try {
  // Only when something is left to apply: an app role that owns no table may seed, not migrate.
  if ((await database.pendingMigrations()) > 0) await database.migrate();
  const added = await seedCatalogueIfEmpty(database.db);
  console.log(added > 0 ? `Seeded ${added} partner merchants.` : 'Catalogue already seeded.');
  if (synthetic > 0) {
    await seedSyntheticProducts(database.db, synthetic);
    console.log(`Added ${synthetic} synthetic products.`);
  }
} finally {
  await database.close();
}
