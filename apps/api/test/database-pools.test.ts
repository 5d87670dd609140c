import { asyncLocalStorage, type RequestContext } from '@fastify/request-context';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { testConfig } from '../src/config';
import { type Database, DatabaseBusyError, type DatabaseHandle, openDatabase } from '../src/db/client';
import { createServerDatabase } from './helpers';
import { databaseUrl, onServer } from './support/migrated-database';
import { sendAs } from './support/requests';
import { createUserAndToken } from './support/users';

/**
 * The shop's and the console's connections on PostgreSQL (decision 063): two pools, so a burst of
 * one cannot take the other's, and a pool that stays exhausted refuses quickly with 503 and
 * Retry-After. PGlite has one connection and no pool, so this runs only with TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('database pools', () => {
  let name: string;
  let database: DatabaseHandle;
  let app: App;

  beforeAll(async () => {
    if (!serverUrl) return;
    name = await createServerDatabase(serverUrl);
    database = await openDatabase({
      databaseUrl: databaseUrl(serverUrl, name),
      poolSize: 2,
      consolePoolSize: 1,
      timeouts: { poolWaitMs: 300 },
    });
    app = await buildApp({ config: testConfig(), database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    if (!serverUrl) return;
    await app.close();
    await database.close();
    await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  });

  /** Holds `count` connections of the current lane in open transactions until `release` is called. */
  async function hold(db: Database, count: number): Promise<() => Promise<void>> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started: Promise<void>[] = [];
    const transactions = Array.from({ length: count }, () =>
      db.transaction(async (tx) => {
        let began!: () => void;
        started.push(
          new Promise<void>((resolve) => {
            began = resolve;
          }),
        );
        await tx.execute(sql`select 1`);
        began();
        await released;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await Promise.all(started);
    return async () => {
      release();
      await Promise.all(transactions);
    };
  }

  /**
   * Runs `work` as a console request's code runs. It must await its queries inside: drizzle's are
   * lazy, run when awaited, and so in the context of whoever awaits them.
   */
  const asConsole = <T>(work: () => Promise<T>) =>
    // The store is the request's data; the package types its storage as its accessor's.
    asyncLocalStorage.run({ databaseLane: 'console' } as unknown as RequestContext, async () => await work());
  /** The pool's refusal, as drizzle reports it for a query (its cause) or a transaction (itself). */
  const busy = expect.objectContaining({ cause: expect.any(DatabaseBusyError) });

  it("the shop's pool exhausted: the console still gets connections, the shop is refused quickly", async () => {
    const buyer = await createUserAndToken(app);
    const release = await hold(app.db, 2);
    try {
      const started = performance.now();
      await expect(app.db.execute(sql`select 1`)).rejects.toEqual(busy);
      expect(performance.now() - started).toBeLessThan(2000);
      // A shopper's request answers 503 with Retry-After, not 500 after the connect timeout.
      const answer = await sendAs(app, 'GET', '/users/me', buyer);
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.json().error).toBe(
        'We are very busy right now and nothing was changed. Please try again in a moment.',
      );
      // The console's own pool is untouched.
      const rows = await asConsole(async () => await app.db.execute(sql`select 2 as two`));
      expect((rows as unknown as { rows: { two: number }[] }).rows[0]?.two).toBe(2);
    } finally {
      await release();
    }
    expect((await sendAs(app, 'GET', '/users/me', buyer)).statusCode).toBe(200);
  });

  it("the console's pool exhausted: shoppers are served", async () => {
    const buyer = await createUserAndToken(app);
    const release = await asConsole(() => hold(app.db, 1));
    try {
      await expect(asConsole(async () => await app.db.execute(sql`select 1`))).rejects.toEqual(busy);
      expect((await sendAs(app, 'GET', '/users/me', buyer)).statusCode).toBe(200);
      // A console request (chosen by the route it matched, however spelt) takes the console's pool.
      for (const url of ['/api/v1/ops/auth/code', '/api/v1/%6Fps/auth/code']) {
        const asked = await app.inject({ method: 'POST', url, payload: { email: 'someone@ugm.example' } });
        expect(asked.statusCode, url).toBe(503);
      }
    } finally {
      await release();
    }
  });
});
