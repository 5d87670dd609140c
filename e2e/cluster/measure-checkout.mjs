// `CLUSTER_MEASURE=checkout npm run test:cluster`: checkout-session creation through nginx with two
// web instances, then with one (docs/performance.md). In place of the browser tests and the kill
// round, on the same cluster: buyers signed in by the e-mailed code, then every buyer opens its 10
// checkout sessions (the checkout's own limit per account in 10 minutes), CONCURRENCY at a time;
// then web2 is stopped and nginx reloaded with web1 alone, and fresh buyers do the same. A smaller
// round first warms both instances up.
import { performance } from 'node:perf_hooks';
import { oneVoucherCheckout, post, seededProduct, signInByCode } from './shoppers.mjs';

const BUYERS = Number(process.env.MEASURE_BUYERS ?? 200);
const SESSIONS_PER_BUYER = 10;
const CONCURRENCY = Number(process.env.MEASURE_CONCURRENCY ?? 20);

async function inTurns(count, concurrency, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

export async function measureCheckoutSessions({ say, publicUrl, stopWeb2 }) {
  const json = async (label, path, init) => {
    const response = await fetch(new URL(path, publicUrl), init);
    const body = await response.json().catch(() => null);
    if (!response.ok) throw new Error(`${label} answered ${response.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const payload = oneVoucherCheckout(await seededProduct(json, 'Red Letter Days'));

  async function round(label, buyers = BUYERS) {
    const run = Date.now().toString(36);
    const tokens = new Array(buyers);
    const signInStarted = performance.now();
    await inTurns(buyers, CONCURRENCY, async (index) => {
      tokens[index] = await signInByCode(json, {
        email: `measure-${run}-${index}@example.com`,
        username: `m_${run}_${index}`,
        name: `Measure Buyer ${index}`,
      });
    });
    // The sign-in codes' e-mails are sent before the sessions are timed.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    say(`${label}: ${buyers} buyers signed in in ${((performance.now() - signInStarted) / 1000).toFixed(1)} s`);
    const total = buyers * SESSIONS_PER_BUYER;
    const latencies = [];
    const failures = new Map();
    const started = performance.now();
    await inTurns(total, CONCURRENCY, async (index) => {
      const sent = performance.now();
      const response = await fetch(
        new URL('/api/v1/wallets/checkout-session', publicUrl),
        post(payload, tokens[index % buyers]),
      );
      await response.arrayBuffer();
      latencies.push(performance.now() - sent);
      if (response.status !== 200) failures.set(response.status, (failures.get(response.status) ?? 0) + 1);
    });
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))].toFixed(0);
    say(
      `${label}: ${total} checkout sessions in ${seconds.toFixed(1)} s = ${(total / seconds).toFixed(0)}/s, ` +
        `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ${CONCURRENCY} at a time; not 200: ${JSON.stringify(Object.fromEntries(failures))}`,
    );
  }

  // Both instances' code warmed up (compiled by V8, pools open) before anything is timed.
  await round('warm-up, two web instances', 50);
  await round('two web instances');
  await stopWeb2();
  await round('one web instance');
}
