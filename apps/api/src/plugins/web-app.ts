import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  API_BASE_PATH,
  cartEndpoints,
  catalogueUrls,
  DEFAULT_SORT,
  isCategoryValue,
  matchPageRoute,
  notificationEndpoints,
  PAGE_SIZE,
  userEndpoints,
  walletEndpoints,
} from '@gvm/contract';
import type { FastifyRequest } from 'fastify';
import type { App } from '../app-types';
import { PICTURE_URL, paintFirstRow } from './first-row';

/**
 * The page shells drawn at build time (apps/web/scripts/prerender-shells.ts): the header and the
 * skeleton of a page, as the app's first render draws them, so the first paint needs no script.
 */
interface Shells {
  /** `/` as it opens: the rows first (decision 032). */
  home: string;
  /** `/` with a category, brand or search: the grid alone (absent from older builds). */
  homeGrid?: string;
  product: string;
  page: string;
  /**
   * Per shell, the page's own chunks (from the build's chunk list), preloaded from the HTML; `cart`,
   * `checkout` and `wallet` are pages drawn with the `page` shell that have their own; `homeGrid`
   * adds the grid's own chunk to the home page's (older builds: the home page's alone).
   */
  preload?: Partial<Record<'home' | 'homeGrid' | 'product' | PreloadedPage | 'page', string[]>>;
  /** The home page's loader (apps/web/src/after-paint.ts, decision 035); absent from older builds. */
  afterPaint?: string;
}

type ShellName = 'home' | 'homeGrid' | 'product' | 'page';

/** Pages of the `page` shell whose code is preloaded from the HTML, by path (a trailing slash allowed). */
const PRELOADED_PAGES = { '/cart': 'cart', '/checkout': 'checkout', '/wallet': 'wallet' } as const;
type PreloadedPage = (typeof PRELOADED_PAGES)[keyof typeof PRELOADED_PAGES];

function preloadedPage(pathname: string): PreloadedPage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return Object.hasOwn(PRELOADED_PAGES, path) ? PRELOADED_PAGES[path as keyof typeof PRELOADED_PAGES] : undefined;
}

/**
 * Pages whose first paint (the `page` shell: header and skeleton) needs no script and whose own
 * content waits for the signed-in user's data anyway: their code loads at low priority (decision 037),
 * so the first paint is not counted as waiting for it.
 */
const LOW_PRIORITY_PAGES: ReadonlySet<PreloadedPage> = new Set(['checkout', 'wallet']);

function isLowPriorityPage(pathname: string): boolean {
  const page = preloadedPage(pathname);
  return page !== undefined && LOW_PRIORITY_PAGES.has(page);
}

/**
 * What the first render of a signed-in page asks the API for (the header's user, cart and
 * notifications, and the page's own data), by page: the page's HTML asks first (decision 038).
 */
const EARLY_REQUESTS: Partial<Record<PreloadedPage, readonly string[]>> = {
  checkout: [userEndpoints.me.path, cartEndpoints.get.path, walletEndpoints.get.path, notificationEndpoints.list.path],
  wallet: [userEndpoints.me.path, walletEndpoints.get.path, cartEndpoints.get.path, notificationEndpoints.list.path],
};

/**
 * Decision 038: the signed-in pages' HTML starts their first API requests itself, with the session
 * the app stores (apps/web/src/lib/auth/token-storage.ts: `token`, `refreshToken`; the user's id
 * is the access token's `sub`), so the answers come while the app's code loads instead of after
 * it; the app's API client takes each answer once (apps/web/src/lib/early-requests.ts). The paths
 * are the script element's `data-requests`, so the script is one text whose hash the CSP allows.
 * A guest, a token that does not decode or any failure leaves it to the app, which asks as usual.
 *
 * The parser's task only reads the paths (`document.currentScript` is gone after it); the stored
 * session and the requests come in a task of their own, which runs as soon as the parser yields.
 * A page's first `localStorage` read and first `fetch` each took 3-22 ms here (Chromium,
 * unthrottled): inside the parser's task they made it one long task (the script 84 of its 110 ms
 * in a Lighthouse trace of /checkout, four times that on its simulated phone); apart, the
 * parser's part took 2-18 ms in such traces, and the requests left 20-40 ms later.
 */
export const EARLY_REQUESTS_SCRIPT = [
  '(function () {',
  '  try {',
  '    var paths = JSON.parse(document.currentScript.dataset.requests);',
  '    setTimeout(function () {',
  '      try {',
  "        var token = localStorage.getItem('token');",
  "        if (!token || !localStorage.getItem('refreshToken')) return;",
  "        var user = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).sub;",
  "        if (typeof user !== 'string' || !user) return;",
  "        var headers = { Accept: 'application/json', Authorization: 'Bearer ' + token };",
  '        var responses = {};',
  '        paths.forEach(function (path) {',
  "          var url = path.replace(':userId', encodeURIComponent(user));",
  `          var response = fetch('${API_BASE_PATH}' + url, { headers: headers, signal: AbortSignal.timeout(10000) });`,
  '          response.catch(function () {});',
  '          responses[url] = response;',
  '        });',
  '        window.earlyApiRequests = { token: token, responses: responses };',
  '      } catch (error) {}',
  '    });',
  '  } catch (error) {}',
  '})();',
].join('\n');

/** The CSP's source for EARLY_REQUESTS_SCRIPT (script-src), the one inline script the app's pages have. */
export const EARLY_REQUESTS_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(EARLY_REQUESTS_SCRIPT).digest('base64')}'`;

function earlyRequestsScript(pathname: string): string {
  const page = preloadedPage(pathname);
  const requests = page === undefined ? undefined : EARLY_REQUESTS[page];
  if (!requests) return '';
  const attribute = JSON.stringify(requests).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<script data-requests="${attribute}">${EARLY_REQUESTS_SCRIPT}</script>`;
}

/** The data the first render of `/` or `/product/:id` needs, read by apps/web/src/lib/initial-data.ts. */
export interface InitialData {
  /** The browse grid's first page for the filters in `params` (the web's own filter shape). */
  search?: { params: Record<string, string>; response: unknown };
  /** The filter bar's lists (categories and merchants) on `/`, for `params` (country, category). */
  filters?: { params: Record<string, string>; response: unknown };
  /**
   * The top sellers (docs/product/browsing.md#home: limit 8, GB): the strip under a product, and on `/` with
   * no category, merchant or search the home page's first row (decision 032).
   */
  topSellers?: unknown;
  /** `id` as it stands in the page's path (the key the product page asks under). */
  product?: { id: string; response: unknown };
}

/** Decision 007: the browse grid is fixed to GB (the web's SEARCH_COUNTRY). */
const SEARCH_COUNTRY = 'GB';
const BROWSE_FILTERS = ['category', 'merchant', 'q', 'sortBy'] as const;
/** docs/product/browsing.md#home: the product page's top sellers are limit 8, GB (the web's TOP_SELLERS_PARAMS). */
const TOP_SELLERS_LIMIT = 8;
const TOP_SELLERS_URL = catalogueUrls.topSellers({ limit: String(TOP_SELLERS_LIMIT), country: SEARCH_COUNTRY });
const PRODUCT_PATH = /^\/product\/([^/]+)\/?$/;
/** The operator console's pages (pageRoutes.ops), answered with the console's own page (ops.html). */
const CONSOLE_PATH = /^\/ops(\/|$)/i;
/** The browse grid's first row on a phone (two columns). */
const FIRST_ROW = 2;
const ROOT_ELEMENT = '<div id="root"></div>';
const ASSET_SCRIPT = /^\/assets\/[\w.-]+\.js$/;
/** The app's entry as Vite writes it into index.html. */
const ENTRY_SCRIPT = /<script type="module"(?: crossorigin)? src="(\/assets\/[\w.-]+\.js)"><\/script>/;

/**
 * JSON that is safe inside `<script type="application/json">`: no `<` (so no `</script>` or
 * `<!--`), `>` or `&`, and no line separators that older parsers took for line ends.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Serves the built single-page app from the API's own port. Hashed files under /assets are
 * immutable; pages are always revalidated so a deploy is picked up on the next visit; source maps
 * are not served (the build keeps them for measuring, unreferenced). Any GET outside /api that is
 * not a file is a page (client-side routes): index.html with the page shell
 * inside #root and, for `/` and `/product/:id`, the catalogue answers the first render needs as a
 * JSON data block (decision 024), taken from the catalogue's own routes and so from its cache.
 * A path that is none of the web's pages (`matchPageRoute`, the route table the router registers)
 * gets the same page with status 404: the app draws its not-found page. The operator console's
 * addresses, `/ops` and below, get the console's own page (ops.html, decisions 047 and 052): its
 * entry, none of the shop's code, shell, early requests or data.
 */
/**
 * What of the build the server sends as files: the hashed assets and the root's own (the favicon).
 * Source maps stay on the build machine (vite's `sourcemap: 'hidden'`); the build's notes to the
 * server (`shells.json`, `.vite/chunks.json`, the templates `index.html` and `ops.html`) are read,
 * not served.
 */
function isPublicFile(pathname: string): boolean {
  if (pathname.endsWith('/') || /\.map$/i.test(pathname)) return false;
  if (pathname.split('/').some((segment) => segment.startsWith('.'))) return false;
  return !BUILD_NOTES.has(pathname.toLowerCase());
}
const BUILD_NOTES: ReadonlySet<string> = new Set(['/shells.json', '/index.html', '/ops.html']);

/**
 * `distDir`: the shop's build (apps/web/dist); `consoleDistDir`: the operator console's
 * (apps/console/dist, decision 069), whose page (ops.html) answers /ops and whose files (assets/ops-*)
 * are served beside the shop's from the same /assets. A console build without its page leaves
 * ops.html to the shop's build (older than decision 069), and one without either draws the console
 * from index.html (older than decision 052).
 */
export async function registerWebApp(
  app: App,
  distDir: string | undefined,
  consoleDistDir?: string | undefined,
): Promise<void> {
  const hasWebApp = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  const template = hasWebApp ? inlineStylesheets(readFileSync(path.join(distDir, 'index.html'), 'utf8'), distDir) : '';
  const shells = hasWebApp ? readShells(distDir) : undefined;
  const consoleDir =
    hasWebApp && consoleDistDir !== undefined && existsSync(path.join(consoleDistDir, 'ops.html'))
      ? consoleDistDir
      : distDir;
  const consolePage =
    hasWebApp && consoleDir !== undefined && existsSync(path.join(consoleDir, 'ops.html'))
      ? inlineStylesheets(readFileSync(path.join(consoleDir, 'ops.html'), 'utf8'), consoleDir)
      : template;
  if (hasWebApp) {
    const served = {
      // `/` (a folder) is a page like any other: rendered below, not sent as the bare file.
      index: false as const,
      allowedPath: isPublicFile,
      // The build's brotli and gzip copies (packages/config/src/compress-assets.ts), sent as they
      // are to a browser that accepts them; a file without one is compressed per request (app.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders(res: { setHeader(name: string, value: string): unknown }, filePath: string) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Lower case, as @fastify/compress looks for it before adding its own.
        res.setHeader('Vary', 'accept-encoding');
      },
    };
    await app.register(fastifyStatic, { root: distDir, wildcard: true, ...served });
    if (consoleDir !== undefined && consoleDir !== distDir && existsSync(path.join(consoleDir, 'assets'))) {
      // The console's files (assets/ops-*, never a name of the shop's), one route each, found when
      // the server starts: a second folder in the shop's own `root` would not fall back to a file
      // without a compressed copy (@fastify/static tries the copy in every folder, then the file
      // in the last one only).
      await app.register(fastifyStatic, {
        root: path.join(consoleDir, 'assets'),
        prefix: '/assets/',
        wildcard: false,
        decorateReply: false,
        globIgnore: ['**/*.map', '**/.*'],
        ...served,
      });
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname.startsWith('/api/') || pathname === '/api';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing file (an old hashed bundle after a deploy) is a 404, never the page as script.
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    if (hasWebApp && !isApi && !isFile && wantsPage && CONSOLE_PATH.test(pathname)) {
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(consolePage);
    }
    if (hasWebApp && !isApi && !isFile && wantsPage) {
      const rows = homeShowsRows(new URLSearchParams(request.url.split('?')[1] ?? ''));
      const data = await initialDataFor(app, request, pathname);
      const html = renderPage(template, shells, pathname, data, rows);
      return reply
        .status(matchPageRoute(pathname) === undefined ? 404 : 200)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(html);
    }
    return reply.status(404).send({ error: `Not found: ${request.method} ${pathname}` });
  });
}

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[\w.-]+\.css)">/g;

/**
 * The app's stylesheet (one file, Tailwind's output, about 12 kB gzipped) goes into the page
 * itself: the shell paints as soon as the HTML has arrived, without a second round trip for the
 * CSS (decision 024). The CSP allows inline styles; a file that could close the element stays a link.
 */
export function inlineStylesheets(html: string, distDir: string): string {
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const file = path.join(distDir, href);
    if (!existsSync(file)) return link;
    const css = readFileSync(file, 'utf8');
    // The disabled link is never fetched; it tells Vite's loader, which looks for a stylesheet
    // link before it adds one for a lazily loaded page, that this stylesheet is already here.
    return /<\/style/i.test(css) ? link : `<style>${css}</style><link rel="stylesheet" href="${href}" disabled>`;
  });
}

function readShells(distDir: string): Shells | undefined {
  const file = path.join(distDir, 'shells.json');
  if (!existsSync(file)) return undefined;
  const shells = JSON.parse(readFileSync(file, 'utf8')) as Partial<Shells>;
  return typeof shells.home === 'string' && typeof shells.product === 'string' && typeof shells.page === 'string'
    ? (shells as Shells)
    : undefined;
}

/**
 * Whether `/` opens with its rows (top sellers, occasions, price bands: decision 032), as the web's
 * `showsHomeRows(readBrowseParams(…))` decides: no known category, no brand and no search.
 */
export function homeShowsRows(query: URLSearchParams): boolean {
  return !isCategoryValue(query.get('category') ?? '') && !query.get('merchant')?.trim() && !query.get('q')?.trim();
}

/** `rows`: on `/`, whether the page opens with its rows (homeShowsRows) rather than the grid. */
export function renderPage(
  template: string,
  shells: Shells | undefined,
  pathname: string,
  data: InitialData | undefined,
  rows = true,
): string {
  let html = template;
  if (shells) {
    const home: ShellName = rows || shells.homeGrid === undefined ? 'home' : 'homeGrid';
    const name: ShellName = pathname === '/' ? home : PRODUCT_PATH.test(pathname) ? 'product' : 'page';
    // A function, so `$` in the shell is never read as a replacement pattern.
    // On `/` with its rows, the top sellers' first pictures are in the HTML (first-row.ts).
    const shell = name === 'home' ? paintFirstRow(shells.home, data?.topSellers) : shells[name];
    html = html.replace(ROOT_ELEMENT, () => `<div id="root">${shell}</div>`);
    const preloadName =
      name === 'homeGrid'
        ? shells.preload?.homeGrid
          ? 'homeGrid'
          : 'home'
        : name === 'page'
          ? (preloadedPage(pathname) ?? name)
          : name;
    const chunks = (shells.preload?.[preloadName] ?? []).filter((file) => ASSET_SCRIPT.test(file));
    // Looked up in the template (its head), not in the page with the shell already inside #root.
    const entry = ENTRY_SCRIPT.exec(template)?.[1];
    if (name === 'home' && shells.afterPaint && ASSET_SCRIPT.test(shells.afterPaint) && entry) {
      // `/` with its rows is drawn whole by the server: its code loads after the first paint (decision 035).
      const afterPaint = `<script type="application/json" id="after-paint">${scriptSafeJson({ entry, preload: chunks })}</script>`;
      html = html
        .replace(ENTRY_SCRIPT, () => `<script type="module" crossorigin src="${shells.afterPaint}"></script>`)
        .replace('</body>', () => `${afterPaint}</body>`);
    } else {
      // The signed-in pages' shell is the generic skeleton: no script draws their first paint,
      // so their code asks for low priority and leaves the first round trips to the HTML and font.
      const priority = name === 'page' && isLowPriorityPage(pathname) ? ' fetchpriority="low"' : '';
      const links = chunks.map((file) => `<link rel="modulepreload" crossorigin${priority} href="${file}">`).join('');
      // The signed-in pages' first API requests go out first (decision 038).
      const early = name === 'page' ? earlyRequestsScript(pathname) : '';
      html = html.replace('</head>', () => `${early}${links}</head>`);
      if (priority && entry) {
        html = html.replace(
          ENTRY_SCRIPT,
          () => `<script type="module" crossorigin${priority} src="${entry}"></script>`,
        );
      }
    }
  }
  // The pictures the page opens with (the product's; on `/` the first row on a phone: the top
  // sellers' when the home page shows its rows, else the grid's) are its largest elements: fetch
  // them with the HTML, not after the page has rendered.
  const firstRow =
    pathname === '/' && rows && data?.topSellers !== undefined ? data.topSellers : data?.search?.response;
  const pictures = [
    data?.product?.response,
    ...((firstRow as { products?: unknown[] } | undefined)?.products ?? []).slice(0, FIRST_ROW),
  ]
    .map((product) => (product as { imageUrl?: unknown } | undefined)?.imageUrl)
    .filter((url): url is string => typeof url === 'string' && PICTURE_URL.test(url));
  // High priority, as the <img> itself asks (MerchantLogo's `priority`): a preloaded image is
  // otherwise fetched at low priority behind the scripts until layout finds it in view.
  const imageLinks = pictures
    .map((url) => `<link rel="preload" as="image" fetchpriority="high" href="${url}">`)
    .join('');
  html = html.replace('</head>', () => `${imageLinks}</head>`);
  if (data && Object.values(data).some((value) => value !== undefined)) {
    const block = `<script type="application/json" id="initial-data">${scriptSafeJson(data)}</script>`;
    html = html.replace('</body>', () => `${block}</body>`);
  }
  return html;
}

/** Asks the catalogue's public route, so the answer is the one a browser would get (and cached alike). */
async function catalogueAnswer(app: App, request: FastifyRequest, url: string): Promise<unknown> {
  try {
    const response = await app.inject({ method: 'GET', url, headers: { 'x-request-id': String(request.id) } });
    return response.statusCode === 200 ? response.json() : undefined;
  } catch (error) {
    // The page still works without it: the app asks for the data itself.
    request.log.warn({ err: error, url }, 'initial data for the page could not be read');
    return undefined;
  }
}

async function initialDataFor(app: App, request: FastifyRequest, pathname: string): Promise<InitialData | undefined> {
  if (request.method !== 'GET') return undefined;
  if (pathname === '/') {
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    // The web's filters: trimmed, empty ones dropped, the default sort spelled out, GB.
    const params: Record<string, string> = {};
    for (const name of BROWSE_FILTERS) {
      const value = query.get(name)?.trim();
      if (value) params[name] = value;
    }
    params.sortBy ??= DEFAULT_SORT;
    params.country = SEARCH_COUNTRY;
    const search = { ...params, limit: String(PAGE_SIZE), page: '1' };
    // Without a category, brand or search the home page opens with the top sellers' row.
    const showsRows = homeShowsRows(query);
    // The filter bar's lists for the page's country and category, as the first render asks for
    // them (decision 031); a category the web does not know is ignored there, so here too.
    const filterParams: Record<string, string> = { country: SEARCH_COUNTRY };
    if (params.category && isCategoryValue(params.category)) filterParams.category = params.category;
    const [response, filtersResponse, topSellers] = await Promise.all([
      catalogueAnswer(app, request, catalogueUrls.search(search)),
      catalogueAnswer(app, request, catalogueUrls.filters(filterParams)),
      showsRows ? catalogueAnswer(app, request, TOP_SELLERS_URL) : undefined,
    ]);
    const filters = filtersResponse === undefined ? undefined : { params: filterParams, response: filtersResponse };
    return { search: response === undefined ? undefined : { params, response }, filters, topSellers };
  }
  const id = PRODUCT_PATH.exec(pathname)?.[1];
  if (id) {
    const decoded = decodeSafely(id);
    const [product, topSellers] = await Promise.all([
      catalogueAnswer(app, request, catalogueUrls.product(decoded)),
      catalogueAnswer(app, request, TOP_SELLERS_URL),
    ]);
    return { product: product === undefined ? undefined : { id: decoded, response: product }, topSellers };
  }
  return undefined;
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
