/**
 * `npm run bench:checkout` (also part of `npm run bench`): buying on PostgreSQL (decisions 017, 057).
 *
 * On a fresh database on the server named by BENCH_DATABASE_URL, TEST_DATABASE_URL or
 * DATABASE_URL (dropped afterwards), with a payment provider that answers at once (the
 * provider's own latency is not ours to measure):
 * - checkout-session creation: `POST /api/v1/wallets/checkout-session` through HTTP with
 *   autocannon, each request from another account (the per-account limit is 10 per 10 minutes),
 *   a two-line cart with one gift: authentication, validation, repricing, the insert and the
 *   provider call. `--sessions N` makes N sessions through the service instead, untimed, to
 *   measure fulfilment alone;
 * - fulfilment: `applyPaymentEvent(paid)` for every session created, by `--workers` processes of
 *   their own (fulfil-worker.ts, default 1) with `--in-flight` each (default 10), the sessions
 *   split between them (`--overlap`: each worker is given every session, so they race for each):
 *   the claim, 3 encrypted vouchers, a gift transfer, the cart, the wallet row, a notification and
 *   two e-mails; then a second round of the same events, which must find every session already
 *   fulfilled. The app's mail worker delivers the e-mails meanwhile, as in production.
 * Printed for each round: sessions per second, the statements each session sent, by kind, with
 * their mean time, and the CPU spent per session by the workers, the app and their PostgreSQL
 * backends (read from /proc when PostgreSQL runs on this machine).
 * Figures are printed, never asserted: record them with the machine and date in docs/performance.md.
 */
import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CheckoutSessionRequest } from '@gvm/contract';
import autocannon from 'autocannon';
import { count, eq } from 'drizzle-orm';
import type pg from 'pg';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { checkoutSessions, mailOutbox, orders, products, refreshTokens, users } from '../src/db/schema';
import { signAccessToken } from '../src/lib/tokens';
import { checkoutDepsOf, createCheckoutSession } from '../src/modules/checkout';
import { createFreshDatabase } from './fresh-database';
import type { RoundResult, WorkerSetup } from './fulfil-worker';
import { instantProvider } from './instant-provider';
import { addTallies, countStatements, describeTallies, type StatementTallies } from './statement-counter';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    accounts: { type: 'string', default: '20000' },
    workers: { type: 'string', default: '1' },
    'in-flight': { type: 'string', default: '10' },
    overlap: { type: 'boolean', default: false },
    sessions: { type: 'string', default: '0' },
  },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);
const accountCount = Number(values.accounts);
const workerCount = Number(values.workers);
const inFlight = Number(values['in-flight']);
const overlap = values.overlap;
const sessionCount = Number(values.sessions);

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!serverUrl) {
  console.log(
    'Checkout benchmark skipped: set BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL server.',
  );
  process.exit(0);
}

/** A fulfilment worker process (fulfil-worker.ts), ready on the bench's database. */
interface FulfilmentWorker {
  round(): Promise<RoundResult>;
  exit(): Promise<void>;
}

/**
 * Forks `--workers` fulfilment processes and splits the sessions between them (every one of them
 * to each with `--overlap`, in another order, so they race for the same sessions).
 */
async function startWorkers(databaseUrl: string, ids: readonly string[]): Promise<FulfilmentWorker[]> {
  return Promise.all(
    Array.from({ length: workerCount }, async (_, index) => {
      const child = fork(path.join(import.meta.dirname, 'fulfil-worker.ts'), [], { execArgv: ['--import', 'tsx'] });
      const nextMessage = () =>
        new Promise<unknown>((resolve, reject) => {
          child.once('message', resolve);
          child.once('exit', (code) => reject(new Error(`fulfilment worker ${index} exited (${code})`)));
        });
      const start = Math.floor((ids.length * index) / workerCount);
      const share = overlap
        ? [...ids.slice(start), ...ids.slice(0, start)]
        : ids.filter((_, position) => position % workerCount === index);
      const setup: WorkerSetup = { databaseUrl, ids: share, inFlight };
      const ready = nextMessage();
      child.send(setup);
      await ready;
      return {
        round: async () => {
          const result = nextMessage();
          child.send('round');
          return (await result) as RoundResult;
        },
        exit: async () => {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.send('exit');
          await exited;
        },
      };
    }),
  );
}

/** The server processes of one database's connections (the bench's pools). */
async function backendPids(client: pg.Client, database: string): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
    database,
  ]);
  return rows.map((row) => row.pid);
}

/** CPU time (user and system) each process has used, in ms; undefined when PostgreSQL runs on another machine. */
function readCpuMs(pids: readonly number[]): Map<number, number> | undefined {
  try {
    const msPerTick = 10; // USER_HZ is 100 on Linux
    return new Map(
      pids.map((pid) => {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        return [pid, (Number(fields[11]) + Number(fields[12])) * msPerTick];
      }),
    );
  } catch {
    return undefined;
  }
}

/** CPU used since `before` by the processes of `after` (connections opened meanwhile count whole). */
function cpuSince(after: Map<number, number> | undefined, before: Map<number, number> | undefined): number | undefined {
  if (!after || !before) return undefined;
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

const counter = countStatements();
const fresh = await createFreshDatabase(serverUrl, 'gvm_bench_checkout');
const url = new URL(fresh.url);
const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 10 });
try {
  await database.migrate();
  const db = database.db;
  const [argos, tesco] = await db
    .insert(products)
    .values(
      [
        { code: 'ARGOS-GB', merchantName: 'Argos', category: 'electricals', denominations: [] as number[] },
        { code: 'TESCO-GB', merchantName: 'Tesco', category: 'supermarkets', denominations: [1000, 2500] },
      ].map((product) => ({
        ...product,
        description: 'Bench product',
        termsAndConditions: 'None.',
        currency: 'GBP',
        countries: ['GB'],
        minPrice: 500,
        maxPrice: 50000,
        brandColor: '#123456',
      })),
    )
    .returning();
  if (!argos || !tesco) throw new Error('seeding the bench products failed');

  const config = testConfig();
  const tokens: string[] = [];
  const userIds: string[] = [];
  for (let start = 0; start < accountCount; start += 1000) {
    const batch = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(1000, accountCount - start) }, (_, index) => ({
          email: `bench-${start + index}@example.com`,
          username: `bench_${start + index}`,
          name: `Bench Buyer ${start + index}`,
        })),
      )
      .returning({ id: users.id });
    // Each buyer holds a live session: access tokens name one and stop working when it ends.
    const sessions = batch.map((user) => ({
      userId: user.id,
      familyId: randomUUID(),
      tokenHash: randomBytes(32).toString('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    }));
    await db.insert(refreshTokens).values(sessions);
    for (const { userId, familyId } of sessions) {
      userIds.push(userId);
      tokens.push(`Bearer ${await signAccessToken(config.jwtSecret, { userId, sessionId: familyId })}`);
    }
  }

  const payload = JSON.stringify({
    items: [
      { id: argos.id, value: 25, quantity: 2, isGift: true },
      { id: tesco.id, value: 10, quantity: 1, isGift: false },
    ],
    recipients: [{ itemId: argos.id, name: 'Bo Recipient', email: 'bo@example.com', message: 'Enjoy!' }],
    paymentMethod: 'card',
  });

  const app = await buildApp({ config, database, logger: false, payments: instantProvider() });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    if (sessionCount > 0) {
      // Sessions made ahead through the service, for measuring fulfilment alone.
      const started = performance.now();
      const deps = checkoutDepsOf(app);
      const request = JSON.parse(payload) as CheckoutSessionRequest;
      let made = 0;
      await Promise.all(
        Array.from({ length: connections }, async () => {
          while (made < sessionCount) {
            const buyerId = userIds[made % userIds.length] ?? '';
            made += 1;
            await createCheckoutSession(db, deps, buyerId, request);
          }
        }),
      );
      console.log(
        `Checkout benchmark on PostgreSQL (${url.host}): ${sessionCount} sessions made through the service in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    } else {
      let next = 0;
      counter.reset();
      console.log(`Checkout benchmark on PostgreSQL (${url.host}), ${connections} connections, ${duration} s`);
      const result = await autocannon({
        url: `${base}/api/v1/wallets/checkout-session`,
        method: 'POST',
        connections,
        duration,
        headers: { 'content-type': 'application/json' },
        body: payload,
        requests: [
          {
            setupRequest: (request) => {
              const authorization = tokens[next % tokens.length] ?? '';
              next += 1;
              return { ...request, headers: { ...request.headers, authorization } };
            },
          },
        ],
      });
      // Requests still in flight when autocannon stops finish on the server first.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const [created] = await db.select({ n: count() }).from(checkoutSessions);
      console.log(
        `  create session : ${result.requests.average.toFixed(0).padStart(6)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}, sessions ${created?.n}`,
      );
      for (const line of describeTallies(counter.tallies(), created?.n ?? 1))
        console.log(`    ${line} (with the mail worker's)`);
      if (next > tokens.length * 10) console.log('  (accounts reused beyond the limit: raise --accounts)');
    }

    const sessions = await db.select({ providerSessionId: checkoutSessions.providerSessionId }).from(checkoutSessions);
    const ids = sessions.flatMap((session) => (session.providerSessionId ? [session.providerSessionId] : []));
    const appBackends = new Set(await backendPids(fresh.admin, fresh.name));
    const workers = await startWorkers(url.toString(), ids);
    try {
      console.log(
        `  fulfilment: ${workerCount} worker process${workerCount === 1 ? '' : 'es'}, ${inFlight} in flight each${overlap ? ', every worker given every session' : ''}`,
      );
      for (const round of ['first delivery', 'redelivery   ']) {
        const backendCpu = readCpuMs(await backendPids(fresh.admin, fresh.name));
        const appCpu = process.cpuUsage();
        const results = await Promise.all(workers.map((worker) => worker.round()));
        const appUsed = process.cpuUsage(appCpu);
        const [delivered] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'sent'));
        const seconds =
          (Math.max(...results.map((result) => result.endedAt)) -
            Math.min(...results.map((result) => result.startedAt))) /
          1000;
        const failures = results.reduce((sum, result) => sum + result.failures, 0);
        const each = results.map((result) => ((result.endedAt - result.startedAt) / 1000).toFixed(1)).join(' / ');
        console.log(
          `  fulfil (${round}): ${(ids.length / seconds).toFixed(0).padStart(6)} sessions/s (${ids.length} in ${seconds.toFixed(1)} s; each worker ${each} s), failures ${failures}${results.find((result) => result.firstFailure)?.firstFailure ? ` (${results.find((result) => result.firstFailure)?.firstFailure})` : ''}`,
        );
        const tallies: StatementTallies = {};
        for (const result of results) addTallies(tallies, result.tallies);
        for (const line of describeTallies(tallies, ids.length)) console.log(`    ${line}`);
        console.log(
          `    e-mails delivered by the mail worker when the round ended: ${delivered?.n} of ${ids.length * 2}`,
        );
        const perSession = (ms: number | undefined) =>
          ms === undefined ? 'n/a' : `${((ms * 1000) / ids.length).toFixed(0)} µs`;
        const backendsAfter = await backendPids(fresh.admin, fresh.name);
        const postgresMs = (pids: number[]) => cpuSince(readCpuMs(pids), backendCpu);
        const workersPostgres = postgresMs(backendsAfter.filter((pid) => !appBackends.has(pid)));
        const appPostgres = postgresMs(backendsAfter.filter((pid) => appBackends.has(pid)));
        console.log(
          `    CPU per session: workers ${perSession(results.reduce((sum, result) => sum + result.cpuMs, 0))} and their PostgreSQL backends ${perSession(workersPostgres)}; app (mail worker) ${perSession((appUsed.user + appUsed.system) / 1000)} and its backends ${perSession(appPostgres)}`,
        );
      }
    } finally {
      await Promise.all(workers.map((worker) => worker.exit()));
    }
    const [issued] = await db.select({ n: count() }).from(orders);
    const [mails] = await db.select({ n: count() }).from(mailOutbox);
    console.log(`  orders ${issued?.n} (expected ${ids.length * 3}), e-mails ${mails?.n} (expected ${ids.length * 2})`);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  await fresh.drop();
}
