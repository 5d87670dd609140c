import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueueMail } from '../src/adapters/mail/outbox';
import { loginCodeEmail, verificationEmail } from '../src/adapters/mail/templates';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { testConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { mailOutbox } from '../src/db/schema';
import { createTestDatabase } from './helpers';

let database: DatabaseHandle;
let app: App;
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // No SMTP_URL: the dev mailbox transport, whose log lines the test reads.
  const stream = { write: (line: string) => logLines.push(JSON.parse(line)) };
  app = await buildApp({
    config: testConfig(),
    database,
    logger: { level: 'info', stream },
    mailWorker: { pollIntervalMs: 20 },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(mailOutbox);
});

const send = (to: string, subject: string, text = `${subject} text`) =>
  database.db.transaction((tx) => enqueueMail(tx, { to, subject, text, html: `<p>${subject}</p>` }));

const listMessages = async (query = '') => {
  const response = await app.inject({ method: 'GET', url: `/dev/mailbox/messages${query}` });
  expect(response.statusCode).toBe(200);
  return (response.json() as { messages: Array<Record<string, unknown>> }).messages;
};

describe('the dev mailbox', () => {
  it('lists queued e-mails newest first with their parts, time and status', async () => {
    await send('first@example.com', 'First');
    await send('second@example.com', 'Second');
    await app.mailWorker.drain();

    const messages = await listMessages();
    expect(messages.map((message) => message.subject)).toEqual(['Second', 'First']);
    expect(messages[0]).toEqual({
      id: expect.any(String),
      to: 'second@example.com',
      subject: 'Second',
      text: 'Second text',
      html: '<p>Second</p>',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      status: 'sent',
    });
  });

  it('filters by recipient whatever the letter case', async () => {
    await send('Shopper@Example.com', 'For the shopper');
    await send('someone-else@example.com', 'Not for the shopper');

    const messages = await listMessages('?to=shopper%40EXAMPLE.com');
    expect(messages.map((message) => message.subject)).toEqual(['For the shopper']);
    expect(await listMessages('?to=nobody%40example.com')).toEqual([]);
  });

  it('shows at most the 50 most recent e-mails', async () => {
    await database.db.insert(mailOutbox).values(
      Array.from({ length: 55 }, (_, index) => ({
        to: 'bulk@example.com',
        subject: `Message ${index}`,
        text: 'text',
        html: '<p>html</p>',
        createdAt: sql`now() - make_interval(secs => ${55 - index})`,
      })),
    );
    const messages = await listMessages('?to=bulk%40example.com');
    expect(messages).toHaveLength(50);
    expect(messages[0]?.subject).toBe('Message 54');
    expect(messages[49]?.subject).toBe('Message 5');
  });

  it('refuses an over-long recipient filter with a 400', async () => {
    const response = await app.inject({ method: 'GET', url: `/dev/mailbox/messages?to=${'a'.repeat(400)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('error');
  });

  it('shows a readable page of e-mails with every value escaped', async () => {
    await send('page@example.com', 'Code <b>inside</b>', 'Your code: 123456 & more');
    const response = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<h1>Dev mailbox</h1>');
    expect(response.body).toContain('<h2>Code &lt;b&gt;inside&lt;/b&gt;</h2>');
    expect(response.body).toContain('page@example.com');
    expect(response.body).toContain('Your code: 123456 &amp; more');
    expect(response.body).not.toContain('<b>inside</b>');
  });

  it('logs who each e-mail went to, never the code or link it carries', async () => {
    await database.db.transaction(async (tx) => {
      await enqueueMail(tx, { to: 'code@example.com', ...loginCodeEmail({ code: '482913' }) });
      await enqueueMail(tx, {
        to: 'link@example.com',
        ...verificationEmail({ token: 'tok123', publicUrl: 'http://localhost:3000' }),
      });
    });
    await app.mailWorker.drain();

    const delivered = logLines.filter((line) => String(line.msg).startsWith('dev mailbox: e-mail delivered'));
    expect(delivered).toContainEqual(
      expect.objectContaining({ level: 30, to: 'code@example.com', subject: 'Your sign-in code is [redacted]' }),
    );
    expect(delivered).toContainEqual(expect.objectContaining({ to: 'link@example.com' }));
    const logged = JSON.stringify(logLines);
    expect(logged).not.toContain('482913');
    expect(logged).not.toContain('tok123');
  });
});

describe('the dev mailbox and the web app', () => {
  it('answers before the single-page app fallback', async () => {
    const webDistDir = mkdtempSync(path.join(tmpdir(), 'gvm-web-'));
    writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>web app</title>');
    const withWeb = await buildApp({ config: testConfig({ webDistDir }), database, logger: false });
    try {
      const page = await withWeb.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(page.body).toContain('<h1>Dev mailbox</h1>');
      const json = await withWeb.inject({ method: 'GET', url: '/dev/mailbox/messages' });
      expect(json.json()).toHaveProperty('messages');
    } finally {
      await withWeb.close();
    }
  });

  it('does not exist in production', async () => {
    const production = await buildApp({ config: testConfig({ env: 'production' }), database, logger: false });
    try {
      for (const url of ['/dev/mailbox', '/dev/mailbox/messages', '/dev/mailbox/messages?to=a%40b.com']) {
        const response = await production.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
      }
    } finally {
      await production.close();
    }
  });
});
