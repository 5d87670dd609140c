import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app-types';
import { createTestApp, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

interface RegisteredRoute {
  method: string;
  path: string;
}

/**
 * Every route the app has registered, read from Fastify's own route tree (`printRoutes`), so the
 * list does not depend on the OpenAPI plugin having seen the routes. Each line of the tree is one
 * node, indented four characters per level; a node that is a route ends with its methods.
 */
function registeredRoutes(app: App): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const ancestors: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const [, indent = '', segment = '', methods] = node;
    ancestors.length = indent.length / 4;
    ancestors.push(segment);
    for (const method of methods?.split(', ') ?? []) routes.push({ method, path: ancestors.join('') });
  }
  return routes;
}

/** `/carts/:userId` and `/carts/{userId}` alike as `/carts/{}` (the tree may merge `:a|:b`). */
function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/:\w+(?:\|:\w+)*|\{\w+\}/g, '{}')}`;
}

async function openApiDocument(): Promise<{ openapi: string; paths: Record<string, Record<string, unknown>> }> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json();
}

describe('OpenAPI reference', () => {
  it('finds the routes the app registers (the check below is not vacuous)', () => {
    const keys = registeredRoutes(ctx.app).map((route) => routeKey(route.method, route.path));
    expect(keys).toContain('POST /api/v1/outreach/newsletter');
    expect(keys).toContain('DELETE /api/v1/carts/{}/items/{}');
    expect(keys).toContain('GET /robots.txt');
    expect(keys.filter((key) => key.includes(' /api/v1/')).length).toBeGreaterThan(25);
  });

  it('documents every route registered under /api/v1, with its method', async () => {
    const document = await openApiDocument();
    expect(document.openapi).toBe('3.1.0');
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => routeKey(method, path)),
      ),
    );
    // HEAD is the automatic twin of each GET, not an operation of its own.
    const missing = registeredRoutes(ctx.app)
      .filter((route) => route.path.startsWith('/api/v1/') && route.method !== 'HEAD')
      .map((route) => routeKey(route.method, route.path))
      .filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
  });

  it('documents nothing outside /api/v1 (web app, dev mailbox, robots.txt, sitemap, the docs page)', async () => {
    const document = await openApiDocument();
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/v1/'))).toEqual([]);
  });

  it("describes each route's body and every answer it declares, error statuses included", async () => {
    const document = await openApiDocument();
    const newsletter = document.paths['/api/v1/outreach/newsletter']?.post as {
      summary: string;
      tags: string[];
      requestBody: unknown;
      responses: Record<string, unknown>;
    };
    expect(newsletter.summary).toMatch(/newsletter/i);
    expect(newsletter.tags).toEqual(['outreach']);
    expect(newsletter.requestBody).toBeDefined();
    expect(Object.keys(newsletter.responses).sort()).toEqual(['200', '400', '429']);
  });

  it('serves a readable reference page at /api/docs from this server', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // The app's CSP stays in force: scripts only from this origin.
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).toMatch(/^\/api\/docs\//);
      const script = await ctx.app.inject({ method: 'GET', url: src });
      expect(script.statusCode, src).toBe(200);
      expect(script.headers['content-type']).toMatch(/javascript/);
    }
  });
});
