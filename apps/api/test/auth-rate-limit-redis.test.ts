import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';
import { redisInstalled, startRedis } from './support/redis';

describe.skipIf(!redisInstalled)('rate limits shared through Redis', () => {
  let redis: ChildProcess;
  let first: TestContext;
  let second: TestContext;

  beforeAll(async () => {
    const started = await startRedis();
    redis = started.process;
    const config = { redisUrl: started.url, loginCodeIpLimit: 3 };
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
