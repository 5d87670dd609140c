import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';

/**
 * Decision 004: every API test file owns its database, and each starts from one migrated once per
 * run. Vitest's globalSetup (apps/api/vitest.config.ts) makes it: on PostgreSQL a template
 * database that each file copies with `CREATE DATABASE … TEMPLATE`; on PGlite an archive of a
 * migrated data directory that each file loads. Running the migrations per file cost seconds each.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated database each test file's own database is copied from. */
    migratedTemplateDatabase: string | undefined;
    /** PGlite: a file holding the migrated data directory, as `dumpDataDir` archives it. */
    migratedPgliteArchive: string | undefined;
  }
}

/**
 * The prefix of every database a run creates on the server: the name of TEST_DATABASE_URL's own
 * database, so runs pointed at different databases of one server never touch each other's.
 */
export function testDatabasePrefix(serverUrl: string): string {
  const name = decodeURIComponent(new URL(serverUrl).pathname.slice(1)) || 'postgres';
  // Kept to what needs no quoting, and short enough that a suffix fits in 63 bytes.
  return name
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 40);
}

/** A database on the server named by `serverUrl`, with a random suffix after the run's prefix. */
export function newDatabaseName(serverUrl: string, kind: string): string {
  return `${testDatabasePrefix(serverUrl)}_${kind}_${randomBytes(6).toString('hex')}`;
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The migrated PGlite data directory, read once per test file (a worker runs one file). */
let pgliteArchive: Promise<Blob> | undefined;
export function readPgliteArchive(file: string): Promise<Blob> {
  pgliteArchive ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteArchive;
}

/** Vitest's globalSetup: migrates once, provides where to copy from, and removes it at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = newDatabaseName(serverUrl, 'template');
    await onServer(serverUrl, `create database ${template}`);
    const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, template), poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      // A template may have no connection open while it is copied.
      await database.close();
    }
    project.provide('migratedTemplateDatabase', template);
    return () => onServer(serverUrl, `drop database if exists ${template} with (force)`);
  }
  const database = await openDatabase({});
  let archive: Blob;
  try {
    await database.migrate();
    if (!database.archive) throw new Error('PGlite cannot archive its data directory');
    archive = await database.archive();
  } finally {
    await database.close();
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'gvm-api-tests-'));
  const file = path.join(folder, 'migrated.tar');
  await writeFile(file, Buffer.from(await archive.arrayBuffer()));
  project.provide('migratedPgliteArchive', file);
  return () => rm(folder, { recursive: true, force: true });
}
