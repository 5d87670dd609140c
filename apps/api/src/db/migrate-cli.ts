import { ConfigError, loadConfig } from '../config';
import { openConfiguredDatabase } from './open-from-config';

/**
 * `npm run migrate`: the release step of a deployment with web and worker instances (decision
 * 055), run once per release before they start. Safe to run twice at once: on PostgreSQL the
 * migrations take an advisory lock, and the second run finds nothing left to apply.
 */
try {
  const database = await openConfiguredDatabase(loadConfig());
  try {
    const pending = await database.pendingMigrations();
    await database.migrate();
    console.log(pending > 0 ? `Applied ${pending} migration(s).` : 'The database is up to date.');
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(`Could not migrate: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
