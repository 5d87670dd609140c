import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { databaseUrl, newDatabaseName, onServer } from './support/migrated-database';

/**
 * Production runs the app as a role that owns no table (docs/deploy.md, "The database's roles"):
 * `npm run migrate`, run as the owner with DATABASE_APP_ROLE, grants that role the rows of every
 * table and nothing of an owner's. The audit trail's trigger refuses UPDATE and DELETE to anyone,
 * but an owner can switch it off; the app's role cannot, nor change or remove an audit row
 * itself. PostgreSQL only (PGlite has one user).
 */
const serverUrl = process.env.TEST_DATABASE_URL;

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A new database migrated by `npm run migrate` as the server's own user, and an app role granted by it. */
async function migratedWithAppRole(): Promise<{ ownerUrl: string; appUrl: string; appRole: string }> {
  if (!serverUrl) throw new Error('needs TEST_DATABASE_URL');
  const name = newDatabaseName(serverUrl, 'approle');
  const appRole = `${name}_app`;
  await onServer(serverUrl, `create database ${name}`);
  await onServer(serverUrl, `create role ${appRole} login password 'app-role-test'`);
  cleanups.push(async () => {
    await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    await onServer(serverUrl, `drop role if exists ${appRole}`);
  });
  const ownerUrl = databaseUrl(serverUrl, name);
  const app = new URL(ownerUrl);
  app.username = appRole;
  app.password = 'app-role-test';
  const migrated = await run(migrateEntry, { DATABASE_URL: ownerUrl, DATABASE_APP_ROLE: appRole });
  expect(migrated.code, migrated.output).toBe(0);
  expect(migrated.output).toContain(`The app's role ${appRole} has its rights.`);
  return { ownerUrl, appUrl: app.toString(), appRole };
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}

/** The SQLSTATE a statement fails with, or 'no refusal'. */
async function refusalOf(client: pg.Client, statement: string): Promise<string> {
  try {
    await client.query(statement);
    return 'no refusal';
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
}

const INSUFFICIENT_PRIVILEGE = '42501';

describe.skipIf(!serverUrl)("the app's database role", () => {
  it('writes rows, the audit trail only new ones, and cannot switch the audit trigger off', async () => {
    const { ownerUrl, appUrl } = await migratedWithAppRole();
    const app = await connect(appUrl);

    // The app's rows: read, written, changed and removed, as the app does.
    const operator = await app.query<{ id: string }>(
      "insert into operators (email, role) values ('audited@ugm.example', 'admin') returning id",
    );
    const operatorId = operator.rows[0]?.id;
    await app.query(
      "insert into audit_log (operator_id, role, action, target_type, target_id, at, ip) values ($1, 'admin', 'operator.invite', 'operator', 'x', now(), '127.0.0.1')",
      [operatorId],
    );
    await app.query("update operators set role = 'support' where id = $1", [operatorId]);
    expect((await app.query('select count(*)::int as rows from audit_log')).rows[0]).toEqual({ rows: 1 });

    // Never an audit row changed or removed, and never the trigger that guards them switched off.
    for (const statement of [
      "update audit_log set reason = 'rewritten'",
      'delete from audit_log',
      'truncate audit_log',
      'alter table audit_log disable trigger audit_log_append_only',
      'alter table audit_log disable trigger all',
      'drop trigger audit_log_append_only on audit_log',
      'create or replace function audit_log_refuse_change() returns trigger language plpgsql as $$ begin return new; end $$',
      'set session_replication_role = replica',
      'alter table audit_log owner to current_user',
    ]) {
      expect(await refusalOf(app, statement), statement).toBe(INSUFFICIENT_PRIVILEGE);
    }
    expect((await app.query('select count(*)::int as rows from audit_log')).rows[0]).toEqual({ rows: 1 });

    // A table a later migration adds (as the owner) is the app's to use without another grant.
    const owner = await connect(ownerUrl);
    await owner.query('create table later_rows (id serial primary key, note text)');
    await app.query("insert into later_rows (note) values ('written by the app')");
    expect((await app.query('select note from later_rows')).rows).toEqual([{ note: 'written by the app' }]);

    // It reads which migrations are applied (a web or worker instance checks on start).
    const database = await openDatabase({ databaseUrl: appUrl, poolSize: 1 });
    cleanups.push(() => database.close());
    expect(await database.pendingMigrations()).toBe(0);
  });

  it('runs npm start (APP_ROLE=all) on a database the release step migrated', async () => {
    const { appUrl } = await migratedWithAppRole();
    const started = await startServer({ APP_ROLE: 'all', DATABASE_URL: appUrl, PORT: '0' });
    expect((await fetch(`${started.url}/health/ready`)).status).toBe(200);
    started.child.kill('SIGTERM');
    expect(await exitOf(started.child)).toBe(0);
  }, 180_000);
});

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');
const migrateEntry = path.resolve(import.meta.dirname, '../src/db/migrate-cli.ts');

function spawnEntry(entry: string, env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '/nonexistent',
      DATA_DIR: '/tmp/gvm-app-role',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
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

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const { child, output } = spawnEntry(serverEntry, env);
  return new Promise((resolve, reject) => {
    const look = () => {
      const match = /is running at (http:\/\/localhost:\d+)/.exec(output());
      if (match?.[1]) resolve({ child, url: match[1] });
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${output()}`)));
  });
}
