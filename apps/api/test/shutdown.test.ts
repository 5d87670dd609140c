import http from 'node:http';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enqueueMail } from '../src/adapters/mail/outbox';
import type { MailTransport, OutgoingMail } from '../src/adapters/mail/transport';
import { MailWorker } from '../src/adapters/mail/worker';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { testConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { mailOutbox } from '../src/db/schema';
import { closeGracefully } from '../src/plugins/lifecycle';
import { createTestApp, createTestDatabase } from './helpers';
import { createTestClock } from './support/app';
import { openChatSocket, startChatApp } from './support/chat';
import { createUserAndToken } from './support/users';

/**
 * A graceful stop on SIGTERM (decision 055): not ready from its first moment, requests in flight
 * finish (or are cut at the limit), chat sockets are told to reconnect elsewhere, and the mail a
 * worker had claimed but not started goes back to the outbox. Readiness also follows the database.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

interface Gate {
  /** Resolves once the gated step has begun. */
  reached: Promise<void>;
  /** Lets the gated step go on. */
  open(): void;
  wait(): Promise<void>;
}

function gate(): Gate {
  let open: () => void = () => {};
  let markReached: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const reached = new Promise<void>((resolve) => {
    markReached = resolve;
  });
  return {
    reached,
    open,
    wait: () => {
      markReached();
      return opened;
    },
  };
}

/**
 * The app listening on a free port, with one route that answers only when the test lets it, and
 * a first shutdown step that waits for the test too: between the two the instance is draining
 * but still accepts connections, as it is while the chat's sockets are being closed.
 */
async function listeningWithGates(): Promise<{ app: App; url: string; request: Gate; shutdown: Gate }> {
  const app = await buildApp({ config: testConfig(), database, logger: false });
  const request = gate();
  const shutdown = gate();
  app.get('/test/slow', async () => {
    await request.wait();
    return { done: true };
  });
  app.addHook('preClose', () => shutdown.wait());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, url: `http://127.0.0.1:${port}`, request, shutdown };
}

/** A GET on a connection of its own: resolves with the status and body, or rejects if the connection is cut. */
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

describe('a graceful stop', () => {
  it('answers not ready from its first moment, stays live, and lets the request in flight finish', async () => {
    const { app, url, request, shutdown } = await listeningWithGates();
    expect(await get(`${url}/health/ready`)).toEqual({ status: 200, body: '{"status":"ok"}' });
    const inFlight = get(`${url}/test/slow`);
    await request.reached;

    const closed = closeGracefully(app, 10_000);
    await shutdown.reached;
    const notReady = JSON.stringify({ error: 'This instance is shutting down' });
    expect(await get(`${url}/health/ready`)).toEqual({ status: 503, body: notReady });
    expect(await get(`${url}/api/v1/health`)).toEqual({ status: 503, body: notReady });
    expect(await get(`${url}/health/live`)).toEqual({ status: 200, body: '{"status":"ok"}' });

    shutdown.open();
    request.open();
    expect(await inFlight).toEqual({ status: 200, body: JSON.stringify({ done: true }) });
    await closed;
    await expect(get(`${url}/health/live`)).rejects.toThrow();
  });

  it('cuts the connection of a request still running at the limit, and closes', async () => {
    const { app, url, request, shutdown } = await listeningWithGates();
    const inFlight = get(`${url}/test/slow`).then(
      () => 'answered',
      () => 'cut off',
    );
    await request.reached;
    shutdown.open();
    await closeGracefully(app, 50);
    expect(await inFlight).toBe('cut off');
  });

  it('tells chat sockets to reconnect: 1012, service restart', async () => {
    const chat = await startChatApp({}, { database, clock: createTestClock() });
    const shopper = await createUserAndToken(chat.app);
    const socket = await openChatSocket(chat.socketUrl, shopper.token);
    await closeGracefully(chat.app, 10_000);
    expect(await socket.closed).toEqual({ code: 1012, reason: 'The server is restarting.' });
  });
});

describe('readiness and the database', () => {
  it('is not ready while the database does not answer, and still live', async () => {
    const own = await createTestApp();
    await own.database.close();
    const ready = await own.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ error: 'The database is not answering' });
    expect((await own.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    await own.app.close();
  });
});

describe('a mail worker stopping mid-batch', () => {
  it('finishes the e-mails it is sending and gives the rest of its batch back, unattempted', async () => {
    await database.db.delete(mailOutbox);
    const recipients = ['first', 'second', 'third', 'fourth', 'fifth'].map((name) => `${name}@example.com`);
    await database.db.transaction(async (tx) => {
      for (const to of recipients) await enqueueMail(tx, { to, subject: to, text: 'text', html: '<p>html</p>' });
    });
    const sent: OutgoingMail[] = [];
    let letSendsFinish: () => void = () => {};
    const sendsMayFinish = new Promise<void>((resolve) => {
      letSendsFinish = resolve;
    });
    const transport: MailTransport = {
      kind: 'smtp',
      send: async (mail) => {
        sent.push(mail);
        await sendsMayFinish;
      },
      close: async () => {},
    };
    const worker = new MailWorker(database.db, transport, 'Shop <shop@ugm.test>', pino({ enabled: false }), {
      batchSize: 5,
      concurrency: 2,
    });
    const round = worker.deliverDue();
    // Two of the batch in flight at once, as the worker sends them.
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    const stopped = worker.stop();
    letSendsFinish();
    expect(await round).toBe(5);
    await stopped;

    expect(sent).toHaveLength(2);
    const rows = await database.db.select().from(mailOutbox);
    const byStatus = (status: string) => rows.filter((row) => row.status === status);
    expect(
      byStatus('sent')
        .map((row) => row.to)
        .sort(),
    ).toEqual(sent.map((mail) => mail.to).sort());
    expect(byStatus('pending')).toHaveLength(3);
    expect(byStatus('pending').every((row) => row.attempts === 0)).toBe(true);
  });
});
