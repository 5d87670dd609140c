/**
 * `npm run bench:mail` (also part of `npm run bench`): how fast one mail worker empties the outbox
 * over SMTP (docs/deploy.md, "Background jobs").
 *
 * On a fresh database on the server named by BENCH_DATABASE_URL, TEST_DATABASE_URL or
 * DATABASE_URL (dropped afterwards), `--mails` e-mails (default 300) are queued, then delivered by
 * one MailWorker to an SMTP server on this machine (the smtp-server package) that waits
 * `--accept-ms` before accepting each message (default 0; a distant server's round trips take
 * tens of milliseconds). Twice: one message at a time over a new connection each (`?pool=false`,
 * one at once: how the worker sent until 2026-11-27), then as the worker does now (5 at once over
 * 5 connections it keeps open). Printed: e-mails per second; never asserted.
 */
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { enqueueMail } from '../src/adapters/mail/outbox';
import { createSmtpTransport } from '../src/adapters/mail/smtp-transport';
import { MailWorker, type MailWorkerOptions } from '../src/adapters/mail/worker';
import { openDatabase } from '../src/db/client';
import { mailOutbox } from '../src/db/schema';
import { createFreshDatabase } from './fresh-database';

const { values } = parseArgs({
  options: {
    mails: { type: 'string', default: '300' },
    'accept-ms': { type: 'string', default: '0' },
  },
});
const mailCount = Number(values.mails);
const acceptMs = Number(values['accept-ms']);

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!serverUrl) {
  console.log(
    'Mail benchmark skipped: set BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL server.',
  );
  process.exit(0);
}

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () =>
      setTimeout(() => {
        received += 1;
        callback();
      }, acceptMs),
    );
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const address = smtp.server.address();
const smtpUrl = `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const fresh = await createFreshDatabase(serverUrl, 'gvm_bench_mail');
const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 10 });
const log = pino({ enabled: false }) as unknown as FastifyBaseLogger;

/** Queues `mailCount` e-mails, then times one worker delivering all of them; answers e-mails per second. */
async function round(transportUrl: string, options: Partial<MailWorkerOptions>): Promise<number> {
  await database.db.delete(mailOutbox);
  await database.db.transaction(async (tx) => {
    for (let index = 0; index < mailCount; index++) {
      await enqueueMail(tx, {
        to: `bench-${index}@example.com`,
        subject: `Your gift voucher ${index}`,
        text: 'A gift voucher is waiting for you.',
        html: '<p>A gift voucher is waiting for you.</p>',
      });
    }
  });
  received = 0;
  const worker = new MailWorker(
    database.db,
    createSmtpTransport(transportUrl),
    'Bench <bench@example.com>',
    log,
    options,
  );
  const started = performance.now();
  await worker.drain();
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  if (received !== mailCount) throw new Error(`the mail server received ${received} of ${mailCount} e-mails`);
  return mailCount / seconds;
}

try {
  await database.migrate();
  console.log(
    `Mail worker: ${mailCount} e-mails to an SMTP server on this machine accepting each after ${acceptMs} ms`,
  );
  const single = await round(`${smtpUrl}?pool=false`, { concurrency: 1 });
  console.log(`  one at a time, a new connection each: ${single.toFixed(1)} e-mails/s`);
  const pooled = await round(smtpUrl, {});
  console.log(`  5 at once over 5 kept connections:    ${pooled.toFixed(1)} e-mails/s`);
} finally {
  await database.close();
  await fresh.drop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
}
