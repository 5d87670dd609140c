import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { benchRouteNamed, newRoutePage } from './route-page';
import { startServer } from './server';
import { sourceMapOf } from './source-maps';

/**
 * `npx tsx bench/cpu-profile.ts [route] [loads]` (after `npm run build -w @gvm/web`): where a page's
 * main-thread JavaScript time goes on a cold load, by package or source file and by function, with
 * the build's source maps applied. Chromium's sampling profiler (CDP `Profiler`, 100 µs) runs from
 * navigation for 2.5 s, unthrottled, in a fresh context each load; the figures are milliseconds
 * per load, averaged. `route` is a bench route's name (home, product, cart, checkout, wallet;
 * checkout and wallet signed in, with a card in the cart) and defaults to checkout; `loads` to 4.
 * '(program)' is the browser's own work outside JavaScript (parsing, style, layout); zod's time
 * is also given by the first module of ours above it on the stack (a contract module building its
 * schemas at load, or the client parsing an answer). Decision 040 was found this way.
 */
const [routeName = 'checkout', loadsArg = '4'] = process.argv.slice(2);
const loads = Math.max(1, Number(loadsArg));

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A frame's original source file (node_modules/… shortened to the package) and function name. */
function place(frame: CallFrame): { source: string; name: string } {
  if (!frame.url) {
    const native = frame.functionName || 'native';
    return { source: native.startsWith('(') ? native : `(${native})`, name: frame.functionName };
  }
  const original = sourceMapOf(frame.url)?.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  });
  if (!original?.source) return { source: frame.url.replace(/.*\//, ''), name: frame.functionName };
  const source = original.source.replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/');
  return { source, name: original.name ?? frame.functionName };
}

const packageOf = (source: string) =>
  source.startsWith('src/') || source.startsWith('(') ? source : (/^(@[^/]+\/[^/]+|[^/]+)/.exec(source)?.[1] ?? source);

const bySource = new Map<string, number>();
const byFunction = new Map<string, number>();
const zodByCaller = new Map<string, number>();
const add = <K>(totals: Map<K, number>, key: K, ms: number) => totals.set(key, (totals.get(key) ?? 0) + ms);

const server = await startServer(Number(process.env.BENCH_PORT ?? 3197));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const bench = await benchRouteNamed(server.baseURL, routeName);
  const { route } = bench;
  for (let load = 0; load < loads; load += 1) {
    const { context, page } = await newRoutePage(browser, server.baseURL, bench);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(`${server.baseURL}${route.path}`);
    await page.waitForTimeout(2500);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    await context.close();

    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    const selfTime = new Map<number, number>();
    profile.samples.forEach((id, i) => {
      add(selfTime, id, (profile.timeDeltas[i] ?? 0) / 1000);
    });
    for (const [id, ms] of selfTime) {
      const node = nodes.get(id);
      if (!node || node.callFrame.functionName === '(idle)') continue;
      const { source, name } = place(node.callFrame);
      add(bySource, packageOf(source), ms);
      add(byFunction, `${source}:${name}`, ms);
      if (!source.startsWith('zod/')) continue;
      let caller = parent.get(node.id);
      while (caller !== undefined) {
        const frame = nodes.get(caller)?.callFrame;
        const above = frame ? place(frame).source : '';
        if (frame && !above.startsWith('zod/')) {
          add(zodByCaller, frame.url ? above : '(zod loading)', ms);
          break;
        }
        caller = parent.get(caller);
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

const table = (title: string, totals: Map<string, number>, rows: number) => {
  console.log(`\n${title} (ms per load, ${loads} loads)`);
  for (const [key, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${(ms / loads).toFixed(1).padStart(8)}  ${key}`);
  }
};
console.log(`CPU profile of ${routeName} (Chromium ${browser.version()}, unthrottled)`);
table('By package or source file', bySource, 25);
table('zod, by the first of our modules above it', zodByCaller, 12);
table('By function', byFunction, 30);
