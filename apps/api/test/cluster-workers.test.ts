import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueueMail } from '../src/adapters/mail/outbox';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { type Config, testConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { mailOutbox, periodicTasks } from '../src/db/schema';
import { createTestSmtpServer, type TestSmtpServer } from './mail-test-server';
import { createTestClock } from './support/app';
import { openSharedDatabase, type SharedDatabase } from './support/shared-database';

/**
 * Several instances on one database (decision 055): APP_ROLE=worker instances share the mail
 * outbox and the periodic tasks, each job done once; APP_ROLE=web runs none of them; a worker
 * answers nothing over HTTP but its health.
 */
const sender = 'UGM Gift Marketplace <no-reply@ugm.test>';
let shared: SharedDatabase;
let smtp: TestSmtpServer;
const apps: App[] = [];
const clock = createTestClock();

beforeAll(async () => {
  shared = await openSharedDatabase();
  smtp = await createTestSmtpServer();
});
afterAll(async () => {
  await smtp.stop();
  await shared.close();
});
beforeEach(async () => {
  smtp.received.length = 0;
  await shared.first.db.delete(mailOutbox);
  await shared.first.db.delete(periodicTasks);
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function startInstance(database: DatabaseHandle, overrides: Partial<Config>): Promise<App> {
  const config = testConfig({ smtpUrl: smtp.url, mailFrom: sender, ...overrides });
  const app = await buildApp({ config, database, logger: false, clock: clock.now, mailWorker: { pollIntervalMs: 20 } });
  apps.push(app);
  await app.ready();
  return app;
}

/** Served by a web instance (the catalogue, the chat's socket, the API reference), never by a worker. */
const webOnly = ['/api/v1/products/search?limit=1', '/api/v1/support-chat/socket', '/api/v1/openapi.json'];

const startWorkers = () =>
  Promise.all([
    startInstance(shared.first, { appRole: 'worker' }),
    startInstance(shared.second, { appRole: 'worker' }),
  ]);

describe('two worker instances on one database', () => {
  it('deliver N queued e-mails, each exactly once, each under its own Message-ID', async () => {
    const [one, two] = await startWorkers();
    const recipients = Array.from({ length: 30 }, (_, index) => `shopper-${index}@example.com`);
    await shared.first.db.transaction(async (tx) => {
      for (const to of recipients) await enqueueMail(tx, { to, subject: to, text: 'text', html: '<p>html</p>' });
    });
    await Promise.all([one.mailWorker.drain(), two.mailWorker.drain()]);

    await vi.waitFor(() => expect(smtp.received).toHaveLength(recipients.length), { timeout: 5000 });
    expect(new Set(smtp.received.map((mail) => mail.subject))).toEqual(new Set(recipients));
    const rows = await shared.first.db.select().from(mailOutbox);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    const messageIds = smtp.received.map((mail) => mail.headers.get('message-id'));
    expect(new Set(messageIds)).toEqual(new Set(rows.map((row) => `<${row.id}@ugm.test>`)));
  });

  it('deliver an e-mail whose worker died mid-send once its claim has passed, under the same Message-ID', async () => {
    await shared.first.db.transaction((tx) =>
      enqueueMail(tx, { to: 'orphan@example.com', subject: 'Orphaned', text: 'text', html: '<p>html</p>' }),
    );
    // What a worker leaves when it dies after claiming: 'sending', one attempt, a claim until later.
    await shared.first.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: sql`now() + interval '1 hour'` });
    const [one, two] = await startWorkers();
    await Promise.all([one.mailWorker.drain(), two.mailWorker.drain()]);
    expect(smtp.received).toHaveLength(0);

    await shared.first.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    await Promise.all([one.mailWorker.drain(), two.mailWorker.drain()]);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5000 });
    const [row] = await shared.first.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'orphan@example.com'));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received[0]?.headers.get('message-id')).toBe(`<${row?.id}@ugm.test>`);
  });

  it('run each periodic task (gift schedule, credit holds, backfill, refund settling) on one of them per tick', async () => {
    const [one, two] = await startWorkers();
    const rounds = await Promise.all(
      Array.from({ length: 6 }, (_, index) => (index % 2 === 0 ? one : two).periodicTasks?.runDue() ?? []),
    );
    expect(rounds.flat().sort()).toEqual([
      'credit-hold-release',
      'gift-schedule',
      'refund-settle',
      'voucher-code-last4-backfill',
    ]);
    const rows = await shared.first.db.select().from(periodicTasks);
    expect(rows.every((row) => row.runs === 1 && row.claimedBy === null)).toBe(true);
  });
});

describe('what each role serves', () => {
  it('a worker answers its health and nothing else', async () => {
    const worker = await startInstance(shared.first, { appRole: 'worker' });
    for (const url of ['/health/live', '/health/ready', '/api/v1/health']) {
      const response = await worker.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
    for (const url of webOnly) expect((await worker.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });

  it('a web instance serves the API and runs no background job', async () => {
    const web = await startInstance(shared.first, { appRole: 'web' });
    for (const url of webOnly) expect((await web.inject({ method: 'GET', url })).statusCode, url).not.toBe(404);
    expect((await web.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    expect(web.hasDecorator('mailWorker')).toBe(false);
    expect(web.periodicTasks).toBeUndefined();

    await shared.first.db.transaction((tx) =>
      enqueueMail(tx, { to: 'waits@example.com', subject: 'Waits for a worker', text: 'text', html: '<p>html</p>' }),
    );
    const worker = await startInstance(shared.second, { appRole: 'worker' });
    await worker.mailWorker.drain();
    await vi.waitFor(() => expect(smtp.received.map((mail) => mail.subject)).toEqual(['Waits for a worker']));
  });
});
