/**
 * A fulfilment worker for checkout.bench.ts, in a process of its own: it opens its own pool on
 * the bench's database and applies `paid` to the provider sessions it is given, `inFlight` at a
 * time, as a worker instance handling payment webhooks would. The bench forks one or more of
 * these (`--workers`) and splits the sessions between them.
 *
 * Messages (IPC): in `{ databaseUrl, ids, inFlight }`, out `ready`; in `round`, out the round's
 * start and end (epoch milliseconds), failures and statements by kind; in `exit`.
 */
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { applyPaymentEvent, type CheckoutDeps } from '../src/modules/checkout';
import { instantProvider } from './instant-provider';
import { countStatements } from './statement-counter';

export interface WorkerSetup {
  databaseUrl: string;
  ids: string[];
  inFlight: number;
}

export interface RoundResult {
  startedAt: number;
  endedAt: number;
  failures: number;
  /** This process's CPU time in the round, milliseconds (user and system). */
  cpuMs: number;
  firstFailure?: string;
  tallies: Record<string, { count: number; ms: number }>;
}

const send = (message: unknown) =>
  new Promise<void>((resolve, reject) =>
    process.send?.(message, (error: Error | null) => (error ? reject(error) : resolve())),
  );

const counter = countStatements();
const setup = await new Promise<WorkerSetup>((resolve) => process.once('message', (m) => resolve(m as WorkerSetup)));
const database = await openDatabase({ databaseUrl: setup.databaseUrl, poolSize: setup.inFlight });
const deps: CheckoutDeps = { config: testConfig(), clock: () => new Date(), payments: instantProvider() };
await send('ready');

process.on('message', async (message) => {
  if (message === 'exit') {
    await database.close();
    process.exit(0);
  }
  if (message !== 'round') return;
  counter.reset();
  let failures = 0;
  let firstFailure: string | undefined;
  let next = 0;
  const cpu = process.cpuUsage();
  const startedAt = performance.timeOrigin + performance.now();
  await Promise.all(
    Array.from({ length: setup.inFlight }, async () => {
      while (next < setup.ids.length) {
        const providerSessionId = setup.ids[next];
        next += 1;
        if (providerSessionId === undefined) continue;
        try {
          await applyPaymentEvent(database.db, deps, { providerSessionId, state: 'paid' });
        } catch (error) {
          failures += 1;
          firstFailure ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  const endedAt = performance.timeOrigin + performance.now();
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  const result: RoundResult = { startedAt, endedAt, failures, cpuMs, tallies: counter.tallies() };
  if (firstFailure) result.firstFailure = firstFailure;
  await send(result);
});
