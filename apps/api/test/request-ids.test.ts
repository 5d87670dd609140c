import { Writable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentSimulator, SIMULATOR_WEBHOOK_URL } from '../src/adapters/payments';
import { mailOutbox, simulatorWebhooks } from '../src/db/schema';
import { loggerOptions } from '../src/lib/log-redaction';
import { defined } from './support/checkout';
import { createPaymentsTestApp, openCheckout, type PaymentsTestContext, personalCheckout } from './support/payments';
import { nextIp } from './support/sign-in';
import { createUserAndToken } from './support/users';

/**
 * Decision 061: the work a request starts beyond itself carries the request's id on, so one id
 * finds in the log the request and all it set going. An e-mail queued while a request is served
 * keeps its id, and the mail worker's line for it carries that id; a payment taken on the
 * simulator's page is delivered to the webhook under the paying request's id, so the fulfilment
 * and the e-mails it queues log under it too. The app runs with its real logger at `info`.
 */
let ctx: PaymentsTestContext;
let simulator: PaymentSimulator;
const SETTLE_MS = 5_000;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const created = await createPaymentsTestApp(
    {},
    { asyncSettleMs: SETTLE_MS },
    { logger: { ...loggerOptions({ logLevel: 'info' }), stream } },
  );
  ctx = created;
  simulator = defined(created.simulator, 'simulator');
});
afterAll(() => ctx.close());

const linesOf = (requestId: string) => lines.filter((line) => line.reqId === requestId);
const messagesOf = (requestId: string) => linesOf(requestId).map((line) => String(line.msg));

async function outboxRowsTo(to: string) {
  return ctx.app.db
    .select({ requestId: mailOutbox.requestId, subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to));
}

function askForCode(email: string, requestId?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/users/generate-code',
    payload: { email },
    headers: requestId ? { 'x-request-id': requestId } : {},
    remoteAddress: nextIp(),
  });
}

/** The card form submitted as a browser does, under `requestId`. */
function payAs(sessionId: string, cardNumber: string, requestId: string) {
  const form = { cardNumber, expiry: '12/40', cvc: '123', name: 'Ada Buyer' };
  return ctx.app.inject({
    method: 'POST',
    url: `/pay/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': requestId },
    payload: new URLSearchParams(form).toString(),
  });
}

async function openSimulatorSession(buyer: Awaited<ReturnType<typeof createUserAndToken>>, value: number) {
  const url = await openCheckout(ctx.app, buyer, personalCheckout(ctx.argos, value));
  return defined(new URL(url).pathname.split('/').at(-1), 'session id');
}

describe('an e-mail keeps the id of the request that queued it', () => {
  it('is queued under the id, and the worker logs its sending under it', async () => {
    const shopper = await createUserAndToken(ctx.app, { email: 'trace-code@example.com' });
    const asked = await askForCode(shopper.user.email, 'trace-code-1');
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['x-request-id']).toBe('trace-code-1');
    expect(await outboxRowsTo(shopper.user.email)).toEqual([
      { requestId: 'trace-code-1', subject: expect.any(String) },
    ]);

    await ctx.app.mailWorker.drain();
    expect(messagesOf('trace-code-1')).toEqual(
      expect.arrayContaining(['incoming request', 'request completed', 'mail worker: sent an e-mail']),
    );
  });

  it("fifty requests at once: each e-mail keeps its own request's id", async () => {
    const shoppers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => createUserAndToken(ctx.app, { email: `trace-${index}@example.com` })),
    );
    const answers = await Promise.all(
      shoppers.map((shopper, index) => askForCode(shopper.user.email, `trace-many-${index}`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(shoppers.map(() => 200));
    const rows = await ctx.app.db
      .select({ to: mailOutbox.to, requestId: mailOutbox.requestId })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.to,
          shoppers.map((shopper) => shopper.user.email),
        ),
      );
    expect(rows.map((row) => `${row.to} ${row.requestId}`).sort()).toEqual(
      shoppers.map((shopper, index) => `${shopper.user.email} trace-many-${index}`).sort(),
    );
  });

  it('a request without an id of its own gives the e-mail the id it was given', async () => {
    const shopper = await createUserAndToken(ctx.app, { email: 'trace-own@example.com' });
    const asked = await askForCode(shopper.user.email);
    const given = String(asked.headers['x-request-id']);
    expect(given).toMatch(/^[0-9a-f-]{36}$/);
    expect(await outboxRowsTo(shopper.user.email)).toEqual([{ requestId: given, subject: expect.any(String) }]);
  });
});

describe("a payment's webhook carries the paying request's id on", () => {
  it('the webhook, the fulfilment and the receipt log under the id of the card form', async () => {
    const buyer = await createUserAndToken(ctx.app, { email: 'trace-buyer@example.com', name: 'Ada Buyer' });
    const sessionId = await openSimulatorSession(buyer, 25);
    expect((await payAs(sessionId, '4242424242424242', 'trace-pay-1')).statusCode).toBe(303);
    await simulator.idle();

    const [event] = await ctx.app.db
      .select({ requestId: simulatorWebhooks.requestId, status: simulatorWebhooks.status })
      .from(simulatorWebhooks)
      .where(eq(simulatorWebhooks.sessionId, sessionId));
    expect(event).toEqual({ requestId: 'trace-pay-1', status: 'delivered' });
    // The webhook's own request, made by the simulator, logged under the card form's id.
    expect(
      linesOf('trace-pay-1').some(
        (line) =>
          line.msg === 'incoming request' && (line.req as { url?: string } | undefined)?.url === SIMULATOR_WEBHOOK_URL,
      ),
    ).toBe(true);
    expect((await outboxRowsTo(buyer.user.email)).map((row) => row.requestId)).toEqual(['trace-pay-1']);

    await ctx.app.mailWorker.drain();
    expect(messagesOf('trace-pay-1')).toContain('mail worker: sent an e-mail');
  });

  it('a payment that settles later by itself is delivered under an id of its own', async () => {
    const buyer = await createUserAndToken(ctx.app, { email: 'trace-later@example.com', name: 'Ada Later' });
    const sessionId = await openSimulatorSession(buyer, 30);
    await payAs(sessionId, '4000 0000 0000 3220', 'trace-pay-later');
    await simulator.idle();
    ctx.clock.advance(SETTLE_MS);
    await simulator.idle();

    const events = await ctx.app.db
      .select({ body: simulatorWebhooks.body, requestId: simulatorWebhooks.requestId })
      .from(simulatorWebhooks)
      .where(eq(simulatorWebhooks.sessionId, sessionId));
    const stateOf = (body: string) => (JSON.parse(body) as { data: { object: { state: string } } }).data.object.state;
    expect(events.map((event) => `${stateOf(event.body)} ${event.requestId}`).sort()).toEqual([
      'paid null',
      'processing trace-pay-later',
    ]);
    // The receipt was queued by the settled event's delivery: under that request's id, not the form's.
    const [receipt] = await outboxRowsTo(buyer.user.email);
    const deliveredUnder = defined(receipt?.requestId, "the receipt's request id");
    expect(deliveredUnder).not.toBe('trace-pay-later');
    expect(
      linesOf(deliveredUnder).some(
        (line) =>
          line.msg === 'incoming request' && (line.req as { url?: string } | undefined)?.url === SIMULATOR_WEBHOOK_URL,
      ),
    ).toBe(true);
  });
});
