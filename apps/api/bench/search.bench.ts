/**
 * `npm run bench`: catalogue reads at 100,000 products (decision 005, decision 022).
 *
 * For each database (PGlite in a temporary folder; PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names a server, in a fresh database dropped afterwards) it seeds the real
 * catalogue plus N synthetic products, starts the app with its production cache settings, and
 * measures with autocannon:
 *
 * - repeated queries (a browse page and a merchant search, each the same URL throughout: after
 *   the first request every answer comes from the catalogue cache), beside a bare node:http
 *   server answering the same bytes, as a ratio;
 * - a run of distinct queries (browse pages and merchant searches, every URL another cache key,
 *   so none is a hit), after a shorter run of other distinct queries to warm the miss's code,
 *   its throughput and p99, sent from a process of its own;
 * - the memory the cache takes once it holds the distinct run's answers.
 *
 * Timings are printed, never asserted: record them with the machine and date in
 * docs/performance.md.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { categoryValues, sortOptions } from '@gvm/contract';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import {
  seedCatalogueIfEmpty,
  seedMerchants,
  seedSyntheticProducts,
  syntheticNouns,
  syntheticWords,
} from '../src/db/seed/catalogue';
import { readCatalogIndex } from '../src/modules/catalog/catalog-index';
import { productAnswer } from '../src/modules/catalog/service';
import { createFreshDatabase } from './fresh-database';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    distinct: { type: 'string', default: '2000' },
    /** `pglite`, `postgres` or both (comma-separated). */
    databases: { type: 'string', default: 'pglite,postgres' },
  },
});
const productCount = Number(values.products);
const duration = Number(values.seconds);
const connections = Number(values.connections);
const distinctCount = Number(values.distinct);
const databases = new Set(values.databases.split(','));
const execute = promisify(execFile);

const searches: { name: string; path: string; acceptEncoding?: string }[] = [
  {
    name: 'category + country, price sort, page 3',
    path: '/api/v1/products/search?category=fashion&country=GB&sortBy=price-asc&page=3&limit=16',
  },
  { name: 'merchant search, default sort', path: '/api/v1/products/search?q=amber%20goods&country=GB&limit=16' },
  {
    name: 'merchant search, Accept-Encoding: br (as browsers ask)',
    path: '/api/v1/products/search?q=amber%20goods&country=GB&limit=16',
    acceptEncoding: 'br',
  },
];

/**
 * `count` different catalogue reads, each another cache key: browse pages (category, country,
 * sort, page) and merchant searches (a synthetic merchant's two words or one, a partner's name,
 * the first letters of one, under each sort), alternating, as shoppers would send them.
 */
function distinctQueries(count: number): string[] {
  const countries = ['GB', 'IE'];
  const browse: string[] = [];
  for (let page = 1; browse.length < count; page++) {
    for (const sortBy of sortOptions) {
      for (const country of countries) {
        for (const category of categoryValues) {
          const query = new URLSearchParams({ category, country, sortBy, page: String(page), limit: '16' });
          browse.push(`/api/v1/products/search?${query}`);
        }
      }
    }
  }
  const names = seedMerchants.map((merchant) => merchant.name.toLowerCase());
  const terms = [
    ...syntheticWords.flatMap((word) => syntheticNouns.map((noun) => `${word} ${noun}`.toLowerCase())),
    ...syntheticWords.map((word) => word.toLowerCase()),
    ...names,
    ...names.map((name) => name.slice(0, 4)),
  ];
  const uniqueTerms = [...new Set(terms)];
  const search: string[] = [];
  for (let i = 0; search.length < count; i++) {
    const term = uniqueTerms[i % uniqueTerms.length] ?? '';
    const sortBy = sortOptions[Math.floor(i / uniqueTerms.length) % sortOptions.length] ?? 'merchant-az';
    const page = 1 + Math.floor(i / (uniqueTerms.length * sortOptions.length));
    const query = new URLSearchParams({ q: term, country: 'GB', sortBy, page: String(page), limit: '16' });
    search.push(`/api/v1/products/search?${query}`);
  }
  const mixed: string[] = [];
  for (let i = 0; mixed.length < count; i++) {
    const next = i % 2 === 0 ? browse[i >> 1] : search[i >> 1];
    if (next) mixed.push(next);
  }
  if (new Set(mixed).size !== mixed.length) throw new Error('the distinct queries repeat');
  return mixed;
}

interface Measurement {
  requestsPerSecond: number;
  p99: number;
  errors: number;
}

/**
 * The app and the bare server in turns (three rounds of a third of `duration` each, after a
 * second of each to warm up), so a burst of other work on the machine weighs on both sides
 * rather than on one: requests per second over all rounds, and the worst round's p99.
 */
async function compare(
  appUrl: string,
  bareUrl: string,
  headers: Record<string, string>,
): Promise<{ app: Measurement; bare: Measurement }> {
  const rounds = 3;
  // A second of each first, not counted: the JIT warms up on the first requests of a URL.
  for (const url of [appUrl, bareUrl]) await autocannon({ url, headers, connections, duration: 1 });
  const totals = { app: { requests: 0, p99: 0, errors: 0 }, bare: { requests: 0, p99: 0, errors: 0 } };
  for (let round = 0; round < rounds; round++) {
    for (const side of ['app', 'bare'] as const) {
      const result = await autocannon({
        url: side === 'app' ? appUrl : bareUrl,
        headers,
        connections,
        duration: duration / rounds,
      });
      totals[side].requests += result.requests.total;
      totals[side].p99 = Math.max(totals[side].p99, result.latency.p99);
      totals[side].errors += result.errors + result.non2xx;
    }
  }
  const toMeasurement = (total: { requests: number; p99: number; errors: number }): Measurement => ({
    requestsPerSecond: total.requests / duration,
    p99: total.p99,
    errors: total.errors,
  });
  return { app: toMeasurement(totals.app), bare: toMeasurement(totals.bare) };
}

/** Every path once, over `connections` connections; answers the run and the bytes of the bodies. */
/**
 * The distinct run, sent by a client in a process of its own (distinct-client.ts): with
 * autocannon on the app's own event loop, reading ten answers of 6 KB at a time queued behind the
 * app's work and was counted in its latency (docs/performance-history.md, 2026-11-23 21:10).
 */
async function measureDistinct(
  base: string,
  paths: string[],
): Promise<Measurement & { seconds: number; latencies: number[] }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'gvm-distinct-'));
  try {
    const input = path.join(dir, 'run.json');
    writeFileSync(input, JSON.stringify({ base, paths, connections }));
    const client = path.join(import.meta.dirname, 'distinct-client.ts');
    const { stdout } = await execute(process.execPath, ['--import', 'tsx', client, input], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The `p`th percentile of `values` (0-100), by nearest rank. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

/** The bytes as they travel (fetch would decompress them), and the headers. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ body: Buffer; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
        else resolve({ body: Buffer.concat(chunks), headers: response.headers });
      });
    }).on('error', reject);
  });
}

/** A plain node:http server answering fixed bytes: the ceiling this machine allows. */
async function bareServer(
  body: Buffer,
  extraHeaders: Record<string, string>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
      ...extraHeaders,
    });
    response.end(body);
  });
  const url = await listen(server);
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function prepare(database: DatabaseHandle): Promise<void> {
  await database.migrate();
  await seedCatalogueIfEmpty(database.db);
  const started = Date.now();
  await seedSyntheticProducts(database.db, productCount);
  console.log(`  seeded ${productCount} synthetic products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // As a live catalogue would be: vacuumed, so PostgreSQL's autovacuum does not start on the
  // freshly loaded table in the middle of a measurement.
  await database.db.execute(sql`vacuum analyze products`);
}

/** Heap and buffers in use after a full collection (run with --expose-gc for an exact figure). */
function memoryInUse(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * What the app builds in the background on its first catalogue search (decision 036), read here
 * on its own to report its cost, and let go.
 */
async function describeCatalogIndex(database: DatabaseHandle): Promise<string> {
  const reading = Date.now();
  const index = await readCatalogIndex(database.db, productAnswer);
  const took = Date.now() - reading;
  if (!index) return '  catalogue index: not built (the catalogue is too large)';
  const answers = index.answers ? index.answers.text.length + index.answers.start.byteLength : 0;
  return `  catalogue index: ${index.size} products, ${index.names.length} names, ${mib(index.bytes)} (of which ${mib(answers)} the products' answers), read in ${took} ms`;
}

async function run(label: string, database: DatabaseHandle): Promise<void> {
  console.log(`\n${label}`);
  await prepare(database);
  // The production defaults: 64 MiB of answers, the generation re-read once a second.
  const config = testConfig({ catalogCacheMb: 64, catalogCacheRecheckMs: 1000 });
  const app = await buildApp({ config, database, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    // The app reads its catalogue index in the background on its first search (decision 036):
    // started here and given time to finish, so that the repeated queries below measure cache
    // hits rather than the index being read beside them. Meanwhile the bench reads the index
    // once more itself, to print its size.
    await rawGet(`${base}/api/v1/products/search?q=index`, {});
    console.log(await describeCatalogIndex(database));
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    console.log('  repeated queries (answered from the cache after the first)');
    for (const search of searches) {
      const headers: Record<string, string> = search.acceptEncoding ? { 'accept-encoding': search.acceptEncoding } : {};
      const response = await rawGet(base + search.path, headers);
      const coding = response.headers['content-encoding'];
      const bare = await bareServer(response.body, coding ? { 'content-encoding': coding } : {});
      const body = response.body;
      const { app: appResult, bare: bareResult } = await compare(base + search.path, bare.url, headers);
      await bare.close();
      console.log(`  ${search.name} (${body.length} bytes${coding ? ` in ${coding}` : ''})`);
      console.log(
        `    app : ${appResult.requestsPerSecond.toFixed(0).padStart(6)} req/s, p99 ${appResult.p99} ms, errors ${appResult.errors}`,
      );
      console.log(
        `    bare: ${bareResult.requestsPerSecond.toFixed(0).padStart(6)} req/s, p99 ${bareResult.p99} ms, errors ${bareResult.errors}`,
      );
      console.log(`    app / bare = ${(appResult.requestsPerSecond / bareResult.requestsPerSecond).toFixed(3)}`);
    }

    const paths = distinctQueries(distinctCount);
    // The miss's own code warmed first, as on a server that has been up a while: a quarter as
    // many queries again, each another key than the measured ones (pages of 15), so the
    // measured run still has no cache hit.
    const warmUp = distinctQueries(Math.ceil(distinctCount / 4)).map((path) => path.replace('limit=16', 'limit=15'));
    if (warmUp.some((path) => paths.includes(path))) throw new Error('the warm-up repeats a measured query');
    await measureDistinct(base, warmUp);
    const before = memoryInUse();
    const distinct = await measureDistinct(base, paths);
    const after = memoryInUse();
    let bodyBytes = 0;
    for (const path of paths) bodyBytes += (await (await fetch(base + path)).arrayBuffer()).byteLength;
    console.log(`  ${paths.length} distinct queries (no cache hit), ${connections} connections`);
    console.log(
      `    app : ${distinct.requestsPerSecond.toFixed(0).padStart(6)} req/s, p99 ${distinct.p99} ms, errors ${distinct.errors}, ${distinct.seconds.toFixed(1)} s`,
    );
    const { latencies } = distinct;
    const firstTenth = latencies.slice(0, Math.ceil(latencies.length / 10));
    const rest = latencies.slice(firstTenth.length);
    console.log(
      `    by order of answer: first ${firstTenth.length} p99 ${percentile(firstTenth, 99).toFixed(1)} ms, max ${Math.max(...firstTenth).toFixed(1)} ms; ` +
        `the other ${rest.length} p99 ${percentile(rest, 99).toFixed(1)} ms, p50 ${percentile(rest, 50).toFixed(1)} ms`,
    );
    console.log(
      `    cache memory after the run: ${mib(after - before)} for ${paths.length} answers of ${mib(bodyBytes)} (${(bodyBytes / paths.length / 1024).toFixed(1)} KB on average)`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

async function withPostgres(serverUrl: string): Promise<void> {
  const fresh = await createFreshDatabase(serverUrl, 'gvm_bench');
  try {
    await run(`PostgreSQL (${new URL(serverUrl).host})`, await openDatabase({ databaseUrl: fresh.url, poolSize: 10 }));
  } finally {
    await fresh.drop();
  }
}

console.log(
  `Catalogue benchmark: ${productCount} synthetic products, ${connections} connections, ${duration} s each, ${distinctCount} distinct queries`,
);
if (databases.has('pglite')) {
  const dir = mkdtempSync(path.join(tmpdir(), 'gvm-bench-'));
  try {
    await run('PGlite (embedded)', await openDatabase({ pgliteDir: dir }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (databases.has('postgres')) {
  if (postgresUrl) await withPostgres(postgresUrl);
  else console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server to include it.');
}
