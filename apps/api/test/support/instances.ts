import { buildApp } from '../../src/app';
import type { App } from '../../src/app-types';
import { type Config, testConfig } from '../../src/config';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { createServerDatabase, createTestDatabase } from '../helpers';
import type { TestClock } from './app';
import { databaseUrl, onServer } from './migrated-database';

/**
 * One database for several instances of the app, as behind a load balancer (decision 056). On
 * PostgreSQL each instance opens its own pool to it, as separate processes would; on PGlite (one
 * process only) they share the one handle. Closing an instance's handle leaves the others open.
 */
export interface SharedDatabase {
  /** A handle for one more instance. */
  connect(): Promise<DatabaseHandle>;
  /** Closes every handle still open and drops the database. */
  close(): Promise<void>;
}

export async function createSharedDatabase(): Promise<SharedDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const shared = await createTestDatabase();
    return { connect: async () => ({ ...shared, close: async () => {} }), close: () => shared.close() };
  }
  const name = await createServerDatabase(serverUrl);
  const open = new Set<DatabaseHandle>();
  return {
    connect: async () => {
      const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolSize: 5 });
      open.add(handle);
      return {
        ...handle,
        close: async () => {
          if (open.delete(handle)) await handle.close();
        },
      };
    },
    close: async () => {
      for (const handle of open) await handle.close();
      open.clear();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export interface Instance {
  app: App;
  database: DatabaseHandle;
  /** Stops the instance as SIGTERM would, and closes its connections. */
  close(): Promise<void>;
}

/**
 * One instance of the whole app on the shared database, silent, on the test's clock.
 * `beforeReady` may add hooks (a counter of the requests it answers) before it starts.
 */
export async function startInstance(
  shared: SharedDatabase,
  clock: TestClock,
  overrides: Partial<Config> = {},
  beforeReady?: (app: App) => void,
): Promise<Instance> {
  const database = await shared.connect();
  const app = await buildApp({ config: testConfig(overrides), database, logger: false, clock: clock.now });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
