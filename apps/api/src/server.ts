import { createServer } from 'node:net';
import { buildApp } from './app';
import { ConfigError, loadConfig, perProcessStateWarning } from './config';
import { openConfiguredDatabase } from './db/open-from-config';
import { seedCatalogueIfEmpty } from './db/seed/catalogue';

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
  await database.migrate();
  const seeded = await seedCatalogueIfEmpty(database.db);
  const app = await buildApp({ config, database });
  if (seeded > 0) app.log.info({ seeded }, 'seeded the partner catalogue');
  const perProcess = perProcessStateWarning(config);
  if (perProcess) app.log.warn(perProcess);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close();
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
  console.log(`\n  Gift voucher marketplace is running at http://localhost:${port}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
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
