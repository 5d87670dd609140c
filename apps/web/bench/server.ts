import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

export interface BenchServer {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * Starts the built marketplace as the browser tests do (e2e/server.mjs: PGlite in a fresh data
 * directory, the catalogue seeded, the dev mailbox) on `port`, and waits for /api/v1/health.
 */
export async function startServer(port: number): Promise<BenchServer> {
  // BENCH_WEB_DIST=<folder>: another build (a copy of an older apps/web/dist), to measure two
  // builds in turns on the same machine.
  const built = process.env.BENCH_WEB_DIST
    ? path.resolve(process.env.BENCH_WEB_DIST)
    : path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(built, 'index.html'))) {
    throw new Error(`${built} is missing: build the web app first (npm run build -w @gvm/web)`);
  }
  const baseURL = `http://localhost:${port}`;
  // A copy of the build: another build in this tree during a run cannot swap the files under it.
  const dist = mkdtempSync(path.join(tmpdir(), 'gvm-bench-dist-'));
  cpSync(built, dist, { recursive: true });
  const child = spawn(process.execPath, ['e2e/server.mjs'], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port), WEB_DIST_DIR: dist },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.once('exit', () => rmSync(dist, { recursive: true, force: true }));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`The server stopped while starting (exit ${code})`))),
  );
  await Promise.race([waitForHealth(baseURL), exited]);
  return { baseURL, stop: () => stop(child) };
}

async function waitForHealth(baseURL: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseURL}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${baseURL} did not become healthy within 2 minutes`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Finds a product to open: the first of the default browse grid. */
export async function firstProductId(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/v1/products/search?country=GB&limit=1&page=1`);
  if (!response.ok) throw new Error(`GET /products/search answered ${response.status}`);
  const { products } = (await response.json()) as { products: { _id: string }[] };
  const id = products[0]?._id;
  if (!id) throw new Error('The catalogue is empty');
  return id;
}
