import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The real server process, as `npm start` runs it: start, restart on the same data, a port
 * already taken, and a clean exit on SIGTERM. Runs on PGlite in a temporary data folder.
 */
const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');
const running: ChildProcess[] = [];
// The spawned servers run on PGlite even where the developer's shell names a PostgreSQL server.
const { DATABASE_URL: _ignored, ...inheritedEnv } = process.env;

interface Started {
  child: ChildProcess;
  output: () => string;
  url: string;
}

function startServer(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...inheritedEnv, LOG_LEVEL: 'warn', HOST: '127.0.0.1', WEB_DIST_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) resolve({ child, output: () => output, url: match[1] });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

async function productTotal(url: string): Promise<number> {
  const response = await fetch(`${url}/api/v1/products/search?limit=1`);
  const body = (await response.json()) as { pagination: { total: number } };
  return body.pagination.total;
}

describe('the server process', () => {
  it('seeds once, keeps its data across a restart, and exits cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gvm-server-'));
    const first = await startServer({ DATA_DIR: dataDir, PORT: '0' });
    expect(await (await fetch(`${first.url}/api/v1/health`)).json()).toEqual({ status: 'ok' });
    const total = await productTotal(first.url);
    expect(total).toBeGreaterThanOrEqual(150);
    first.child.kill('SIGTERM');
    expect(await exitOf(first.child)).toBe(0);

    const second = await startServer({ DATA_DIR: dataDir, PORT: '0' });
    expect(await productTotal(second.url)).toBe(total);
    second.child.kill('SIGTERM');
    expect(await exitOf(second.child)).toBe(0);
  }, 90_000);

  it('fails with a clear message when the port is already taken', async () => {
    const blocker = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => {
        const address = blocker.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      }),
    );
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
        env: {
          ...inheritedEnv,
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'gvm-port-')),
          PORT: String(port),
          HOST: '127.0.0.1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      running.push(child);
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      expect(await exitOf(child)).toBe(1);
      expect(stderr).toContain(`Port ${port} is already in use`);
    } finally {
      blocker.close();
    }
  }, 60_000);
});
