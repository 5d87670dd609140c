import type { DatabaseHandle } from '../../src/db/client';
import { openDatabase } from '../../src/db/client';
import { createServerDatabase, createTestDatabase } from '../helpers';
import { databaseUrl, onServer } from './migrated-database';

export interface SharedDatabase {
  /** Two handles on one database: on PostgreSQL two pools, as two processes would have. */
  first: DatabaseHandle;
  second: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * One migrated database seen by two "processes" (decision 055's several workers): two
 * connection pools on PostgreSQL. PGlite is one process's database, so there both are one handle.
 */
export async function openSharedDatabase(): Promise<SharedDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await createTestDatabase();
    return { first: database, second: database, close: () => database.close() };
  }
  const name = await createServerDatabase(serverUrl);
  const url = databaseUrl(serverUrl, name);
  const first = await openDatabase({ databaseUrl: url, poolSize: 4 });
  const second = await openDatabase({ databaseUrl: url, poolSize: 4 });
  return {
    first,
    second,
    close: async () => {
      await Promise.all([first.close(), second.close()]);
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
