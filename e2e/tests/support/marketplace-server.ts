import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabase } from '../../database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** First start migrates a fresh database and seeds the catalogue: long on a busy machine. */
const START_TIMEOUT_MS = 120_000;
/** How long a SIGTERM'd server has to finish its requests and close before it is killed. */
const STOP_TIMEOUT_MS = 20_000;
/** The lines of the server's output kept to explain a start that failed. */
const KEPT_LINES = 60;

/**
 * A marketplace of a test's own, started as e2e/server.mjs starts the shared one (the built web
 * app and the API on one port), for a test that has to stop and restart its server: the shared
 * one serves the other tests at the same time. It keeps its port, its data directory (generated
 * secrets, so tokens signed before a restart still verify) and its database across restarts:
 * with TEST_DATABASE_URL a PostgreSQL database of its own, dropped by `dispose`; without it,
 * PGlite in the data directory.
 */
export interface OwnMarketplace {
  /** `http://localhost:<port>`, for `browser.newContext({ baseURL })` and `request.newContext`. */
  readonly baseURL: string;
  /** Stops the process as a deployment does, with SIGTERM, and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port, data directory and database; resolves once it is healthy. */
  restart(): Promise<void>;
  /** Stops it (when running) and removes its database and data directory. */
  dispose(): Promise<void>;
}

/** A port nothing listens on now, chosen by the system. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts a fresh marketplace of the caller's own, with `settings` added to its environment (a
 * setting the shared server does not have); resolves once `/api/v1/health` answers.
 */
export async function startOwnMarketplace(settings: Record<string, string> = {}): Promise<OwnMarketplace> {
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gvm-e2e-own-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const databaseName = serverUrl ? `e2e_${port}_${randomBytes(4).toString('hex')}` : undefined;
  const output: string[] = [];
  let child: ChildProcess | null = null;
  // A worker that ends without `dispose` (a crash, a timeout) leaves no server behind.
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);

  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - KEPT_LINES));
  };

  async function start(keepDatabase: boolean): Promise<void> {
    const started = spawn(process.execPath, ['e2e/server.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        ...settings,
        E2E_PORT: String(port),
        E2E_DATA_DIR: dataDir,
        E2E_KEEP_DATABASE: keepDatabase ? '1' : '0',
        ...(databaseName ? { E2E_DATABASE_NAME: databaseName } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout?.on('data', keep);
    started.stderr?.on('data', keep);
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (started.exitCode !== null || started.signalCode !== null) {
        throw new Error(`The test's own marketplace exited while starting:\n${output.join('\n')}`);
      }
      try {
        const health = await fetch(`${baseURL}/api/v1/health`);
        if (health.ok) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`The test's own marketplace did not become healthy in time:\n${output.join('\n')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function stop(): Promise<void> {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    const killer = setTimeout(() => running.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(killer);
  }

  try {
    await start(false);
  } catch (error) {
    process.removeListener('exit', killOnExit);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseURL,
    stop,
    restart: () => start(true),
    async dispose() {
      await stop();
      process.removeListener('exit', killOnExit);
      if (serverUrl && databaseName) await dropDatabase(serverUrl, databaseName);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
