/**
 * `npm run bench:checkout` (also part of `npm run bench`): buying on PostgreSQL (decision 017).
 *
 * On a fresh database on the server named by BENCH_DATABASE_URL, TEST_DATABASE_URL or
 * DATABASE_URL (dropped afterwards), with a payment provider that answers at once (the
 * provider's own latency is not ours to measure):
 * - checkout-session creation: `POST /api/v1/wallets/checkout-session` through HTTP with
 *   autocannon, each request from another account (the per-account limit is 10 per 10 minutes),
 *   a two-line cart with one gift: authentication, validation, repricing, the insert and the
 *   provider call;
 * - fulfilment: `applyPaymentEvent(paid)` for every session created, with 10 in flight: the
 *   claim, 3 encrypted vouchers, a gift transfer, the cart, the wallet row, a notification and
 *   two e-mails in one transaction; then a second round of the same events, which must find every
 *   session already fulfilled.
 * Figures are printed, never asserted: record them with the machine and date in docs/performance.md.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { count } from 'drizzle-orm';
import pg from 'pg';
import type { PaymentProvider, ProviderSessionState } from '../src/adapters/payments/provider';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { checkoutSessions, mailOutbox, orders, products, refreshTokens, users } from '../src/db/schema';
import { signAccessToken } from '../src/lib/tokens';
import { applyPaymentEvent, checkoutDepsOf } from '../src/modules/checkout';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    accounts: { type: 'string', default: '20000' },
  },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);
const accountCount = Number(values.accounts);

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!serverUrl) {
  console.log(
    'Checkout benchmark skipped: set BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL server.',
  );
  process.exit(0);
}

/** A provider that opens a page and says "paid" at once. */
function instantProvider(): PaymentProvider {
  return {
    name: 'simulator',
    refund: async () => ({ providerRefundId: `bench_re_${randomBytes(6).toString('hex')}` }),
    createHostedSession: async () => {
      const providerSessionId = `bench_${randomBytes(12).toString('hex')}`;
      return { providerSessionId, url: `https://pay.example.test/${providerSessionId}` };
    },
    retrieveSession: async (): Promise<ProviderSessionState> => 'paid',
    parseWebhook: () => null,
  };
}

async function inPool<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const item = items[next];
        next += 1;
        if (item !== undefined) await work(item);
      }
    }),
  );
}

const name = `gvm_bench_checkout_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
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
    let next = 0;
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
    if (next > tokens.length * 10) console.log('  (accounts reused beyond the limit: raise --accounts)');

    const sessions = await db.select({ providerSessionId: checkoutSessions.providerSessionId }).from(checkoutSessions);
    const ids = sessions.flatMap((session) => (session.providerSessionId ? [session.providerSessionId] : []));
    const deps = checkoutDepsOf(app);
    for (const round of ['first delivery', 'redelivery   ']) {
      const started = performance.now();
      await inPool(ids, 10, (providerSessionId) => applyPaymentEvent(db, deps, { providerSessionId, state: 'paid' }));
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `  fulfil (${round}): ${(ids.length / seconds).toFixed(0).padStart(6)} sessions/s (${ids.length} in ${seconds.toFixed(1)} s)`,
      );
    }
    const [issued] = await db.select({ n: count() }).from(orders);
    const [mails] = await db.select({ n: count() }).from(mailOutbox);
    console.log(`  orders ${issued?.n} (expected ${ids.length * 3}), e-mails ${mails?.n} (expected ${ids.length * 2})`);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
