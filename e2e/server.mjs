// Starts a fresh marketplace for the browser tests: its own empty data directory (PGlite, the
// dev mailbox, generated secrets), on E2E_PORT. The web app must already be built.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'gvm-e2e-'));
process.env.PORT = process.env.E2E_PORT ?? '3100';
process.env.HOST = '127.0.0.1';
process.env.LOG_LEVEL = process.env.E2E_LOG_LEVEL ?? 'warn';
process.env.PUBLIC_URL = `http://localhost:${process.env.PORT}`;
// Every browser test signs in from 127.0.0.1; the per-IP limits are tested in the API tests.
process.env.LOGIN_CODE_IP_LIMIT ??= '1000';
process.env.SIGNUP_IP_LIMIT ??= '1000';
// The operator console's first admin (e2e/tests/support/operator.ts signs it in and invites the rest).
process.env.OPS_ADMINS ??= 'ops-admin@example.com';
register();
await import(path.join(root, 'apps/api/src/server.ts'));
