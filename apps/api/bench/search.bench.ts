/**
 * `npm run bench`: product search at 100,000 products (issue 2, item 8).
 *
 * For each database (PGlite in a temporary folder; PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names a server, in a fresh database dropped afterwards) it seeds the real
 * catalogue plus N synthetic products, starts the app, and measures a filtered, sorted search
 * page with autocannon, beside a bare node:http server answering the same bytes. It prints
 * requests per second, p99 latency and the ratio to the bare server. Timings are printed, never
 * asserted: record them with the machine and date in docs/performance.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { seedCatalogueIfEmpty, seedSyntheticProducts } from '../src/db/seed/catalogue';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const productCount = Number(values.products);
const duration = Number(values.seconds);
const connections = Number(values.connections);

const searches = [
  {
    name: 'category + country, price sort, page 3',
    path: '/api/v1/products/search?category=fashion&country=GB&sortBy=price-asc&page=3&limit=16',
  },
  { name: 'merchant search, default sort', path: '/api/v1/products/search?q=amber%20goods&country=GB&limit=16' },
];

interface Measurement {
  requestsPerSecond: number;
  p99: number;
  errors: number;
}

async function measure(url: string): Promise<Measurement> {
  const result = await autocannon({ url, connections, duration });
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

/** A plain node:http server answering fixed bytes: the ceiling this machine allows. */
async function bareServer(body: Buffer): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
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
}

async function run(label: string, database: DatabaseHandle): Promise<void> {
  console.log(`\n${label}`);
  await prepare(database);
  const app = await buildApp({ config: testConfig(), database, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    for (const search of searches) {
      const response = await fetch(base + search.path);
      if (!response.ok) throw new Error(`${search.path} answered ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      const bare = await bareServer(body);
      const appResult = await measure(base + search.path);
      const bareResult = await measure(bare.url);
      await bare.close();
      console.log(`  ${search.name} (${body.length} bytes)`);
      console.log(
        `    app : ${appResult.requestsPerSecond.toFixed(0).padStart(6)} req/s, p99 ${appResult.p99} ms, errors ${appResult.errors}`,
      );
      console.log(
        `    bare: ${bareResult.requestsPerSecond.toFixed(0).padStart(6)} req/s, p99 ${bareResult.p99} ms, errors ${bareResult.errors}`,
      );
      console.log(`    app / bare = ${(appResult.requestsPerSecond / bareResult.requestsPerSecond).toFixed(3)}`);
    }
  } finally {
    await app.close();
    await database.close();
  }
}

async function withPostgres(serverUrl: string): Promise<void> {
  const name = `gvm_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    await run(`PostgreSQL (${url.host})`, await openDatabase({ databaseUrl: url.toString(), poolSize: 10 }));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

console.log(
  `Product search benchmark: ${productCount} synthetic products, ${connections} connections, ${duration} s each`,
);
const dir = mkdtempSync(path.join(tmpdir(), 'gvm-bench-'));
try {
  await run('PGlite (embedded)', await openDatabase({ pgliteDir: dir }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) await withPostgres(postgresUrl);
else console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server to include it.');
