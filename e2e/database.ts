import { randomBytes } from 'node:crypto';
import type { Reporter } from '@playwright/test/reporter';
import pg from 'pg';

/**
 * The browser tests' database on TEST_DATABASE_URL's server (see e2e/server.mjs): a name of its
 * own per run, chosen once in the runner's process (its workers inherit the environment), so
 * runs on other ports never share or drop each other's.
 */
export function e2eDatabaseName(port: number): string | undefined {
  if (!process.env.TEST_DATABASE_URL) return undefined;
  process.env.E2E_DATABASE_NAME ??= `e2e_${port}_${randomBytes(4).toString('hex')}`;
  return process.env.E2E_DATABASE_NAME;
}

/**
 * Drops the run's database once the server has stopped. A reporter does it, in `onExit`, the
 * runner's last step: Playwright runs a global teardown before it stops the web server, and a
 * database dropped there left the server's mail and payment workers polling one that was gone
 * ('database … does not exist' at the end of every run). A run given other reporters on the
 * command line (`--reporter=…`) leaves its database behind; `drop database` removes it.
 */
export default class DropE2eDatabase implements Reporter {
  printsToStdio(): boolean {
    return false;
  }

  async onExit(): Promise<void> {
    const serverUrl = process.env.TEST_DATABASE_URL;
    const name = process.env.E2E_DATABASE_NAME;
    if (serverUrl && name) await dropDatabase(serverUrl, name);
  }
}

/** Drops database `name` on the PostgreSQL server at `serverUrl`, whoever is still connected to it. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
