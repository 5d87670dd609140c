/**
 * `npm run bench:refunds` (also part of `npm run bench`): money under a burst on PostgreSQL
 * (decision 063).
 *
 * On a fresh database on the server named by BENCH_DATABASE_URL, TEST_DATABASE_URL or
 * DATABASE_URL (dropped afterwards), the whole app with the payment simulator it runs with by
 * default, each round:
 * - an order of 5 × £10 vouchers paid by card on the simulator's page;
 * - 50 refunds of it at once (each its own request id, one voucher each, to the card), with 200
 *   shopper reads (`GET /users/me`) sent at the same moment;
 * - the same with a second order refunded to UGM Credit.
 * Printed per round and destination: the answers by status, what the provider refunded against
 * what the card paid, and the shopper reads' p50 and p99. Answers of 5xx, or the provider holding
 * more than the card paid, make the bench exit 1: those are faults, not figures.
 * Record the figures with the machine and date in docs/performance.md.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { PaymentSimulator } from '../src/adapters/payments';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { checkoutSessions, orders, products } from '../src/db/schema';
import { fixtureProduct } from '../test/fixtures';
import { createOperator, opsCall, signInOperator } from '../test/support/operators';
import { openCheckout, payOnPage, personalCheckout } from '../test/support/payments';
import { sendAs } from '../test/support/requests';
import { createUserAndToken, type TestUser } from '../test/support/users';
import { createFreshDatabase } from './fresh-database';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const rounds = Number(values.rounds);

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!serverUrl) {
  console.log(
    'Refunds benchmark skipped: set BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL server.',
  );
  process.exit(0);
}

const fresh = await createFreshDatabase(serverUrl, 'gvm_bench_refunds');
const database = await openDatabase({ databaseUrl: fresh.url });
await database.migrate();
// The operators' authenticator codes are read at this clock, which signing in moves on (test/support/operators.ts).
let now = Date.now();
const clock = {
  now: () => new Date(now),
  advance: (ms: number) => {
    now += ms;
  },
  set: (at: Date) => {
    now = at.getTime();
  },
};
const config = testConfig({ databaseUrl: fresh.url });
const simulator = new PaymentSimulator({
  db: database.db,
  publicUrl: config.publicUrl,
  webhookSecret: config.paymentWebhookSecret,
  clock: clock.now,
  pollMs: 60_000,
});
const app: App = await buildApp({ config, database, logger: false, clock: clock.now, payments: simulator });
await app.ready();

const quantile = (sorted: number[], q: number) => sorted[Math.max(0, Math.ceil(sorted.length * q) - 1)] ?? 0;

interface RoundFigures {
  round: number;
  to: 'card' | 'credit';
  answers: Record<number, number>;
  refunded: number;
  paid: number;
  readsOk: number;
  readP50: number;
  readP99: number;
  burstMs: number;
}

let faults = 0;
try {
  const [argos] = await app.db
    .insert(products)
    .values(
      fixtureProduct({ code: 'ARGOS-GB', merchantName: 'Argos', minPrice: 500, maxPrice: 50000, denominations: [] }),
    )
    .returning();
  if (!argos) throw new Error('seeding the product failed');
  await createOperator(app, 'bench-finance@ugm.example', 'finance');
  const finance = (await signInOperator(app, clock, 'bench-finance@ugm.example')).token;
  const shopper = await createUserAndToken(app);

  /** An order of 5 × £10 paid by card on the simulator's page: its id, vouchers and the simulator's session. */
  const paidOrder = async (buyer: TestUser) => {
    const url = await openCheckout(app, buyer, personalCheckout(argos, 10, 5));
    const sessionId = /\/pay\/(sim_[\w-]+)/.exec(url)?.[1];
    if (!sessionId) throw new Error(`no simulator session in ${url}`);
    await payOnPage(app, sessionId, { cardNumber: '4242 4242 4242 4242' });
    await simulator.idle();
    const [checkout] = await app.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.providerSessionId, sessionId));
    if (!checkout?.fulfilledAt) throw new Error('the order was not fulfilled');
    const vouchers = await app.db.select().from(orders).where(eq(orders.checkoutSessionId, checkout.id));
    return { orderId: checkout.id, voucherIds: vouchers.map((voucher) => voucher.id), sessionId };
  };

  const figures: RoundFigures[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    for (const to of ['card', 'credit'] as const) {
      const buyer = await createUserAndToken(app);
      const { orderId, voucherIds, sessionId } = await paidOrder(buyer);
      const reads: number[] = [];
      let readsOk = 0;
      const read = async () => {
        const started = performance.now();
        const answer = await sendAs(app, 'GET', '/users/me', shopper);
        reads.push(performance.now() - started);
        if (answer.statusCode === 200) readsOk += 1;
      };
      const started = performance.now();
      const [answers] = await Promise.all([
        Promise.all(
          Array.from({ length: 50 }, (_, index) =>
            opsCall(app, 'POST', `/orders/${orderId}/refunds`, finance, {
              requestId: randomUUID(),
              amount: 1000,
              refundTo: to,
              reason: 'Bench',
              voucherIds: [voucherIds[index % voucherIds.length]],
            }),
          ),
        ),
        Promise.all(Array.from({ length: 200 }, read)),
      ]);
      const burstMs = performance.now() - started;
      const byStatus: Record<number, number> = {};
      for (const answer of answers) byStatus[answer.statusCode] = (byStatus[answer.statusCode] ?? 0) + 1;
      const refunded = (await simulator.refunds())
        .filter((refund) => refund.providerSessionId === sessionId)
        .reduce((total, refund) => total + refund.amount, 0);
      const sorted = [...reads].sort((a, b) => a - b);
      figures.push({
        round,
        to,
        answers: byStatus,
        refunded,
        paid: 5000,
        readsOk,
        readP50: quantile(sorted, 0.5),
        readP99: quantile(sorted, 0.99),
        burstMs,
      });
      if (answers.some((answer) => answer.statusCode >= 500) || refunded > 5000 || readsOk < 200) faults += 1;
    }
  }

  console.log('\n50 refunds of one 5 × £10 order at once, with 200 shopper reads beside them (PostgreSQL):\n');
  console.log('| round | to | answers | card refunded / paid | shopper reads ok | reads p50 | reads p99 | burst |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of figures) {
    const answers = Object.entries(row.answers)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');
    console.log(
      `| ${row.round} | ${row.to} | ${answers} | £${(row.refunded / 100).toFixed(2)} / £${(row.paid / 100).toFixed(2)} | ${row.readsOk}/200 | ${row.readP50.toFixed(1)} ms | ${row.readP99.toFixed(1)} ms | ${row.burstMs.toFixed(0)} ms |`,
    );
  }
  const p99s = figures.map((row) => row.readP99).sort((a, b) => a - b);
  console.log(`\nShopper reads' p99, median of the rounds: ${quantile(p99s, 0.5).toFixed(1)} ms`);
  if (faults > 0) console.log(`\n${faults} round(s) with a 5xx, a read not answered 200, or more refunded than paid.`);
} finally {
  await app.close();
  await database.close();
  await fresh.drop();
}
process.exit(faults > 0 ? 1 : 0);
