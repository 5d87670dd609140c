import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from '@playwright/test';

/**
 * Page weight (decision 024): the JavaScript and CSS a route loads on a cold visit,
 * gzipped at level 9 by us (not the server's encoding, so the figures do not depend on brotli or
 * on what the server chose to compress). Shared by `npm run bench` (apps/web/bench/page-weight.ts)
 * and the budget test (e2e/tests/page-weight.spec.ts).
 */

/** The first-load JavaScript budget of `/`, `/product/:id` and `/cart`: 120 kB gzipped (kB = 1000 bytes). */
export const INITIAL_JS_BUDGET_BYTES = 120_000;

export type AssetKind = 'js' | 'css';

export interface AssetWeight {
  /** The path on the app's origin (or the full URL of another origin). */
  path: string;
  kind: AssetKind;
  /** Decoded body size. */
  bytes: number;
  /** Body gzipped at level 9. */
  gzip: number;
  /** Finished loading before the first contentful paint. */
  beforeFcp: boolean;
}

export interface KindTotals {
  /** gzip bytes of the files loaded before the first contentful paint */
  beforeFcp: number;
  /** gzip bytes of every file loaded until the page had rendered and the network was idle */
  initial: number;
}

export interface RouteWeight {
  name: string;
  path: string;
  /** First contentful paint in ms from navigation start (null if the browser reported none). */
  fcpMs: number | null;
  /** gzip bytes of the page's HTML (with its inline stylesheet, shell and data). */
  html: number;
  js: KindTotals;
  css: KindTotals;
  assets: AssetWeight[];
}

export interface RouteToMeasure {
  /** A label for reports ('home', 'product', ...). */
  name: string;
  /** The path to open, e.g. `/product/abc`. */
  path: string;
  /** A CSS selector that exists once the route's own content has been rendered by the app. */
  readySelector: string;
}

function kindOf(response: Response): AssetKind | null {
  const type = response.headers()['content-type'] ?? '';
  if (/javascript|ecmascript/.test(type)) return 'js';
  if (type.includes('text/css')) return 'css';
  return null;
}

/**
 * Opens `route` in a fresh page of `browser` (empty cache: each call makes its own context), with
 * `localStorage` pre-filled from `storage` (e.g. a session's tokens), and waits until the
 * route's content is on screen and the network has been idle for 500 ms. Everything the page
 * fetched until then, without any user action, is its initial load; the files that had finished
 * loading before the first contentful paint are marked.
 */
export async function measureRoute(
  browser: Browser,
  baseURL: string,
  route: RouteToMeasure,
  storage: Record<string, string> = {},
): Promise<RouteWeight> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  try {
    if (Object.keys(storage).length > 0) {
      await context.addInitScript((entries: Record<string, string>) => {
        // Only the first document of the visit is primed; the app may change storage later.
        if (sessionStorage.getItem('__bench_primed')) return;
        sessionStorage.setItem('__bench_primed', '1');
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, storage);
    }
    const page = await context.newPage();
    // Lighthouse's mobile network (150 ms, 1.6 Mbit/s down, 750 kbit/s up), so what lands before
    // the first paint is what a phone would have before it, not whatever localhost delivered.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    const bodies: Promise<{ url: string; kind: AssetKind; body: Buffer } | null>[] = [];
    let html: Promise<Buffer> | undefined;
    page.on('response', (response) => {
      if (!html && response.request().isNavigationRequest() && response.status() === 200) html = response.body();
      const kind = kindOf(response);
      if (!kind || response.status() !== 200) return;
      bodies.push(
        response.body().then(
          (body) => ({ url: response.url(), kind, body }),
          () => null,
        ),
      );
    });

    await page.goto(route.path, { waitUntil: 'load' });
    await page.locator(route.readySelector).first().waitFor({ state: 'attached', timeout: 20_000 });
    await page.waitForLoadState('networkidle');

    const timing = await readTiming(page);
    const origin = new URL(baseURL).origin;
    const assets: AssetWeight[] = [];
    for (const loaded of await Promise.all(bodies)) {
      if (!loaded) continue;
      const url = new URL(loaded.url);
      const finishedAt = timing.responseEnd[loaded.url];
      assets.push({
        path: url.origin === origin ? url.pathname : loaded.url,
        kind: loaded.kind,
        bytes: loaded.body.length,
        gzip: gzipSync(loaded.body, { level: 9 }).length,
        beforeFcp: timing.fcp !== null && finishedAt !== undefined && finishedAt <= timing.fcp,
      });
    }
    assets.sort((a, b) => a.kind.localeCompare(b.kind) || b.gzip - a.gzip);
    return {
      name: route.name,
      path: route.path,
      fcpMs: timing.fcp === null ? null : Math.round(timing.fcp),
      html: html ? gzipSync(await html, { level: 9 }).length : 0,
      js: totals(assets, 'js'),
      css: totals(assets, 'css'),
      assets,
    };
  } finally {
    await context.close();
  }
}

function totals(assets: AssetWeight[], kind: AssetKind): KindTotals {
  const ofKind = assets.filter((asset) => asset.kind === kind);
  const sum = (list: AssetWeight[]) => list.reduce((total, asset) => total + asset.gzip, 0);
  return { beforeFcp: sum(ofKind.filter((asset) => asset.beforeFcp)), initial: sum(ofKind) };
}

async function readTiming(page: Page): Promise<{ fcp: number | null; responseEnd: Record<string, number> }> {
  return page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const responseEnd: Record<string, number> = {};
    for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      responseEnd[entry.name] = entry.responseEnd;
    }
    // The document's own module scripts are not resource entries when inlined; a script or
    // stylesheet named in the HTML is, so every file we weigh has an entry.
    return { fcp, responseEnd };
  });
}

/** kB with one decimal (1 kB = 1000 bytes), as the reports print them. */
export function kb(bytes: number): string {
  return (bytes / 1000).toFixed(1);
}

/** A plain-text report: one summary line per route, then its files. */
export function formatReport(weights: RouteWeight[]): string {
  const lines: string[] = [];
  lines.push(
    'route      path                                     FCP ms    HTML   JS<FCP   JS init   CSS<FCP  CSS init  (kB gz)',
  );
  for (const weight of weights) {
    lines.push(
      [
        weight.name.padEnd(10),
        weight.path.slice(0, 40).padEnd(40),
        String(weight.fcpMs ?? '-').padStart(7),
        kb(weight.html).padStart(7),
        kb(weight.js.beforeFcp).padStart(8),
        kb(weight.js.initial).padStart(9),
        kb(weight.css.beforeFcp).padStart(9),
        kb(weight.css.initial).padStart(9),
      ].join(' '),
    );
  }
  for (const weight of weights) {
    lines.push('', `${weight.name} (${weight.path}): files loaded on the first visit, gzip -9 / raw kB`);
    for (const asset of weight.assets) {
      const when = asset.beforeFcp ? 'before FCP' : 'after FCP';
      lines.push(
        `  ${asset.kind.padEnd(3)} ${kb(asset.gzip).padStart(7)} ${kb(asset.bytes).padStart(8)}  ${when.padEnd(10)}  ${asset.path}`,
      );
    }
  }
  return lines.join('\n');
}
