import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { databaseUrl, newDatabaseName, onServer } from './support/migrated-database';

/**
 * Migrations as a release step (decision 055): `npm run migrate` is safe to run twice at once, and
 * a web or worker instance never migrates and will not run on a database behind its code.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../drizzle/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] };
const migrationCount = journal.entries.length;

const opened: DatabaseHandle[] = [];
const created: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
});
afterAll(async () => {
  if (!serverUrl) return;
  for (const name of created) await onServer(serverUrl, `drop database if exists ${name} with (force)`);
});

/** A database with nothing in it: PGlite in memory, or a new database on the PostgreSQL server. */
async function emptyDatabaseUrl(): Promise<string> {
  if (!serverUrl) throw new Error('needs TEST_DATABASE_URL');
  const name = newDatabaseName(serverUrl, 'empty');
  await onServer(serverUrl, `create database ${name}`);
  created.push(name);
  return databaseUrl(serverUrl, name);
}

async function openEmpty(url?: string): Promise<DatabaseHandle> {
  const database = await openDatabase(url ? { databaseUrl: url, poolSize: 2 } : {});
  opened.push(database);
  return database;
}

describe('pending migrations', () => {
  it('counts every migration on an empty database and none once it is migrated', async () => {
    const database = await openEmpty(serverUrl ? await emptyDatabaseUrl() : undefined);
    expect(await database.pendingMigrations()).toBe(migrationCount);
    await database.migrate();
    expect(await database.pendingMigrations()).toBe(0);
  });
});

describe('APP_ROLE', () => {
  // Every secret given, so that reading the configuration writes no file.
  const base = {
    JWT_SECRET: 'x'.repeat(32),
    PAYMENT_WEBHOOK_SECRET: 'y'.repeat(32),
    VOUCHER_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  };
  it('is all by default, and web or worker only with a DATABASE_URL', () => {
    expect(loadConfig(base).appRole).toBe('all');
    expect(() => loadConfig({ ...base, APP_ROLE: 'worker' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, APP_ROLE: 'web' })).toThrow(/APP_ROLE=web needs DATABASE_URL/);
    expect(loadConfig({ ...base, APP_ROLE: 'worker', DATABASE_URL: 'postgres://db/x' }).appRole).toBe('worker');
    expect(() => loadConfig({ ...base, APP_ROLE: 'workers' })).toThrow(/APP_ROLE: must be web, worker or all/);
  });
});

describe.skipIf(!serverUrl)('on PostgreSQL', () => {
  it('two migrations started at once both succeed, and each migration is applied once', async () => {
    const url = await emptyDatabaseUrl();
    const [one, two] = await Promise.all([openEmpty(url), openEmpty(url)]);
    await Promise.all([one.migrate(), two.migrate()]);
    const { rows } = await queryOn(url, 'select hash from drizzle.__drizzle_migrations');
    expect(rows).toHaveLength(migrationCount);
    expect(new Set(rows.map((row) => row.hash)).size).toBe(migrationCount);
    expect(await one.pendingMigrations()).toBe(0);
  });

  it('a web or worker instance on an unmigrated database says so and exits 1; after npm run migrate a worker runs', async () => {
    const url = await emptyDatabaseUrl();
    for (const role of ['web', 'worker']) {
      const refused = await run(serverEntry, { APP_ROLE: role, DATABASE_URL: url, PORT: '0' });
      expect(refused.code, refused.output).toBe(1);
      expect(refused.output).toContain(`The database is behind this code: ${migrationCount} migration(s) not applied`);
      expect(refused.output).toContain('npm run migrate');
    }
    const migrated = await run(migrateEntry, { DATABASE_URL: url });
    expect(migrated).toMatchObject({ code: 0 });
    expect(migrated.output).toContain(`Applied ${migrationCount} migration(s).`);
    expect(await (await openEmpty(url)).pendingMigrations()).toBe(0);

    const worker = await startWorker({ APP_ROLE: 'worker', DATABASE_URL: url, PORT: '0' });
    expect(await (await fetch(`${worker.url}/health/ready`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`${worker.url}/api/v1/products/search`)).status).toBe(404);
    worker.child.kill('SIGTERM');
    expect(await exitOf(worker.child)).toBe(0);
    // Four processes start in this test, each loading the app's sources: minutes on a busy machine.
  }, 300_000);
});

async function queryOn(url: string, text: string): Promise<{ rows: Array<Record<string, unknown>> }> {
  const database = await openEmpty(url);
  const pool = (database.db as unknown as { $client: { query(text: string): Promise<{ rows: [] }> } }).$client;
  return pool.query(text);
}

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');
const migrateEntry = path.resolve(import.meta.dirname, '../src/db/migrate-cli.ts');
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function spawnEntry(entry: string, env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '/nonexistent',
      DATA_DIR: '/tmp/gvm-roles',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

async function run(entry: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { child, output } = spawnEntry(entry, env);
  const code = await exitOf(child);
  return { code, output: output() };
}

function startWorker(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const { child, output } = spawnEntry(serverEntry, env);
  return new Promise((resolve, reject) => {
    const look = () => {
      const match = /\(worker\) is running at (http:\/\/localhost:\d+)/.exec(output());
      if (match?.[1]) resolve({ child, url: match[1] });
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${output()}`)));
  });
}
