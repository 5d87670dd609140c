import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { createTestApp, createTestDatabase, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('API foundation', () => {
  it('answers health ok when the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found: GET /api/v1/nothing-here' });
  });

  it('answers malformed JSON with a 400 and no stack trace', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toContain('at ');
    expect(response.json()).toHaveProperty('error');
  });

  it('sends security headers and a request id', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.headers['x-request-id']).toBe('abc-123');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers health 503 once the database stops answering', async () => {
    const own = await createTestApp();
    await own.database.close();
    const response = await own.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'The database is not answering' });
    await own.app.close();
  });
});

describe('client addresses behind a proxy', () => {
  async function clientIp(trustProxyHops: number): Promise<string> {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig({ trustProxyHops }), database, logger: false });
    try {
      app.get('/whoami', async (request) => ({ ip: request.ip }));
      const response = await app.inject({
        method: 'GET',
        url: '/whoami',
        headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.7' },
        remoteAddress: '10.0.0.2',
      });
      return response.json().ip;
    } finally {
      await app.close();
      await database.close();
    }
  }

  it('ignores X-Forwarded-For when no proxy is configured', async () => {
    expect(await clientIp(0)).toBe('10.0.0.2');
  });

  it('believes only as many hops as there are proxies of ours', async () => {
    expect(await clientIp(1)).toBe('198.51.100.7');
    expect(await clientIp(2)).toBe('203.0.113.9');
  });
});
