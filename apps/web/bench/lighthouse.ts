import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium as playwright } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling as lighthouseThrottling } from 'lighthouse/core/config/constants.js';
import { CHROMIUM_PATH } from './browser';
import { startHttp2Front } from './http2-front';
import { benchRoutes } from './routes';
import { firstProductId, startServer } from './server';
import { signedInStorage } from './session';

/**
 * `npm run bench -w @gvm/web` (Lighthouse): Lighthouse 13's default mobile profile (a mid-range
 * phone on slow 4G, simulated) in Debian's Chromium, on `/`, a product page and `/cart` as a
 * guest and `/checkout` and `/wallet` signed in; prints performance and accessibility scores and
 * FCP, LCP, TBT and CLS, with every failed accessibility audit. Each page is measured
 * LIGHTHOUSE_RUNS times (3 unless set) and the run with the median performance score is shown,
 * with every run's score, TBT and LCP beside it, then again as a Markdown table to paste into
 * docs/performance-history.md.
 */
const port = Number(process.env.BENCH_PORT ?? 3192);
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/**
 * LIGHTHOUSE_THROTTLING=devtools applies the mobile network and CPU slowdown to the real load
 * instead of simulating them from a fast local trace (Lighthouse's default, `simulate`): slower,
 * but the order of events (first paint before the script arrives) is a phone's, not localhost's.
 */
const throttlingMethod = process.env.LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
/**
 * LIGHTHOUSE_CPU=calibrated sets each run's simulated CPU slowdown from the machine's speed that
 * Lighthouse measured as the run began (its `benchmarkIndex`), by the rule of Lighthouse's CPU
 * slowdown calculator ('Calibrating the CPU slowdown' in
 * https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md), so every run stands
 * for the same mid-tier phone: the constant 4x assumes a fast desktop (1,500-2,000) and
 * makes a slower or busier host (1,000-1,300: a shared machine) a slower phone than that. The run
 * is gathered first and simulated after (Lighthouse's gather and audit modes; simulated throttling
 * only reads the multiplier when it simulates). A number (LIGHTHOUSE_CPU=3) sets it outright;
 * unset, Lighthouse's 4x.
 */
const cpuSetting = process.env.LIGHTHOUSE_CPU;
if (cpuSetting && cpuSetting !== 'calibrated' && !(Number(cpuSetting) > 0)) {
  throw new Error(`LIGHTHOUSE_CPU is 'calibrated' or a number, not '${cpuSetting}'`);
}
/**
 * LIGHTHOUSE_REPORT_DIR=<folder> keeps each page's full report (JSON) there, with its trace
 * (`*.trace.json`, for Chrome's performance panel or a script), the last run's of each page.
 */
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
/** LIGHTHOUSE_ROUTES=checkout,wallet measures only the routes of these names (all when unset). */
const onlyRoutes = process.env.LIGHTHOUSE_ROUTES?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const measured = (route: { name: string }) => !onlyRoutes?.length || onlyRoutes.includes(route.name);
/**
 * LIGHTHOUSE_HTTP2=1 loads the pages over HTTPS and HTTP/2 (bench/http2-front.ts, a self-signed
 * certificate), as a deployment behind a load balancer or CDN serves them, instead of the app's
 * own HTTP/1.1: the simulation then multiplexes a page's files on one connection rather than
 * queueing them for six.
 */
const http2 = process.env.LIGHTHOUSE_HTTP2 === '1';
if (reportDir) mkdirSync(reportDir, { recursive: true });
const server = await startServer(port);
const front = http2 ? await startHttp2Front(server.baseURL, port + 1) : undefined;
/** Where the browser opens the pages: the server itself, or HTTPS in front of it. */
const origin = front?.baseURL ?? server.baseURL;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    ...(front ? ['--ignore-certificate-errors'] : []),
  ],
});

interface Result {
  name: string;
  path: string;
  performance: number;
  accessibility: number;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
  failedA11y: string[];
  /** Every run's performance score, in the order the runs were made (the median run's figures are the others). */
  scores: number[];
  /** Every run's total blocking time and largest contentful paint (ms), in the same order. */
  tbtRuns: number[];
  lcpRuns: number[];
  /**
   * Lighthouse's measure of this machine's speed at the start of each run (`benchmarkIndex`),
   * lowest first: the simulation slows the page's CPU work by 4 whatever it is, so a machine at
   * 1,200 scores lower than the same machine at 2,000 (a neighbour's load on a shared host).
   */
  benchmarks: number[];
  /** Each run's simulated CPU slowdown, in the order of `benchmarks`' runs (4 unless LIGHTHOUSE_CPU). */
  slowdowns: number[];
}

/**
 * Lighthouse's CPU slowdown calculator (lighthouse-cpu-throttling-calculator, linked from
 * Lighthouse's throttling docs): the multiplier that brings a host of this benchmarkIndex to
 * Lighthouse's mid-tier phone; 1,533 gives the default 4.
 */
function calibratedSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  if (benchmarkIndex >= 150) return 1 + (benchmarkIndex - 150) / 650;
  return 1;
}

/** LIGHTHOUSE_CPU's number, or Lighthouse's own 4. */
const fixedSlowdown =
  cpuSetting && cpuSetting !== 'calibrated'
    ? Number(cpuSetting)
    : lighthouseThrottling.mobileSlow4G.cpuSlowdownMultiplier;

function runOnce(path: string, cpuSlowdownMultiplier: number, mode: { gatherMode?: string; auditMode?: string } = {}) {
  return lighthouse(`${origin}${path}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    throttlingMethod,
    throttling: { ...lighthouseThrottling.mobileSlow4G, cpuSlowdownMultiplier },
    ...mode,
  });
}

/**
 * LIGHTHOUSE_CPU=calibrated: gathers the page, reads the machine's speed Lighthouse measured as it
 * began, and simulates the run with the slowdown that speed calls for.
 */
async function runCalibrated(path: string) {
  const saved = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  try {
    await runOnce(path, fixedSlowdown, { gatherMode: saved });
    const file = join(saved, 'artifacts.json');
    const artifacts = JSON.parse(readFileSync(file, 'utf8')) as {
      BenchmarkIndex: number;
      settings: { throttling: { cpuSlowdownMultiplier: number } };
    };
    const slowdown = Math.round(calibratedSlowdown(artifacts.BenchmarkIndex) * 10) / 10;
    // The audit's settings must be the gather's: the slowdown is written into both.
    artifacts.settings.throttling.cpuSlowdownMultiplier = slowdown;
    writeFileSync(file, JSON.stringify(artifacts));
    return await runOnce(path, slowdown, { auditMode: saved });
  } finally {
    rmSync(saved, { recursive: true, force: true });
  }
}

/**
 * Each run starts on an empty HTTP cache: Lighthouse's storage reset clears it, and (by default,
 * clearStorageTypes) not localStorage, so a session put there stays for the signed-in pages.
 */
async function runLighthouse(path: string, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    const runner = cpuSetting === 'calibrated' ? await runCalibrated(path) : await runOnce(path, fixedSlowdown);
    if (!runner) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { runtimeError } = runner.lhr;
    if (!runtimeError) {
      if (reportDir) {
        const file = path.replace(/[^\w]+/g, '_') || 'home';
        writeFileSync(join(reportDir, `${file}.json`), JSON.stringify(runner.lhr));
        const trace = (runner.artifacts as { Trace?: unknown } | undefined)?.Trace;
        if (trace) writeFileSync(join(reportDir, `${file}.trace.json`), JSON.stringify(trace));
      }
      return runner.lhr;
    }
    // A trace that missed the navigation (NO_NAVSTART) happens on a busy machine: run it again.
    if (attempt >= attempts) throw new Error(`${path}: ${runtimeError.code} ${runtimeError.message}`);
    console.warn(`${path}: ${runtimeError.code}, running again`);
  }
}

async function audit(name: string, path: string): Promise<Result> {
  const results: Result[] = [];
  for (let run = 0; run < runs; run += 1) {
    const lhr = await runLighthouse(path);
    // A page that sent the browser elsewhere (checkout with an empty cart goes to /cart) is not measured.
    const landedOn = new URL(lhr.finalDisplayedUrl).pathname;
    if (landedOn !== path.split('?')[0]) throw new Error(`${name}: ${path} ended on ${landedOn}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const shown = (id: string) => lhr.audits[id]?.displayValue ?? '-';
    const a11yRefs = lhr.categories.accessibility?.auditRefs ?? [];
    results.push({
      name,
      path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcp: shown('first-contentful-paint'),
      lcp: shown('largest-contentful-paint'),
      tbt: shown('total-blocking-time'),
      cls: shown('cumulative-layout-shift'),
      failedA11y: a11yRefs
        .map((ref) => lhr.audits[ref.id])
        .filter((result) => result && result.score !== null && result.score < 1)
        .map((result) => {
          const items = (result?.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [];
          const where = items
            .slice(0, 3)
            .map((item) => item.node?.snippet ?? '')
            .filter(Boolean);
          return `${result?.id}: ${result?.title}${where.length ? `\n        ${where.join('\n        ')}` : ''}`;
        }),
      scores: [score('performance')],
      tbtRuns: [Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0)],
      lcpRuns: [Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0)],
      benchmarks: [Math.round(lhr.environment.benchmarkIndex ?? 0)],
      slowdowns: [lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 0],
    });
  }
  const inOrder = [...results];
  // The median by score; of equal scores, the median by blocking time.
  results.sort((a, b) => a.performance - b.performance || (a.tbtRuns[0] ?? 0) - (b.tbtRuns[0] ?? 0));
  const median = results[Math.floor(results.length / 2)] as Result;
  const byMachine = results.flatMap((each) =>
    each.benchmarks.map((index, i) => [index, each.slowdowns[i] ?? 0] as const),
  );
  byMachine.sort((a, b) => a[0] - b[0]);
  return {
    ...median,
    scores: inOrder.map((each) => each.performance),
    tbtRuns: inOrder.flatMap((each) => each.tbtRuns),
    lcpRuns: inOrder.flatMap((each) => each.lcpRuns),
    benchmarks: byMachine.map(([index]) => index),
    slowdowns: byMachine.map(([, slowdown]) => slowdown),
  };
}

/**
 * Signs a shopper in for the protected pages: the session lives in the origin's localStorage,
 * written through the same browser over CDP, disconnected again before Lighthouse runs.
 */
async function putSession(storage: Record<string, string>): Promise<void> {
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    // A JSON answer of the origin: opens its storage without loading the app.
    await page.goto(`${origin}/api/v1/health`);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
    await page.close();
  } finally {
    await browser.close();
  }
}

try {
  const productId = await firstProductId(server.baseURL);
  const routes = benchRoutes(productId);
  const results: Result[] = [];
  for (const route of routes.guest.filter(measured)) results.push(await audit(route.name, route.path));
  const signedIn = routes.signedIn.filter(measured);
  // A card in the cart: /checkout with an empty cart would be a redirect to /cart.
  if (signedIn.length > 0) await putSession(await signedInStorage(server.baseURL, productId));
  for (const route of signedIn) results.push(await audit(route.name, route.path));

  console.log(
    `\nLighthouse ${lighthouseVersion()} mobile, ${throttlingMethod} throttling, ${front ? 'HTTPS and HTTP/2' : 'HTTP/1.1'} ` +
      `(${new Date().toISOString()}, ${runs} run(s) a page), CPU slowdown ${cpuSetting === 'calibrated' ? 'calibrated to the machine per run' : `${cpuSetting ?? 4}x`}\n`,
  );
  console.log(
    'route      perf  a11y  FCP      LCP      TBT      CLS     runs            machine (benchmarkIndex)   CPU slowdown',
  );
  for (const result of results) {
    console.log(
      `${result.name.padEnd(10)} ${String(result.performance).padStart(4)}  ${String(result.accessibility).padStart(4)}  ` +
        `${result.fcp.padEnd(8)} ${result.lcp.padEnd(8)} ${result.tbt.padEnd(8)} ${result.cls.padEnd(7)} ` +
        `${result.scores.join(' ').padEnd(15)} ${result.benchmarks.join(' ').padEnd(26)} ${result.slowdowns.join(' ')}`,
    );
  }
  console.log(`\n${markdownTable(results)}`);
  for (const result of results.filter((each) => each.failedA11y.length > 0)) {
    console.log(`\n${result.name}: accessibility audits that failed\n  ${result.failedA11y.join('\n  ')}`);
  }
} finally {
  chrome.kill();
  front?.close();
  await server.stop();
}

/**
 * The figures as docs/performance-history.md records them: the median run's, with every run's
 * score, TBT and LCP (seconds to one decimal) in the order they were made.
 */
function markdownTable(results: Result[]): string {
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  const rows = [
    ['page', 'performance', 'FCP', 'LCP', 'TBT', 'CLS', 'a11y', 'runs: performance', 'runs: TBT (ms)', 'runs: LCP (s)'],
    ...results.map((result) => [
      result.path === '/' ? '`/`' : result.name === 'product' ? 'product' : `\`${result.path}\``,
      String(result.performance),
      result.fcp,
      result.lcp,
      result.tbt,
      result.cls,
      String(result.accessibility),
      result.scores.join(' '),
      result.tbtRuns.join(' '),
      result.lcpRuns.map(seconds).join(' '),
    ]),
  ];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const numeric = new Set([1, 6]);
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0))).join(' | ')} |`;
  const rule = `| ${widths.map((width, column) => (numeric.has(column) ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`;
  return [line(rows[0] ?? []), rule, ...rows.slice(1).map(line)].join('\n');
}

function lighthouseVersion(): string {
  return process.env.npm_package_devDependencies_lighthouse ?? '13';
}
