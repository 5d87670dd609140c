import { inject } from 'vitest';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { type Config, testConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { databaseUrl, newDatabaseName, onServer, readPgliteArchive } from './support/migrated-database';

/**
 * A database of the test file's own (decision 004): an in-memory PGlite by default, or a fresh
 * database on the PostgreSQL server named by TEST_DATABASE_URL (CI), dropped when the file is
 * done. Either starts as a copy of the database the run migrated once (support/migrated-database.ts).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const archive = inject('migratedPgliteArchive');
    if (archive) return openDatabase({ pgliteArchive: await readPgliteArchive(archive) });
    // Run without the project's globalSetup: migrate this one.
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }
  const name = await createServerDatabase(serverUrl);
  // Half production's pool, on a machine running several test files at once: the fifty-at-once
  // tests are about what happens, not about how long a connection may be waited for, so they may
  // wait longer for one than production does (database-pools.test.ts tests that wait's refusal).
  const database = await openDatabase({
    databaseUrl: databaseUrl(serverUrl, name),
    poolSize: 5,
    timeouts: { poolWaitMs: 15_000 },
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * Creates a migrated database of the caller's own on the PostgreSQL server at `serverUrl`: a copy
 * of the run's template, or migrated here when run without the project's globalSetup. Resolves
 * with its name; the caller drops it.
 */
export async function createServerDatabase(serverUrl: string): Promise<string> {
  const name = newDatabaseName(serverUrl, 'file');
  const template = inject('migratedTemplateDatabase');
  await onServer(serverUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  if (!template) {
    const migrator = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolSize: 1 });
    try {
      await migrator.migrate();
    } finally {
      await migrator.close();
    }
  }
  return name;
}

export interface TestContext {
  app: App;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** Builds the whole app on a fresh database, silent, ready for `app.inject`. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), database, logger: false });
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
