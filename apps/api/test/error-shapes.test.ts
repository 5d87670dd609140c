import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { testConfig } from '../src/config';
import { createTestApp, type TestContext } from './helpers';

/**
 * Decision 027: what Fastify and Node refuse before any route runs answers the same
 * `{ error }` shape as everything else (decision 027), never Fastify's `{ error, code, message,
 * statusCode }` or an empty body.
 */
let context: TestContext;
let app: App;
let port: number;
beforeAll(async () => {
  context = await createTestApp();
  app = context.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await context.close();
});

const errorShape = { error: expect.any(String) };

/** Writes raw bytes to the listening server and reads the whole answer. */
function rawRequest(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      if (Number.isNaN(status)) reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      else resolve({ status, headers: head, body });
    });
    socket.end(request);
  });
}

describe('Fastify’s own refusals, through inject', () => {
  it.each([
    ['a malformed %-encoding under /api/v1', 'GET', '/api/v1/products/%E0%A4%A', 400],
    ['a malformed %-encoding anywhere', 'GET', '/%E0%A4%A', 400],
    ['a path parameter over 100 characters', 'GET', `/api/v1/products/${'a'.repeat(150)}`, 414],
    ['an unknown route under /api/v1', 'GET', '/api/v1/no-such-thing', 404],
    ['a method the route does not have', 'DELETE', '/api/v1/products/search', 404],
    ['a method no route has', 'PROPFIND', '/api/v1/health', 404],
  ] as const)('%s: %s %s answers %i { error }', async (_name, method, url, status) => {
    const response = await app.inject({ method, url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(errorShape);
  });

  it('an unsupported content type answers 415 { error }', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/outreach/newsletter',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.co',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual(errorShape);
  });

  it('malformed JSON answers 400 and a body over 256 KB 413, both { error }', async () => {
    const headers = { 'content-type': 'application/json' };
    const broken = await app.inject({
      method: 'POST',
      url: '/api/v1/outreach/newsletter',
      headers,
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual(errorShape);
    const huge = await app.inject({
      method: 'POST',
      url: '/api/v1/outreach/newsletter',
      headers,
      payload: JSON.stringify({ email: 'x'.repeat(300 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual(errorShape);
  });
});

describe('Node’s own refusals, on a real socket', () => {
  it('a URL over the header limit answers 414 { error }', async () => {
    const response = await rawRequest(
      `GET /api/v1/products/search?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(response.status).toBe(414);
    expect(JSON.parse(response.body)).toEqual(errorShape);
  });

  it('headers over the limit answer 431 { error }', async () => {
    const response = await rawRequest(`GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    expect(response.status).toBe(431);
    expect(JSON.parse(response.body)).toEqual(errorShape);
  });

  it('an unknown method and a malformed header answer 400 { error }', async () => {
    for (const request of [
      'BREW /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /api/v1/health HTTP/1.1\r\nHost x\r\n\r\n',
    ]) {
      const response = await rawRequest(request);
      expect(response.status, request).toBe(400);
      expect(response.headers).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(response.body)).toEqual(errorShape);
    }
  });

  it('a malformed %-encoding over HTTP answers 400 { error }', async () => {
    const response = await rawRequest('GET /api/v1/products/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual(errorShape);
  });
});

describe('a query that fails', () => {
  it('answers 500 { error } and logs its SQL and the database error, not the values bound to it', async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      config: testConfig(),
      database: context.database,
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    });
    logged.get('/test-only/failing-query', async () => {
      await logged.db.execute(sql`select ${'secret-shopper@example.com'}::int as broken`);
      return { ok: true };
    });
    try {
      const response = await logged.inject({ method: 'GET', url: '/test-only/failing-query' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: expect.any(String) });
      const unhandled = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'unhandled error');
      expect(unhandled).toHaveLength(1);
      expect(unhandled[0].err.message).toMatch(/^Failed query: select \$1::int as broken/);
      expect(unhandled[0].err.type).toBe('FailedQuery');
      expect(unhandled[0].err.code).toBe('22P02');
      expect(unhandled[0].err.message).toContain('invalid input syntax for type integer');
      expect(lines.join('\n')).not.toContain('secret-shopper');
    } finally {
      await logged.close();
    }
  });
});
