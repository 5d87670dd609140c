import type { ChildProcess } from 'node:child_process';
import type { SessionTokens } from '@gvm/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_CHECK_TTL_MS } from '../src/modules/auth/session-registry';
import { createTestClock, type TestClock } from './support/app';
import { signedInOperator } from './support/inbox';
import { createSharedDatabase, type Instance, type SharedDatabase, startInstance } from './support/instances';
import { opsCall } from './support/operators';
import { redisInstalled, startRedis } from './support/redis';
import { bearer, nextIp, signInByCode } from './support/sign-in';
import { createUserAndToken } from './support/users';

/**
 * An access token ends with its session on every instance behind the load balancer (decisions
 * 020 and 056). Each instance trusts what it learned about a session for a few seconds; the
 * test's clock never moves, so within these tests only the published 'session ended' can make
 * the other instance refuse a token it has already accepted.
 */
const me = (instance: Instance, token: string) =>
  instance.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });

async function refusedOn(instance: Instance, token: string): Promise<void> {
  await vi.waitFor(async () => expect((await me(instance, token)).statusCode).toBe(401), { timeout: 5_000 });
}

function logout(instance: Instance, tokens: SessionTokens) {
  return instance.app.inject({
    method: 'POST',
    url: '/api/v1/users/logout',
    headers: bearer(tokens.token),
    payload: { refreshToken: tokens.refreshToken },
    remoteAddress: nextIp(),
  });
}

async function twoInstances(redisUrl: string | undefined) {
  const shared = await createSharedDatabase();
  const clock = createTestClock();
  const a = await startInstance(shared, clock, { redisUrl });
  const b = await startInstance(shared, clock, { redisUrl });
  return { shared, clock, a, b };
}

describe.skipIf(!redisInstalled)('sessions ended on one instance, with REDIS_URL', () => {
  let redis: ChildProcess;
  let shared: SharedDatabase;
  let clock: TestClock;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    const started = await startRedis();
    redis = started.process;
    ({ shared, clock, a, b } = await twoInstances(started.url));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await shared?.close();
    redis?.kill();
  });

  it('a logout on instance A is refused at once by instance B, which had just accepted the token', async () => {
    const email = `two-instances-${nextIp()}@example.com`;
    await createUserAndToken(a.app, { email });
    const tokens = await signInByCode(a.app, email);
    expect((await me(b, tokens.token)).statusCode).toBe(200);
    expect((await logout(a, tokens)).statusCode).toBe(204);
    await refusedOn(b, tokens.token);
    expect((await me(a, tokens.token)).statusCode).toBe(401);
  });

  it("'Sign out everywhere' on instance A ends every session of the account on instance B", async () => {
    const admin = await signedInOperator(a.app, clock, 'admin');
    const shopper = await createUserAndToken(b.app);
    const laptop = await signInByCode(b.app, shopper.user.email);
    for (const token of [shopper.token, laptop.token]) expect((await me(b, token)).statusCode).toBe(200);
    const signOut = await opsCall(a.app, 'POST', `/customers/${shopper.user.id}/sign-out-everywhere`, admin.token, {});
    expect(signOut.statusCode).toBe(200);
    await refusedOn(b, shopper.token);
    await refusedOn(b, laptop.token);
  });

  it('a disabled account is refused by instance B at once', async () => {
    const admin = await signedInOperator(a.app, clock, 'admin');
    const shopper = await createUserAndToken(b.app);
    expect((await me(b, shopper.token)).statusCode).toBe(200);
    const disabled = await opsCall(a.app, 'POST', `/customers/${shopper.user.id}/disable`, admin.token, {
      reason: 'Fraud report',
    });
    expect(disabled.statusCode).toBe(200);
    await refusedOn(b, shopper.token);
  });

  it('a reused refresh token on instance B ends the session on instance A at once', async () => {
    const email = `reuse-${nextIp()}@example.com`;
    await createUserAndToken(a.app, { email });
    const tokens = await signInByCode(a.app, email);
    expect((await me(a, tokens.token)).statusCode).toBe(200);
    const refresh = (instance: Instance, refreshToken: string) =>
      instance.app.inject({
        method: 'POST',
        url: '/api/v1/users/refresh-token',
        payload: { refreshToken },
        remoteAddress: nextIp(),
      });
    const next = await refresh(b, tokens.refreshToken);
    expect(next.statusCode).toBe(200);
    expect((await refresh(b, next.json<{ refreshToken: string }>().refreshToken)).statusCode).toBe(200);
    // The first token again after its successor was used: a thief, or a copy; the whole family
    // is revoked (decision 058 spares only a token whose successor was never used).
    expect((await refresh(b, tokens.refreshToken)).statusCode).toBe(401);
    await refusedOn(a, tokens.token);
  });
});

describe('sessions ended on one instance, without REDIS_URL', () => {
  let shared: SharedDatabase;
  let clock: TestClock;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    ({ shared, clock, a, b } = await twoInstances(undefined));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await shared?.close();
  });

  it("are refused by the other instance once its check of the session is due (the registry's few seconds)", async () => {
    const email = `no-redis-${nextIp()}@example.com`;
    await createUserAndToken(a.app, { email });
    const tokens = await signInByCode(a.app, email);
    expect((await me(b, tokens.token)).statusCode).toBe(200);
    expect((await logout(a, tokens)).statusCode).toBe(204);
    expect((await me(a, tokens.token)).statusCode).toBe(401);
    // Nothing tells instance B: it answers from what it learned until that is due again.
    expect((await me(b, tokens.token)).statusCode).toBe(200);
    clock.advance(SESSION_CHECK_TTL_MS + 1);
    expect((await me(b, tokens.token)).statusCode).toBe(401);
  });
});
