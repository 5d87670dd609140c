import { ConfigError, loadConfig } from '../config';
import { openConfiguredDatabase } from './open-from-config';

/**
 * `npm run migrate`: the release step of a deployment with web and worker instances (decision
 * 055), run once per release before they start, as the role that owns the tables. Safe to run
 * twice at once: on PostgreSQL the migrations take an advisory lock, and the second run finds
 * nothing left to apply. With DATABASE_APP_ROLE it then grants that role what the app needs
 * (db/app-role.ts, docs/deploy.md).
 */
try {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const pending = await database.pendingMigrations();
    await database.migrate({ appRole: config.databaseAppRole });
    console.log(pending > 0 ? `Applied ${pending} migration(s).` : 'The database is up to date.');
    if (config.databaseAppRole) console.log(`The app's role ${config.databaseAppRole} has its rights.`);
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(`Could not migrate: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
