/**
 * `npm run bench:activation` (also part of `npm run bench`): activations, each buying its card
 * from Tillo (decision 068), on PostgreSQL.
 *
 * On a fresh database on the server named by BENCH_DATABASE_URL, TEST_DATABASE_URL or
 * DATABASE_URL (dropped afterwards), the app talks to the Tillo stand-in of the API tests
 * (signatures checked, a request id's card replayed) in a process of its own (tillo-process.ts),
 * which answers each issue after `--delay` ms (300 by default: Tillo's own latency, which
 * activation waits for). `--vouchers` unactivated
 * vouchers are spread over `--holders` accounts; every voucher is then activated `--taps` times
 * (2: a double tap), the requests close together, through HTTP with autocannon on `--connections`
 * connections. Printed: activations (vouchers activated) per second, the answers by status, the
 * issue requests Tillo received, the cards it issued, and the duplicates: vouchers with more
 * than one card (there is one card per request id, so a duplicate would be a voucher asked under
 * two ids) and cards for vouchers that are not activated. Figures are printed, never asserted:
 * record them with the machine and date in docs/performance.md.
 */
import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { isNotNull } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { checkoutSessions, orders, products, refreshTokens, users } from '../src/db/schema';
import { signAccessToken } from '../src/lib/tokens';
import { standInSupplierConfig } from '../test/support/tillo-stand-in';
import { createFreshDatabase } from './fresh-database';
import { instantProvider } from './instant-provider';
import { countStatements, describeTallies } from './statement-counter';
import type { TilloReport } from './tillo-process';

const { values } = parseArgs({
  options: {
    vouchers: { type: 'string', default: '3000' },
    holders: { type: 'string', default: '100' },
    connections: { type: 'string', default: '100' },
    delay: { type: 'string', default: '300' },
    taps: { type: 'string', default: '2' },
  },
});
const taps = Number(values.taps);
const voucherCount = Number(values.vouchers);
const holderCount = Number(values.holders);
const connections = Number(values.connections);
const delayMs = Number(values.delay);

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!serverUrl) {
  console.log(
    'Activation benchmark skipped: set BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL server.',
  );
  process.exit(0);
}

const tilloProcess = fork(path.join(import.meta.dirname, 'tillo-process.ts'), [], { execArgv: ['--import', 'tsx'] });
const fromTillo = <T>() =>
  new Promise<T>((resolve) => tilloProcess.once('message', (message) => resolve(message as T)));
const started = fromTillo<{ url: string }>();
tilloProcess.send({ delayMs });
const tillo = await started;
const counter = countStatements();
const fresh = await createFreshDatabase(serverUrl, 'gvm_bench_activation');
const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 20 });
try {
  await database.migrate();
  const db = database.db;
  const [product] = await db
    .insert(products)
    .values({
      code: 'ARGOS-GB',
      merchantName: 'Argos',
      category: 'electricals',
      description: 'Bench product',
      termsAndConditions: 'None.',
      currency: 'GBP',
      countries: ['GB'],
      denominations: [],
      minPrice: 500,
      maxPrice: 50000,
      brandColor: '#123456',
      supplierBrand: 'argos',
    })
    .returning();
  if (!product) throw new Error('seeding the bench product failed');

  const config = testConfig({ voucherSupplier: standInSupplierConfig(tillo) });
  const holders = await db
    .insert(users)
    .values(
      Array.from({ length: holderCount }, (_, index) => ({
        email: `holder-${index}@example.com`,
        username: `holder_${index}`,
        name: `Bench Holder ${index}`,
      })),
    )
    .returning({ id: users.id });
  const tokenOf = new Map<string, string>();
  for (const { id } of holders) {
    const familyId = randomUUID();
    await db.insert(refreshTokens).values({
      userId: id,
      familyId,
      tokenHash: randomBytes(32).toString('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    tokenOf.set(id, `Bearer ${await signAccessToken(config.jwtSecret, { userId: id, sessionId: familyId })}`);
  }
  // Vouchers as a paid checkout leaves them: one session per holder, its units the holder's own.
  const vouchers: { id: string; token: string }[] = [];
  for (const [index, { id: holderId }] of holders.entries()) {
    const units = Math.floor(voucherCount / holderCount) + (index < voucherCount % holderCount ? 1 : 0);
    const [session] = await db
      .insert(checkoutSessions)
      .values({
        userId: holderId,
        provider: 'bench',
        pollKeyHash: randomBytes(32).toString('hex'),
        status: 'paid',
        amount: 2500 * units,
        currency: 'GBP',
        items: { buyer: { name: 'Bench', email: 'bench@example.com' }, lines: [] },
        expiresAt: new Date(Date.now() + 86_400_000),
        fulfilledAt: new Date(),
      })
      .returning({ id: checkoutSessions.id });
    if (!session) throw new Error('seeding a checkout session failed');
    const rows = await db
      .insert(orders)
      .values(
        Array.from({ length: units }, (_, unitIndex) => ({
          checkoutSessionId: session.id,
          unitIndex,
          ownerId: holderId,
          buyerId: holderId,
          productId: product.id,
          productCode: product.code,
          merchantName: product.merchantName,
          value: 2500,
          currency: 'GBP',
        })),
      )
      .returning({ id: orders.id });
    for (const row of rows) vouchers.push({ id: row.id, token: tokenOf.get(holderId) ?? '' });
  }

  const app = await buildApp({ config, database, logger: false, payments: instantProvider() });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    // Each voucher `--taps` times in a row: the requests are in flight together on as many connections.
    let next = 0;
    counter.reset();
    const statuses = new Map<number, number>();
    const startedAt = performance.now();
    const result = await autocannon({
      url: base,
      connections,
      amount: vouchers.length * taps,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const voucher = vouchers[Math.floor(next / taps) % vouchers.length];
            next += 1;
            return {
              ...request,
              path: `/api/v1/orders/${voucher?.id}/activate`,
              headers: { ...request.headers, authorization: voucher?.token ?? '' },
            };
          },
          onResponse: (status) => {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          },
        },
      ],
    });
    // Attempts still under way when their activation answered 'on its way' settle by themselves.
    await app.codeIssuer.stop();
    const seconds = (performance.now() - startedAt) / 1000;
    const activated = await db.select({ id: orders.id }).from(orders).where(isNotNull(orders.activatedAt));
    const activatedIds = new Set(activated.map((row) => row.id));
    const reported = fromTillo<TilloReport>();
    tilloProcess.send('report');
    const report = await reported;
    const cardsByVoucher = new Map(Object.entries(report.cards));
    const duplicates = [...cardsByVoucher.values()].filter((cards) => cards > 1).length;
    const orphans = [...cardsByVoucher.keys()].filter((id) => !activatedIds.has(id)).length;
    console.log(
      `Activation benchmark on PostgreSQL (${new URL(fresh.url).host}), Tillo stand-in answering in ${delayMs} ms:`,
    );
    console.log(
      `  ${activated.length} of ${vouchers.length} vouchers activated in ${seconds.toFixed(1)} s: ${(activated.length / seconds).toFixed(0)} activations/s (${connections} connections, each voucher asked ${taps} times at once)`,
    );
    console.log(
      `  answers: ${[...statuses].map(([status, n]) => `${n} × ${status}`).join(', ')}; latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; errors ${result.errors}, timeouts ${result.timeouts}`,
    );
    // Both requests of a double tap: a voucher's statements, its repeated request's included.
    for (const line of describeTallies(counter.tallies(), activated.length)) {
      console.log(`  ${line.replace('per session', 'per voucher')}`);
    }
    console.log(
      `  Tillo: ${report.issues.length} issue requests (at most ${report.maxConcurrentIssues} at once), ${cardsByVoucher.size} cards; duplicate cards: ${duplicates}; cards for vouchers not activated: ${orphans}`,
    );
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  await fresh.drop();
  tilloProcess.send('exit');
}
