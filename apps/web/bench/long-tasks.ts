import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { benchRouteNamed, newRoutePage } from './route-page';
import { startServer } from './server';
import { sourceMapOf } from './source-maps';

/**
 * `npx tsx bench/long-tasks.ts [route] [loads] [cpu]` (after `npm run build -w @gvm/web`): every task over
 * 50 ms on the page's main thread during a cold load with the CPU slowed `cpu` times (default 4,
 * Lighthouse's phone), from navigation until 6 s after it, and what ran in it: the kind of task
 * (the HTML's parsing, a script's evaluation, a timer, an answer's callback, layout) and the
 * source files its JavaScript spent the most time in, through the build's source maps. It also
 * lists every request to the support chat and whether a WebSocket opened. Durations on a shared
 * machine inflate; what runs in each task does not. `route` is a bench route's name (checkout
 * by default; checkout and wallet signed in, with a card in the cart).
 */
const [routeName = 'checkout', loadsArg = '1', cpuArg = '4'] = process.argv.slice(2);
const loads = Math.max(1, Number(loadsArg));
const cpu = Math.max(1, Number(cpuArg));

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** LONG_TASKS_FUNCTIONS=1 also lists each task's functions (source file and name) that took the most time. */
const withFunctions = process.env.LONG_TASKS_FUNCTIONS === '1';

/** A frame's function as the source names it, through the build's source map. */
function functionOf(frame: ProfileNode['callFrame']): string {
  const original = sourceMapOf(frame.url)?.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  });
  return `${sourceOf(frame)}:${original?.name ?? frame.functionName ?? ''}@${original?.line ?? frame.lineNumber}`;
}

function sourceOf(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName ? `(${frame.functionName.replace(/[()]/g, '')})` : '(native)';
  const file = /\/assets\/([^/]+\.js)$/.exec(frame.url)?.[1];
  if (!file) return frame.url.replace(/^https?:\/\/[^/]+/, '') || '(page)';
  const original = sourceMapOf(frame.url)?.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  });
  if (!original?.source) return file;
  const source = original.source.replace(/.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  if (source.startsWith('src/')) return source;
  return source.startsWith('apps/') || source.startsWith('packages/')
    ? source.replace(/^(apps|packages)\/[^/]+\/src\//, (whole) => `${whole.split('/')[1]}:`)
    : (/^(@[^/]+\/[^/]+|[^/]+)/.exec(source)?.[1] ?? source);
}

const server = await startServer(Number(process.env.BENCH_PORT ?? 3198));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const bench = await benchRouteNamed(server.baseURL, routeName);
  const { route } = bench;
  for (let load = 0; load < loads; load += 1) {
    const { context, page } = await newRoutePage(browser, server.baseURL, bench);
    const chatAsked: string[] = [];
    let sockets = 0;
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      if (pathname.startsWith('/api/v1/support-chat')) chatAsked.push(`${pathname}${search}`);
    });
    page.on('websocket', () => {
      sockets += 1;
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
        'toplevel',
        'loading',
      ],
    });
    await page.goto(`${server.baseURL}${route.path}`);
    await page.waitForTimeout(6000);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    const toasts = await page.locator('[data-sonner-toast]').allTextContents();
    await context.close();
    report(trace.traceEvents, load, chatAsked, sockets);
    if (toasts.length > 0) console.log(`  toasts shown: ${toasts.join(' | ')}`);
  }
} finally {
  await browser.close();
  await server.stop();
}

function report(events: TraceEvent[], load: number, chatAsked: string[], sockets: number) {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const taskTime = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X') continue;
    const key = `${e.pid}:${e.tid}`;
    if (mains.some((m) => `${m.pid}:${m.tid}` === key)) taskTime.set(key, (taskTime.get(key) ?? 0) + (e.dur ?? 0));
  }
  const main = [...taskTime].sort((a, b) => b[1] - a[1])[0]?.[0];
  const [pid] = (main ?? '').split(':').map(Number);
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const navigation = events.find(
    (e) => e.name === 'navigationStart' && e.pid === pid && (e.args?.data?.documentLoaderURL as string | undefined),
  );
  const t0 = navigation?.ts ?? onMain[0]?.ts ?? 0;

  // The sampling profiler's samples, with their times (the chunks carry deltas).
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const profileStart = new Map<string, number>();
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === 'Profile' && e.id) profileStart.set(e.id, (e.args?.data?.startTime as number) ?? e.ts);
    if (e.name !== 'ProfileChunk' || !e.id) continue;
    const data = e.args?.data as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    let ts = profileStart.get(e.id) ?? e.ts;
    const deltas = data.timeDeltas ?? [];
    (data.cpuProfile?.samples ?? []).forEach((node, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node });
    });
    profileStart.set(e.id, ts);
  }
  samples.sort((a, b) => a.ts - b.ts);
  const first = samples[0]?.ts ?? 0;
  const interval = samples.length > 1 ? ((samples.at(-1)?.ts ?? first) - first) / samples.length : 0;

  const kinds = new Set([
    'ParseHTML',
    'EvaluateScript',
    'v8.evaluateModule',
    'TimerFire',
    'FireAnimationFrame',
    'EventDispatch',
    'XHRReadyStateChange',
    'FireIdleCallback',
    'RunMicrotasks',
    'Layout',
    'UpdateLayoutTree',
    'Paint',
    'MajorGC',
    'MinorGC',
    'FunctionCall',
  ]);
  console.log(`\n${routeName}, load ${load + 1}, CPU ${cpu}x: tasks over 50 ms (ms from navigation, ms)`);
  let blocking = 0;
  for (const task of onMain) {
    if (task.name !== 'RunTask' || (task.dur ?? 0) < 50_000) continue;
    const end = task.ts + (task.dur ?? 0);
    blocking += (task.dur ?? 0) / 1000 - 50;
    const byKind = new Map<string, number>();
    for (const e of onMain) {
      if (e.ts < task.ts || e.ts >= end || e === task || !kinds.has(e.name)) continue;
      const url = (e.args?.data?.url as string | undefined)?.replace(/^https?:\/\/[^/]+/, '');
      const kind = e.name === 'EventDispatch' ? `${e.name} ${e.args?.data?.type}` : e.name;
      const key = e.name === 'FunctionCall' ? '' : `${kind}${url ? ` ${url}` : ''}`;
      if (key) byKind.set(key, (byKind.get(key) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const bySource = new Map<string, number>();
    const byFunction = new Map<string, number>();
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts >= end) continue;
      const node = nodes.get(sample.node);
      if (!node || node.callFrame.functionName === '(idle)') continue;
      const source = sourceOf(node.callFrame);
      bySource.set(source, (bySource.get(source) ?? 0) + interval / 1000);
      if (!withFunctions) continue;
      // Inclusive time of our own code's functions (src/, the packages): what of ours the task ran.
      const seen = new Set<string>();
      for (
        let at: ProfileNode | undefined = node;
        at;
        at = at.parent === undefined ? undefined : nodes.get(at.parent)
      ) {
        const name = functionOf(at.callFrame);
        if (seen.has(name) || !/^(src\/|[\w-]+:[^:]+\.tsx?:)/.test(name)) continue;
        seen.add(name);
        byFunction.set(name, (byFunction.get(name) ?? 0) + interval / 1000);
      }
    }
    const top = (totals: Map<string, number>, n: number) =>
      [...totals]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([what, ms]) => `${what} ${ms.toFixed(0)}`)
        .join(', ');
    console.log(
      `${((task.ts - t0) / 1000).toFixed(0).padStart(6)} ${((task.dur ?? 0) / 1000).toFixed(0).padStart(5)}  ${top(byKind, 3)}`,
    );
    if (bySource.size > 0) console.log(`              JS: ${top(bySource, 6)}`);
    if (byFunction.size > 0) console.log(`              ours (inclusive): ${top(byFunction, 8)}`);
  }
  console.log(`  blocking time over 50 ms, summed: ${blocking.toFixed(0)} ms (all tasks, not only FCP to TTI)`);
  console.log(`  chat requests: ${chatAsked.length ? chatAsked.join(', ') : 'none'}; WebSockets opened: ${sockets}`);
}
