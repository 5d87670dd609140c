import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { DEFAULT_SORT, PAGE_SIZE, type Product } from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { products } from '../src/db/schema/catalog';
import { seedCatalogueIfEmpty } from '../src/db/seed/catalogue';
import { EARLY_REQUESTS_SCRIPT, inlineStylesheets, renderPage, scriptSafeJson } from '../src/plugins/web-app';
import { createTestApp, type TestContext } from './helpers';

let ctx: TestContext;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'gvm-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>UGM</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'ops.html'), '<!doctype html><title>Operator console</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
  // What the build writes for the server alone, and the root's own public file.
  writeFileSync(path.join(dist, 'shells.json'), '{"shells":true}');
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"src/main.tsx":{"file":"assets/index-abc123.js"}}');
  writeFileSync(path.join(dist, 'assets', '.hidden.js'), '{"file":1}');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A file with the build's compressed copies (apps/web/scripts/compress-assets.ts), each marked
  // so a test can tell the copy from the server's own compression of the file.
  writeFileSync(path.join(dist, 'assets', 'page-def456.js'), script);
  writeFileSync(path.join(dist, 'assets', 'page-def456.js.br'), brotliCompressSync(`${script}//br copy`));
  writeFileSync(path.join(dist, 'assets', 'page-def456.js.gz'), gzipSync(`${script}//gzip copy`));
  ctx = await createTestApp({ webDistDir: dist });
});
afterAll(() => ctx.close());

describe('serving the web app', () => {
  it('serves index.html for the home page and any client route, always revalidated', async () => {
    for (const url of ['/', '/product/123', '/wallet?tab=1']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers a path that is none of the web app’s pages with the page and 404, a route by its pattern with 200', async () => {
    const pages = ['/cart', '/Cart/', '/verify/abc', '/gift/t0k3n', '/vouchers/v1', '/refund-policy', '/product/a%20b'];
    for (const url of pages) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    }
    for (const url of ['/no-such-page', '/product', '/product/1/extra', '/verify', '/wallet/x?tab=1', '/cart/']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(url === '/cart/' ? 200 : 404);
      // The same HTML: the app draws 'Oops! Page not found'.
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('<div id="root">');
    }
  });

  it("does not serve the build's notes to the server", async () => {
    for (const url of [
      '/shells.json',
      '/SHELLS.json',
      '/.vite/manifest.json',
      '/assets/.hidden.js',
      '/index.html',
      '/ops.html',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('"shells"');
      expect(response.body, url).not.toContain('"file"');
      expect(response.body, url).not.toContain('<title>');
    }
    // The root's own files are still served.
    expect((await ctx.app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
  });

  it('does not serve source maps', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('sources');
    const upper = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js.MAP' });
    expect(upper.statusCode).toBe(404);
  });

  it('serves hashed assets as immutable for a year', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses with brotli or gzip when the browser accepts it', async () => {
    const br = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    const gzip = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(script.length);
  });

  it("sends the build's compressed copy of a file as it is, to a browser that accepts its coding", async () => {
    const asset = (acceptEncoding?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/assets/page-def456.js',
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
    const br = await asset('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${script}//br copy`);
    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(`${script}//gzip copy`);
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const response of [br, gzip, plain]) {
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // A cache keeps one answer per coding.
      expect(response.headers.vary).toBe('accept-encoding');
    }
    // A file without copies is compressed per request, with the same Vary.
    const compressed = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(script);
    expect(compressed.headers.vary).toBe('accept-encoding');
  });

  it('keeps unknown API paths as JSON 404s, not the web app', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('answers a missing file with 404 rather than the page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('does not answer other methods with the page', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/product/123' });
    expect(response.statusCode).toBe(404);
  });
});

describe('a browser that hangs up mid-answer', () => {
  it('is not logged as an error: a page left while its files arrive is everyday traffic', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'gvm-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    // Large and hard to compress: still being compressed and sent when the browser hangs up.
    writeFileSync(path.join(dist, 'assets', 'big-abc123.js'), randomBytes(4 * 1024 * 1024).toString('base64'));
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig({ webDistDir: dist }),
      database: ctx.database,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      for (const encoding of ['gzip', 'br']) {
        await new Promise<void>((resolve, reject) => {
          const request = http.get(
            { port, path: '/assets/big-abc123.js', headers: { 'accept-encoding': encoding } },
            (response) => {
              expect(response.headers['content-encoding']).toBe(encoding);
              response.once('data', () => request.destroy());
            },
          );
          request.on('error', () => resolve());
          request.on('close', () => resolve());
          setTimeout(() => reject(new Error('the request neither answered nor closed')), 10_000).unref();
        });
      }
      // The server notices the closed socket on its next write.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
      // The log is written (each request's own lines), and none of it is a warning or an error.
      expect(logged.some((line) => line.msg === 'incoming request')).toBe(true);
      expect(logged.filter((line) => line.level >= 40)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

/** The page's JSON data block, parsed; undefined when the page has none. */
function initialData(html: string):
  | {
      search?: { params: Record<string, string>; response: unknown };
      product?: { id: string; response: Product };
      filters?: { params: Record<string, string>; response: unknown };
      topSellers?: unknown;
    }
  | undefined {
  const match = /<script type="application\/json" id="initial-data">(.*?)<\/script>/s.exec(html);
  return match?.[1] === undefined ? undefined : JSON.parse(match[1]);
}

/** The chunks a test build preloads for the home page, its grid and a product page (one name an attack on the markup). */
const preloadedChunks = {
  home: ['/assets/home-page-a1.js', '/assets/evil.js"><script>'],
  homeGrid: ['/assets/home-page-a1.js', '/assets/browse-results-f6.js'],
  product: ['/assets/product-page-b2.js'],
};

describe('pages carry their shell and the catalogue data of their first render (decision 024)', () => {
  let pages: TestContext;
  const shells = {
    home: '<p>home shell $&amp; $1</p>',
    homeGrid: '<p>home grid shell</p>',
    product: '<p>product shell</p>',
    page: '<p>page shell</p>',
    preload: {
      ...preloadedChunks,
      cart: ['/assets/cart-page-c3.js'],
      checkout: ['/assets/checkout-page-d4.js', '/assets/wallet-credit-e5.js'],
    },
  };
  const hostile = '</script><script>alert(1)</script><!-- \u2028 & >';

  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'gvm-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><head><title>UGM</title><link rel="stylesheet" crossorigin href="/assets/index-c3.css"></head>' +
        '<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body>',
    );
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'index-c3.css'), 'body{color:#111}');
    // The operator console's own page and stylesheet (decision 052).
    writeFileSync(
      path.join(dist, 'ops.html'),
      '<!doctype html><head><title>Operator console</title><link rel="stylesheet" crossorigin href="/assets/ops-d4.css"></head>' +
        '<body><div id="root"></div><script type="module" crossorigin src="/assets/ops-e5.js"></script></body>',
    );
    writeFileSync(path.join(dist, 'assets', 'ops-d4.css'), 'main{color:#222}');
    writeFileSync(path.join(dist, 'shells.json'), JSON.stringify(shells));
    pages = await createTestApp({ webDistDir: dist });
    await seedCatalogueIfEmpty(pages.database.db);
  });
  afterAll(() => pages.close());

  const page = async (url: string) => {
    const response = await pages.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    return response.body;
  };

  it('puts the shell for the path inside #root, taken literally', async () => {
    expect(await page('/')).toContain(`<div id="root">${shells.home}</div>`);
    expect(await page('/product/abc')).toContain(`<div id="root">${shells.product}</div>`);
    expect(await page('/cart')).toContain(`<div id="root">${shells.page}</div>`);
  });

  it("answers the operator console's pages with the console's own page: its entry, none of the shop's (decisions 047, 052)", async () => {
    for (const url of ['/ops', '/ops/', '/ops/login', '/ops/team', '/OPS/customers/c1', '/ops/audit?page=2']) {
      const html = await page(url);
      expect(html, url).toContain('<title>Operator console</title>');
      expect(html, url).toContain('<script type="module" crossorigin src="/assets/ops-e5.js"></script>');
      expect(html, url).toContain('<div id="root"></div>');
      // Its stylesheet inline, as the shop's.
      expect(html, url).toContain('<style>main{color:#222}</style>');
      // Nothing of the shop's page: its entry, stylesheet, shells, preloads or early requests.
      expect(html, url).not.toContain('/assets/index.js');
      expect(html, url).not.toContain('index-c3.css');
      expect(html, url).not.toContain(shells.page);
      expect(html, url).not.toContain('modulepreload');
      expect(html, url).not.toContain('data-requests');
    }
    // Only /ops and below: an address that merely starts with the letters is the shop's.
    for (const url of ['/opsx', '/operators']) {
      const response = await pages.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('Operator console');
    }
  });

  it('opens / with its rows, and with the grid alone under a category, brand or search (decision 032)', async () => {
    for (const url of ['/', '/?sortBy=price-asc', '/?q=%20', '/?category=no-such-category']) {
      const html = await page(url);
      expect(html, url).toContain(`<div id="root">${shells.home}</div>`);
      // Below the rows the grid's code loads when the shopper nears it, not with the page.
      expect(html, url).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page-a1.js">');
      expect(html, url).not.toContain('browse-results-f6.js');
    }
    for (const url of ['/?category=fashion', '/?merchant=Argos', '/?q=ama']) {
      const html = await page(url);
      expect(html, url).toContain(`<div id="root">${shells.homeGrid}</div>`);
      // The same page code is preloaded, and the grid's, which opens the page.
      expect(html, url).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page-a1.js">');
      expect(html, url).toContain('<link rel="modulepreload" crossorigin href="/assets/browse-results-f6.js">');
    }
  });

  it('carries its stylesheet inline, so the shell paints without a second request', async () => {
    for (const url of ['/', '/cart']) {
      const html = await page(url);
      // Only an inert, disabled link (never fetched) remains, for Vite's loader to find.
      expect(html).toContain(
        '<style>body{color:#111}</style><link rel="stylesheet" href="/assets/index-c3.css" disabled>',
      );
      expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
    }
    // The file itself is still served, for anything that links it.
    expect((await pages.app.inject({ url: '/assets/index-c3.css' })).statusCode).toBe(200);
  });

  it('keeps a stylesheet that could close the element as a link', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'gvm-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'odd.css'), 'a{content:"</style><script>"}');
    const link = '<link rel="stylesheet" href="/assets/odd.css">';
    expect(inlineStylesheets(`<head>${link}</head>`, dist)).toBe(`<head>${link}</head>`);
  });

  it("preloads the page's own code named by the build, and only plain asset paths", async () => {
    const home = await page('/');
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page-a1.js">');
    expect(home).not.toContain('evil.js');
    expect(await page('/product/abc')).toContain('href="/assets/product-page-b2.js"');
    expect(await page('/cart')).toContain('<link rel="modulepreload" crossorigin href="/assets/cart-page-c3.js">');
    // Signed-in pages drawn with the generic shell preload their own code when the build names it.
    const checkout = await page('/checkout/');
    expect(checkout).toContain(`<div id="root">${shells.page}</div>`);
    expect(checkout).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/checkout-page-d4.js">',
    );
    expect(checkout).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/wallet-credit-e5.js">',
    );
    expect(await page('/wallet')).not.toContain('modulepreload');
  });

  describe("the signed-in pages' first API requests, started by their HTML (decision 038)", () => {
    const inlineScripts = (html: string) =>
      [...html.matchAll(/<script(?![^>]*type="(?:module|application\/json)")([^>]*)>([\s\S]*?)<\/script>/g)].map(
        ([, attributes, text]) => ({ attributes: attributes ?? '', text: text ?? '' }),
      );
    const requestsOf = (attributes: string) =>
      JSON.parse(/data-requests="([^"]*)"/.exec(attributes)?.[1]?.replace(/&quot;/g, '"') ?? 'null') as unknown;

    it('are in /checkout and /wallet only, as one script the CSP allows by its hash', async () => {
      for (const [url, requests] of [
        ['/checkout', ['/users/me', '/carts/:userId', '/wallets/user/:userId', '/notifications/:userId']],
        ['/wallet/', ['/users/me', '/wallets/user/:userId', '/carts/:userId', '/notifications/:userId']],
      ] as const) {
        const response = await pages.app.inject({ method: 'GET', url });
        const scripts = inlineScripts(response.body);
        expect(scripts, url).toHaveLength(1);
        const [early] = scripts;
        expect(requestsOf(early?.attributes ?? '')).toEqual(requests);
        const hash = createHash('sha256')
          .update(early?.text ?? '')
          .digest('base64');
        const scriptSrc = /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1];
        expect(scriptSrc?.split(' ')).toContain(`'sha256-${hash}'`);
        // Before the page's code: the answers are on their way while it loads.
        expect(response.body.indexOf('data-requests')).toBeLessThan(response.body.indexOf('modulepreload') >>> 0);
      }
      for (const url of ['/', '/product/abc', '/cart', '/settings'])
        expect(inlineScripts(await page(url)), url).toEqual([]);
    });

    /**
     * Runs the page's script as a browser would, with this session stored, recording what it asks
     * for: first the parser's task, then the task it leaves for the rest.
     */
    function runEarlyScript(storage: Record<string, string>) {
      const requests: { url: string; authorization: string | undefined }[] = [];
      const window: { earlyApiRequests?: { token: string; responses: Record<string, Promise<unknown>> } } = {};
      const storageReads: string[] = [];
      const tasks: (() => void)[] = [];
      const context = vm.createContext({
        window,
        localStorage: {
          getItem: (key: string) => {
            storageReads.push(key);
            return storage[key] ?? null;
          },
        },
        atob: (text: string) => Buffer.from(text, 'base64').toString('latin1'),
        document: { currentScript: { dataset: { requests: '["/users/me","/carts/:userId"]' } } },
        AbortSignal,
        JSON,
        setTimeout: (task: () => void) => tasks.push(task),
        fetch: (url: string, init: { headers: Record<string, string> }) => {
          requests.push({ url, authorization: init.headers.Authorization });
          return Promise.resolve({ ok: true });
        },
      });
      vm.runInContext(EARLY_REQUESTS_SCRIPT, context);
      // The parser's task reads no storage and sends nothing (a browser's first of each is slow).
      expect({ storageReads, requests, early: window.earlyApiRequests }).toEqual({
        storageReads: [],
        requests: [],
        early: undefined,
      });
      expect(tasks).toHaveLength(1);
      for (const task of tasks) task();
      return { requests, early: window.earlyApiRequests };
    }

    const tokenFor = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;

    it("ask with the stored session for the signed-in user's own resources", () => {
      const token = tokenFor({ sub: 'user/1 +a' });
      const { requests, early } = runEarlyScript({ token, refreshToken: 'refresh' });
      expect(requests).toEqual([
        { url: '/api/v1/users/me', authorization: `Bearer ${token}` },
        { url: `/api/v1/carts/${encodeURIComponent('user/1 +a')}`, authorization: `Bearer ${token}` },
      ]);
      expect(early?.token).toBe(token);
      expect(Object.keys(early?.responses ?? {})).toEqual(['/users/me', `/carts/${encodeURIComponent('user/1 +a')}`]);
    });

    it('ask for nothing for a guest, half a session or a token that does not decode, and never throw', () => {
      const sessions: Record<string, string>[] = [
        {},
        { token: tokenFor({ sub: 'user-1' }) },
        { token: 'not-a-token', refreshToken: 'refresh' },
        { token: 'a.%%%.c', refreshToken: 'refresh' },
        { token: tokenFor({ sub: 42 }), refreshToken: 'refresh' },
      ];
      for (const storage of sessions) {
        const { requests, early } = runEarlyScript(storage);
        expect(requests, JSON.stringify(storage)).toEqual([]);
        expect(early).toBeUndefined();
      }
    });
  });

  it('embeds the first page of the browse grid for / exactly as the search route answers it', async () => {
    const html = await page('/');
    const data = initialData(html);
    expect(data?.search?.params).toEqual({ sortBy: DEFAULT_SORT, country: 'GB' });
    const api = await pages.app.inject({
      method: 'GET',
      url: `/api/v1/products/search?sortBy=${DEFAULT_SORT}&country=GB&limit=${PAGE_SIZE}&page=1`,
    });
    expect(data?.search?.response).toEqual(api.json());
    expect((api.json() as { products: unknown[] }).products).toHaveLength(PAGE_SIZE);
    // The home page's first row, the top sellers (limit 8, GB), as their route answers them.
    const topSellers = await pages.app.inject({ url: '/api/v1/products/top-sellers?limit=8&country=GB' });
    expect(data?.topSellers).toEqual(topSellers.json());
    // That row's first pictures are fetched with the page (a phone shows two), not the grid's.
    const firstRow = ((data?.topSellers as { products?: Product[] } | undefined)?.products ?? []).slice(0, 2);
    expect(firstRow).toHaveLength(2);
    for (const product of firstRow)
      expect(html).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${product.imageUrl}">`);
    expect(html.match(/rel="preload" as="image"/g)).toHaveLength(2);
    // And the filter bar's lists.
    expect(data?.filters).toEqual({
      params: { country: 'GB' },
      response: (await pages.app.inject({ url: '/api/v1/products/filters?country=GB' })).json(),
    });
  });

  it('embeds the first page for / with the grid’s page count (pages=3): the web fetches the rest (decision 033)', async () => {
    const plain = initialData(await page('/?category=fashion'));
    const data = initialData(await page('/?category=fashion&pages=3'));
    // The same first page under the same filters: `pages` is not a filter, and page 1 is page 1.
    expect(data?.search?.params).toEqual({ category: 'fashion', sortBy: DEFAULT_SORT, country: 'GB' });
    expect(data?.search?.response).toEqual(plain?.search?.response);
    expect(
      (data?.search?.response as { pagination?: { currentPage: number } } | undefined)?.pagination?.currentPage,
    ).toBe(1);
  });

  it("follows the page's filters, trimmed, and embeds nothing for filters the catalogue refuses", async () => {
    const data = initialData(await page('/?category=fashion&q=%20ar%20&sortBy=price-asc'));
    expect(data?.search?.params).toEqual({ category: 'fashion', q: 'ar', sortBy: 'price-asc', country: 'GB' });
    const api = await pages.app.inject({
      method: 'GET',
      url: '/api/v1/products/search?category=fashion&q=ar&sortBy=price-asc&country=GB&limit=16&page=1',
    });
    expect(data?.search?.response).toEqual(api.json());
    // The filter bar's lists for the page's country and category (decision 031).
    expect(data?.filters).toEqual({
      params: { country: 'GB', category: 'fashion' },
      response: (await pages.app.inject({ url: '/api/v1/products/filters?country=GB&category=fashion' })).json(),
    });
    // A filtered page is the grid alone: no top sellers, and the grid's first pictures preloaded.
    expect(data?.topSellers).toBeUndefined();
    const gridHtml = await page('/?merchant=costa');
    expect(initialData(gridHtml)?.topSellers).toBeUndefined();
    const grid = initialData(gridHtml)?.search?.response as { products?: Product[] } | undefined;
    const costa = grid?.products?.[0];
    expect(costa?.merchant.name).toBe('Costa Coffee');
    expect(gridHtml).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${costa?.imageUrl}">`);
    const refused = initialData(await page('/?category=no-such-category'));
    expect(refused?.search).toBeUndefined();
    // The web ignores a category it does not know and asks for the country's lists: those are embedded.
    expect(refused?.filters?.params).toEqual({ country: 'GB' });
  });

  it('embeds the product for /product/:id, and nothing for an unknown one or another page', async () => {
    const [row] = await pages.database.db.select({ id: products.id }).from(products).limit(1);
    if (!row) throw new Error('no product seeded');
    const html = await page(`/product/${row.id}`);
    const data = initialData(html);
    expect(data?.product?.id).toBe(row.id);
    expect(data?.product?.response).toEqual((await pages.app.inject({ url: `/api/v1/products/${row.id}` })).json());
    // Its picture is fetched with the page.
    expect(html).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${data?.product?.response.imageUrl}">`,
    );
    // And the top sellers shown under it (docs/product/browsing.md#home: limit 8, GB).
    const topSellers = await pages.app.inject({ url: '/api/v1/products/top-sellers?limit=8&country=GB' });
    expect(data?.topSellers).toEqual(topSellers.json());
    expect((topSellers.json() as { products: unknown[] }).products).toHaveLength(8);
    expect(initialData(await page('/product/00000000-0000-4000-8000-000000000000'))?.product).toBeUndefined();
    expect(initialData(await page('/cart'))).toBeUndefined();
  });

  it('cannot be broken out of by catalogue text', async () => {
    const [row] = await pages.database.db.select({ id: products.id }).from(products).limit(1);
    if (!row) throw new Error('no product seeded');
    await pages.database.db.update(products).set({ description: hostile }).where(eq(products.id, row.id));
    const html = await page(`/product/${row.id}`);
    const block = html.slice(html.indexOf('id="initial-data">'));
    // One closing tag: the block's own. The text survives unchanged inside the JSON.
    expect(block.match(/<\/script/gi)).toHaveLength(1);
    expect(block).not.toContain('<!--');
    expect(initialData(html)?.product?.response.description).toBe(hostile);
  });

  it('encodes <, >, & and line separators in the JSON it embeds', () => {
    const text = scriptSafeJson({ a: '</script>&\u2028\u2029' });
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual({ a: '</script>&\u2028\u2029' });
  });
});

describe("the top sellers' first pictures in the home page's HTML (decision 024)", () => {
  const box = (slot: number) => `<div class="aspect-[4/3] animate-pulse bg-gray-100" data-row-art="${slot}"></div>`;
  const shells = {
    home: `<h2>Top sellers</h2>${box(0)}${box(1)}`,
    homeGrid: `<p>grid</p>${box(0)}`,
    product: `<p>product</p>${box(0)}`,
    page: '<p>page</p>',
  };
  const template = '<head></head><body><div id="root"></div></body>';
  const topSellers = {
    products: [{ imageUrl: '/api/v1/logos/BOOTS-GB.svg' }, { imageUrl: '/api/v1/logos/TESCO-GB.svg' }],
  };

  it('paints them into the home shell when / shows its rows', () => {
    const html = renderPage(template, shells, '/', { topSellers }, true);
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).not.toContain('data-row-art');
    expect(root.match(/<img src="\/api\/v1\/logos\/(BOOTS|TESCO)-GB\.svg"[^>]* fetchpriority="high"/g)).toHaveLength(2);
    // Still preloaded from the head as well.
    expect(html).toContain('<link rel="preload" as="image" fetchpriority="high" href="/api/v1/logos/BOOTS-GB.svg">');
  });

  it('leaves every other shell, and the home shell without top sellers, as drawn', () => {
    expect(renderPage(template, shells, '/', {}, true)).toContain(`<div id="root">${shells.home}</div>`);
    expect(renderPage(template, shells, '/', { topSellers }, false)).toContain(
      `<div id="root">${shells.homeGrid}</div>`,
    );
    expect(renderPage(template, shells, '/product/x', { topSellers })).toContain(
      `<div id="root">${shells.product}</div>`,
    );
  });
});

describe("the home page's code after the first paint (decision 035)", () => {
  const entryTag = '<script type="module" crossorigin src="/assets/index-e1.js"></script>';
  const template = `<head>${entryTag}</head><body><div id="root"></div></body>`;
  const shells = {
    home: '<p>home</p>',
    homeGrid: '<p>grid</p>',
    product: '<p>product</p>',
    page: '<p>page</p>',
    preload: preloadedChunks,
    afterPaint: '/assets/after-paint-f0.js',
  };
  const afterPaint = (html: string) => {
    const match = /<script type="application\/json" id="after-paint">(.*?)<\/script>/s.exec(html);
    return match?.[1] === undefined ? undefined : JSON.parse(match[1]);
  };

  it('on / with its rows, names the entry and the page chunks for the loader instead of linking them', () => {
    const html = renderPage(template, shells, '/', {}, true);
    expect(html).toContain('<script type="module" crossorigin src="/assets/after-paint-f0.js"></script>');
    expect(html).not.toContain(entryTag);
    expect(html).not.toContain('modulepreload');
    expect(afterPaint(html)).toEqual({ entry: '/assets/index-e1.js', preload: ['/assets/home-page-a1.js'] });
  });

  it('leaves every page whose first paint needs the app as it was: the entry and its preloads', () => {
    const grid = renderPage(template, shells, '/', {}, false);
    const product = renderPage(template, shells, '/product/x', {});
    for (const html of [grid, product, renderPage(template, shells, '/cart', {})]) {
      expect(html).toContain(entryTag);
      expect(html).not.toContain('after-paint');
    }
    expect(grid).toContain('<link rel="modulepreload" crossorigin href="/assets/browse-results-f6.js">');
    expect(product).toContain('<link rel="modulepreload" crossorigin href="/assets/product-page-b2.js">');
  });

  it('asks for the code of /checkout and /wallet at low priority: their first paint is the generic shell (decision 037)', () => {
    const lowShells = { ...shells, preload: { ...shells.preload, checkout: ['/assets/checkout-page-d4.js'] } };
    const lowEntry = '<script type="module" crossorigin fetchpriority="low" src="/assets/index-e1.js"></script>';
    for (const path of ['/checkout', '/checkout/', '/wallet']) {
      const html = renderPage(template, lowShells, path, undefined);
      expect(html, path).toContain(`<div id="root">${shells.page}</div>`);
      expect(html, path).toContain(lowEntry);
      expect(html, path).not.toContain(entryTag);
      expect(html, path).not.toContain('after-paint');
    }
    expect(renderPage(template, lowShells, '/checkout', undefined)).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/checkout-page-d4.js">',
    );
    // Every other page keeps its entry and preloads at the browser's priority.
    for (const path of ['/cart', '/product/x', '/wallet/x', '/account']) {
      const html = renderPage(
        template,
        { ...lowShells, preload: { ...lowShells.preload, cart: ['/assets/cart-page-c3.js'] } },
        path,
        {},
      );
      expect(html, path).toContain(entryTag);
      expect(html, path).not.toContain('fetchpriority="low"');
    }
  });

  it('keeps the entry where the build names no loader, or an odd one', () => {
    for (const loader of [undefined, '/assets/x.js"><script>']) {
      const html = renderPage(template, { ...shells, afterPaint: loader }, '/', {}, true);
      expect(html).toContain(entryTag);
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page-a1.js">');
      expect(afterPaint(html)).toBeUndefined();
    }
  });
});

describe("the operator console's own build beside the shop's (decision 069)", () => {
  let both: TestContext;
  const consoleScript = `console.log(${JSON.stringify('o'.repeat(4000))});`;

  beforeAll(async () => {
    const shop = mkdtempSync(path.join(tmpdir(), 'gvm-shop-'));
    mkdirSync(path.join(shop, 'assets'));
    writeFileSync(
      path.join(shop, 'index.html'),
      '<!doctype html><title>UGM</title><div id="root"></div><script type="module" src="/assets/index-a1.js"></script>',
    );
    writeFileSync(path.join(shop, 'assets', 'index-a1.js'), script);
    const ops = mkdtempSync(path.join(tmpdir(), 'gvm-console-'));
    mkdirSync(path.join(ops, 'assets'));
    writeFileSync(
      path.join(ops, 'ops.html'),
      '<!doctype html><head><title>Operator console</title><link rel="stylesheet" crossorigin href="/assets/ops-d4.css"></head>' +
        '<body><div id="root"></div><script type="module" crossorigin src="/assets/ops-e5.js"></script></body>',
    );
    writeFileSync(path.join(ops, 'assets', 'ops-d4.css'), 'main{color:#222}');
    writeFileSync(path.join(ops, 'assets', 'ops-e5.js'), consoleScript);
    writeFileSync(path.join(ops, 'assets', 'ops-e5.js.br'), brotliCompressSync(`${consoleScript}//br copy`));
    writeFileSync(path.join(ops, 'assets', 'ops-c-f6.js'), 'export const small = 1;');
    writeFileSync(path.join(ops, 'assets', 'ops-c-f6.js.map'), '{"version":3}');
    both = await createTestApp({ webDistDir: shop, consoleDistDir: ops });
  });
  afterAll(() => both.close());

  it("answers /ops with the console's page, its stylesheet inline, and serves both builds' files from /assets", async () => {
    const page = await both.app.inject({ method: 'GET', url: '/ops/login' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Operator console</title>');
    expect(page.body).toContain('<style>main{color:#222}</style>');
    const shopFile = await both.app.inject({ method: 'GET', url: '/assets/index-a1.js' });
    expect(shopFile.statusCode).toBe(200);
    expect(shopFile.body).toBe(script);
    const consoleFile = await both.app.inject({
      method: 'GET',
      url: '/assets/ops-e5.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(consoleFile.statusCode).toBe(200);
    expect(consoleFile.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(consoleFile.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(consoleFile.rawPayload).toString()).toBe(`${consoleScript}//br copy`);
    // A file without compressed copies, in either build, is the file itself to a browser that takes brotli.
    for (const [url, body] of [
      ['/assets/index-a1.js', script],
      ['/assets/ops-c-f6.js', 'export const small = 1;'],
    ]) {
      const response = await both.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      const sent =
        response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.rawPayload) : response.rawPayload;
      expect(sent.toString(), url).toBe(body);
    }
    expect((await both.app.inject({ method: 'GET', url: '/assets/ops-c-f6.js.map' })).statusCode).toBe(404);
    // The console's page is a build note, as the shop's: never served as a file.
    expect((await both.app.inject({ method: 'GET', url: '/ops.html' })).statusCode).toBe(404);
    expect((await both.app.inject({ method: 'GET', url: '/' })).body).toContain('<title>UGM</title>');
  });
});
