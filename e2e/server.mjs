// Starts a fresh marketplace for the browser tests: its own empty data directory (the dev
// mailbox, generated secrets), on E2E_PORT. The web app must already be built.
//
// Its database: with TEST_DATABASE_URL (CI, and any machine with PostgreSQL), a fresh database
// on that server named E2E_DATABASE_NAME, which e2e/database.ts drops after the run; without it,
// PGlite in the data directory, as `npm start` runs. PostgreSQL answers the two workers' requests
// in parallel, where PGlite runs every query on the server's one thread (docs/performance.md).
//
// Restarting the same marketplace (e2e/tests/support/marketplace-server.ts, for the chat's
// reconnection after a server restart): E2E_DATA_DIR names the data directory to use and keep
// (the generated secrets, so tokens signed before the restart still verify, and PGlite's files),
// and E2E_KEEP_DATABASE=1 keeps E2E_DATABASE_NAME when it exists instead of dropping it.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (process.env.E2E_DATA_DIR) mkdirSync(process.env.E2E_DATA_DIR, { recursive: true });
process.env.DATA_DIR = process.env.E2E_DATA_DIR || mkdtempSync(path.join(tmpdir(), 'gvm-e2e-'));
process.env.PORT = process.env.E2E_PORT ?? '3100';
process.env.HOST = '127.0.0.1';
process.env.LOG_LEVEL = process.env.E2E_LOG_LEVEL ?? 'warn';
process.env.PUBLIC_URL = `http://localhost:${process.env.PORT}`;
// Every browser test signs in from 127.0.0.1; the per-IP limits are tested in the API tests.
process.env.LOGIN_CODE_IP_LIMIT ??= '1000';
process.env.SIGNUP_IP_LIMIT ??= '1000';
process.env.LOGIN_IP_LIMIT ??= '1000';
process.env.VERIFY_IP_LIMIT ??= '1000';
// The operator console's first admin (e2e/tests/support/operator.ts signs it in and invites the rest).
process.env.OPS_ADMINS ??= 'ops-admin@example.com';

const serverUrl = process.env.TEST_DATABASE_URL;
const databaseName = process.env.E2E_DATABASE_NAME;
if (serverUrl && databaseName) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const keep = process.env.E2E_KEEP_DATABASE === '1';
    const found = await admin.query('select 1 from pg_database where datname = $1', [databaseName]);
    if (!keep) await admin.query(`drop database if exists ${databaseName} with (force)`);
    if (!keep || found.rowCount === 0) await admin.query(`create database ${databaseName}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  process.env.DATABASE_URL = url.toString();
}

register();
await import(path.join(root, 'apps/api/src/server.ts'));
