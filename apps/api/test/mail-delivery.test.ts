import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueueMail } from '../src/adapters/mail/outbox';
import { loginCodeEmail, operationsCopyEmail } from '../src/adapters/mail/templates';
import type { MailWorkerOptions } from '../src/adapters/mail/worker';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { testConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { mailOutbox } from '../src/db/schema';
import { createTestDatabase } from './helpers';
import { createTestSmtpServer, type TestSmtpServer } from './mail-test-server';

const sender = 'UGM Gift Marketplace <no-reply@ugm.test>';
// Real timings are seconds to hours; these keep the same shape at test speed.
const quick: Partial<MailWorkerOptions> = { pollIntervalMs: 20, retryDelaysMs: [150, 300, 450], maxAttempts: 10 };

let database: DatabaseHandle;
let smtp: TestSmtpServer;
const apps: App[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await createTestSmtpServer();
});
afterAll(async () => {
  await smtp.stop();
  await database.close();
});
beforeEach(async () => {
  await smtp.start().catch(() => undefined);
  smtp.received.length = 0;
  Object.assign(smtp.traffic, { connections: 0, mostAtOnce: 0, acceptAfterMs: 0 });
  await database.db.delete(mailOutbox);
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function startApp(options: Partial<MailWorkerOptions> = {}): Promise<App> {
  const config = testConfig({ smtpUrl: smtp.url, mailFrom: sender });
  const app = await buildApp({ config, database, logger: false, mailWorker: { ...quick, ...options } });
  apps.push(app);
  await app.ready();
  return app;
}

const queue = (to: string, subject = 'Hello') =>
  database.db.transaction((tx) =>
    enqueueMail(tx, { to, subject, text: `${subject} as text`, html: `<p>${subject}</p>` }),
  );

const rowFor = async (to: string) => {
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  if (!row) throw new Error(`no outbox row for ${to}`);
  return row;
};

describe('mail delivery over SMTP', () => {
  it('delivers a queued e-mail on its own, from the configured sender, with a text and an HTML part', async () => {
    await startApp();
    await database.db.transaction((tx) =>
      enqueueMail(tx, { to: 'shopper@example.com', ...loginCodeEmail({ code: '482913' }) }),
    );

    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5000 });
    const [mail] = smtp.received;
    expect(mail?.envelopeFrom).toBe('no-reply@ugm.test');
    expect(mail?.envelopeTo).toEqual(['shopper@example.com']);
    expect(mail?.headers.get('from')).toBe(sender);
    expect(mail?.headers.get('to')).toBe('shopper@example.com');
    expect(mail?.subject).toBe('Your sign-in code is 482913');
    expect(mail?.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    expect(mail?.text).toContain('482913');
    expect(mail?.text).toContain('valid for 10 minutes');
    expect(mail?.html).toContain('482913');
    expect(mail?.html).toContain('UGM Gift Marketplace');

    await vi.waitFor(async () => {
      const row = await rowFor('shopper@example.com');
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
    });
  });

  it('sets Reply-To when the message has one (copies to operations answer the sender)', async () => {
    const app = await startApp();
    const copy = operationsCopyEmail({
      title: 'New contact message',
      fields: [['Name', 'Amelia']],
      replyTo: 'amelia@example.com',
    });
    await database.db.transaction((tx) => enqueueMail(tx, { to: 'ops@ugm.test', ...copy }));
    await app.mailWorker.drain();

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.headers.get('reply-to')).toBe('amelia@example.com');
  });

  it('queues while the mail server is down, retries with growing backoff and delivers once it is back', async () => {
    await smtp.stop();
    await startApp();
    await expect(queue('patient@example.com', 'Outage')).resolves.toBeUndefined();

    const failed = await vi.waitFor(
      async () => {
        const row = await rowFor('patient@example.com');
        expect(row.status).toBe('pending');
        expect(row.attempts).toBeGreaterThanOrEqual(2);
        return row;
      },
      { timeout: 5000 },
    );
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    // The first retry waits 150 ms, the second 300 ms more: the schedule moves out each time.
    expect(failed.nextAttemptAt.getTime() - failed.createdAt.getTime()).toBeGreaterThanOrEqual(150 + 300);
    expect(smtp.received).toHaveLength(0);

    await smtp.start();
    await vi.waitFor(() => expect(smtp.received.map((mail) => mail.subject)).toEqual(['Outage']), { timeout: 5000 });
    await vi.waitFor(async () => expect((await rowFor('patient@example.com')).status).toBe('sent'));
  });

  it('gives up as failed after the last attempt and sends nothing more', async () => {
    await smtp.stop();
    const app = await startApp({ retryDelaysMs: [10], maxAttempts: 3 });
    await queue('hopeless@example.com');

    await vi.waitFor(async () => expect((await rowFor('hopeless@example.com')).status).toBe('failed'), {
      timeout: 5000,
    });
    const row = await rowFor('hopeless@example.com');
    expect(row.attempts).toBe(3);
    expect(row.lastError).toBeTruthy();

    await smtp.start();
    await app.mailWorker.drain();
    expect(smtp.received).toHaveLength(0);
  });

  it('delivers after a restart what was still pending when the app closed', async () => {
    await smtp.stop();
    const first = await startApp();
    await queue('restart@example.com', 'Survives restarts');
    await vi.waitFor(async () => expect((await rowFor('restart@example.com')).attempts).toBe(1), { timeout: 5000 });
    await first.close();
    await queue('restart@example.com', 'Queued while stopped');

    await smtp.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.received).toHaveLength(0);

    await startApp();
    await vi.waitFor(
      () =>
        expect(smtp.received.map((mail) => mail.subject).sort()).toEqual(['Queued while stopped', 'Survives restarts']),
      { timeout: 5000 },
    );
  });

  it('sends again a message left "sending" by a crash, once its claim has timed out', async () => {
    const app = await startApp();
    // As a crashed worker leaves it: claimed once, its claim running out 400 ms from now.
    await database.db.insert(mailOutbox).values({
      to: 'crash@example.com',
      subject: 'Interrupted',
      text: 'Interrupted as text',
      html: '<p>Interrupted</p>',
      status: 'sending',
      attempts: 1,
      nextAttemptAt: sql`now() + interval '400 milliseconds'`,
    });

    await app.mailWorker.drain();
    expect(smtp.received).toHaveLength(0);
    expect((await rowFor('crash@example.com')).status).toBe('sending');

    await vi.waitFor(() => expect(smtp.received.map((mail) => mail.subject)).toEqual(['Interrupted']), {
      timeout: 5000,
    });
    await vi.waitFor(async () =>
      expect(await rowFor('crash@example.com')).toMatchObject({ status: 'sent', attempts: 2 }),
    );
  });

  it('has two workers on one database deliver every message exactly once', async () => {
    const [one, two] = await Promise.all([startApp(), startApp()]);
    const recipients = Array.from({ length: 24 }, (_, index) => `many-${index}@example.com`);
    await database.db.transaction(async (tx) => {
      for (const to of recipients) await enqueueMail(tx, { to, subject: to, text: 'text', html: '<p>html</p>' });
    });
    await Promise.all([one?.mailWorker.drain(), two?.mailWorker.drain()]);

    await vi.waitFor(() => expect(smtp.received).toHaveLength(recipients.length), { timeout: 5000 });
    expect(new Set(smtp.received.map((mail) => mail.subject)).size).toBe(recipients.length);
    const sent = await database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'sent'));
    expect(sent).toHaveLength(recipients.length);
    expect(sent.every((row) => row.attempts === 1)).toBe(true);
  });

  it('sends several messages at once over a few connections it keeps open, each message once', async () => {
    const app = await startApp({ batchSize: 10, concurrency: 5 });
    // A mail server that takes a while to accept each message, as a distant one does.
    smtp.traffic.acceptAfterMs = 100;
    const recipients = Array.from({ length: 10 }, (_, index) => `pooled-${index}@example.com`);
    await database.db.transaction(async (tx) => {
      for (const to of recipients) await enqueueMail(tx, { to, subject: to, text: 'text', html: '<p>html</p>' });
    });
    await app.mailWorker.drain();

    expect(smtp.received.map((mail) => mail.subject).sort()).toEqual([...recipients].sort());
    expect(smtp.traffic.mostAtOnce).toBe(5);
    // Ten messages over the worker's five connections, not a connection each.
    expect(smtp.traffic.connections).toBe(5);
    const sent = await database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'sent'));
    expect(sent).toHaveLength(recipients.length);
  });

  it('stops delivering once the app has closed', async () => {
    const app = await startApp();
    await app.close();
    await queue('later@example.com');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(smtp.received).toHaveLength(0);
    expect((await rowFor('later@example.com')).status).toBe('pending');
  });
});
