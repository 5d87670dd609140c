import { createServer } from 'node:net';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig, perProcessStateWarning } from './config';
import type { DatabaseHandle } from './db/client';
import { openConfiguredDatabase } from './db/open-from-config';
import { seedCatalogueIfEmpty } from './db/seed/catalogue';
import { closeGracefully } from './plugins/lifecycle';

/** A web or worker instance found the database behind its code: the release step has not run. */
class DatabaseBehindError extends Error {}

/** Fails early and plainly when another process holds the port, before the database is opened. */
function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} is already in use: is the marketplace already running? Stop it, or set PORT.`)
          : error,
      );
    });
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.port !== 0) await assertPortFree(config.port, config.host);
  const database = await openConfiguredDatabase(config);
  const seeded = await prepareDatabase(config, database);
  const app = await buildApp({ config, database });
  if (seeded > 0) app.log.info({ seeded }, 'seeded the partner catalogue');
  const perProcess = perProcessStateWarning(config);
  if (perProcess) app.log.warn(perProcess);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down: finishing in-flight requests');
    try {
      await closeGracefully(app, config.shutdownTimeoutMs);
    } finally {
      // PGlite writes its files on close; closing after the last request keeps them whole.
      await database.close();
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const what = config.appRole === 'all' ? '' : ` (${config.appRole})`;
  console.log(`\n  Gift voucher marketplace${what} is running at http://localhost:${port}\n`);
}

/**
 * APP_ROLE=all (npm start) migrates and seeds an empty catalogue itself. A web or worker instance
 * never migrates (that is the release step, `npm run migrate`, decision 055) and refuses to run on
 * a database behind its code, whose tables would not be what it expects.
 *
 * `all` migrates only when something is left to apply: connected as an app role that owns no
 * table (docs/deploy.md), it may not even look for drizzle's table the way the migrator does
 * (`CREATE SCHEMA IF NOT EXISTS`), and after the release step there is nothing to do.
 */
async function prepareDatabase(config: Config, database: DatabaseHandle): Promise<number> {
  const pending = await database.pendingMigrations();
  if (config.appRole === 'all') {
    if (pending > 0) await database.migrate();
    return seedCatalogueIfEmpty(database.db);
  }
  if (pending > 0) {
    await database.close();
    throw new DatabaseBehindError(
      `The database is behind this code: ${pending} migration(s) not applied. Run \`npm run migrate\` (the release step) first; APP_ROLE=${config.appRole} never migrates.`,
    );
  }
  return 0;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseBehindError) console.error(error.message);
  else if (error instanceof Error) console.error(`Could not start: ${withCauses(error)}`);
  else console.error('Could not start', error);
  process.exit(1);
});

/**
 * The message and each cause under it: a failed migration says 'Failed query: CREATE SCHEMA…',
 * and only its cause says why (the connection was refused, a permission is missing).
 */
function withCauses(error: Error): string {
  const lines = [error.message.split('\n')[0] ?? ''];
  for (let cause = error.cause; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    lines.push(`  because: ${cause.message || cause.name}${typeof code === 'string' ? ` (${code})` : ''}`);
  }
  return lines.join('\n');
}
