import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';

// Runs where a Redis server binary is installed (the development image and CI have one).
const redisInstalled = spawnSync('redis-server', ['--version']).status === 0;

function freePort(): Promise<number> {
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

async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await new Promise<void>((resolve, reject) => {
    redis.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve();
    });
    redis.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  return redis;
}

describe.skipIf(!redisInstalled)('rate limits shared through Redis', () => {
  let redis: ChildProcess;
  let first: TestContext;
  let second: TestContext;

  beforeAll(async () => {
    const port = await freePort();
    redis = await startRedis(port);
    const config = { redisUrl: `redis://127.0.0.1:${port}`, loginCodeIpLimit: 3 };
    first = await createTestApp(config);
    second = await createTestApp(config);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    redis?.kill();
  });

  function generateCode(context: TestContext, email: string) {
    return context.app.inject({
      method: 'POST',
      url: '/api/v1/users/generate-code',
      payload: { email },
      remoteAddress: '10.77.0.1',
    });
  }

  it('counts one client’s requests across every instance', async () => {
    expect((await generateCode(first, 'redis-1@example.com')).statusCode).toBe(200);
    expect((await generateCode(second, 'redis-2@example.com')).statusCode).toBe(200);
    expect((await generateCode(first, 'redis-3@example.com')).statusCode).toBe(200);
    const over = await generateCode(second, 'redis-4@example.com');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      error: 'Too many verification codes requested. Please wait a few minutes and try again.',
    });
  });
});
