import type { SessionTokens } from '@gvm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { testConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { createTestDatabase } from './helpers';
import { bearer, nextIp, requestCode } from './support/sign-in';
import { createUserAndToken, type TestUser } from './support/users';

/**
 * Answers carrying tokens or personal data say `Cache-Control: no-store`, so no browser cache,
 * proxy or CDN keeps them (decision 021). It is the default under /api/v1 (and the payment and
 * mailbox pages); a route that may be cached sets its own header, and that one is kept.
 */
let database: DatabaseHandle;
let app: App;
let shopper: TestUser;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, logger: false });
  // Stands for a public catalogue read that sets its own caching.
  app.get('/api/v1/test-public-read', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=300').send({ ok: true }),
  );
  await app.ready();
  shopper = await createUserAndToken(app);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('Cache-Control on personal answers', () => {
  it('is no-store on the sign-in answers that carry tokens', async () => {
    const loginCode = await requestCode(app, shopper.user.email);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: shopper.user.email, loginCode },
      remoteAddress: nextIp(),
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');

    const refresh = await app.inject({
      method: 'POST',
      url: '/api/v1/users/refresh-token',
      payload: { refreshToken: login.json<SessionTokens>().refreshToken },
      remoteAddress: nextIp(),
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on the account, orders, cart and wallet', async () => {
    const id = shopper.user.id;
    const requests = [
      { method: 'GET', url: '/api/v1/users/me' },
      { method: 'GET', url: '/api/v1/orders/received' },
      { method: 'GET', url: '/api/v1/orders/sent' },
      { method: 'POST', url: '/api/v1/carts', payload: { userId: id } },
      { method: 'GET', url: `/api/v1/carts/${id}` },
      { method: 'GET', url: `/api/v1/notifications/${id}` },
      { method: 'POST', url: '/api/v1/wallets', payload: { userID: id, currency: 'GBP' } },
      { method: 'GET', url: `/api/v1/wallets/user/${id}` },
    ] as const;
    for (const request of requests) {
      const response = await app.inject({ ...request, headers: bearer(shopper.token) });
      expect(response.statusCode, `${request.method} ${request.url}`).toBeLessThan(300);
      expect(response.headers['cache-control'], `${request.method} ${request.url}`).toBe('no-store');
    }
  });

  it('is no-store however the path is spelt: decided on the routed path, not the raw URL', async () => {
    // A percent-encoded letter reaches the same route; a cache must not keep its answer either.
    for (const url of ['/%61pi/v1/users/me', '/api/v1/%75sers/me', '/api%2Fv1/users/me', '/api/v1/orders/%72eceived']) {
      const response = await app.inject({ method: 'GET', url, headers: bearer(shopper.token) });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const pay = await app.inject({ method: 'GET', url: '/p%61y/no-such-session' });
    expect(pay.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on refusals', async () => {
    const unauthorised = await app.inject({ method: 'GET', url: '/api/v1/users/me' });
    expect(unauthorised.statusCode).toBe(401);
    expect(unauthorised.headers['cache-control']).toBe('no-store');
    const unknown = await app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on the payment page and the dev mailbox', async () => {
    const pay = await app.inject({ method: 'GET', url: '/pay/no-such-session' });
    expect(pay.headers['cache-control']).toBe('no-store');
    const mailbox = await app.inject({ method: 'GET', url: `/dev/mailbox?to=${shopper.user.email}` });
    expect(mailbox.headers['cache-control']).toBe('no-store');
  });

  it("keeps a route's own Cache-Control, and leaves the site's public files alone", async () => {
    const publicRead = await app.inject({ method: 'GET', url: '/api/v1/test-public-read' });
    expect(publicRead.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).not.toBe('no-store');
  });
});
