import { Writable } from 'node:stream';
import {
  type ActiveOrder,
  codeFailedMessage,
  codePendingMessage,
  codeUnavailableMessage,
  type Voucher,
  type VoucherPending,
} from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTilloSupplier } from '../src/adapters/suppliers';
import { createVoucherCipher } from '../src/adapters/vouchers';
import { orders, voucherCodeRequests } from '../src/db/schema';
import { loggerOptions } from '../src/lib/log-redaction';
import { type CheckoutTestContext, createCheckoutTestApp, defined } from './support/checkout';
import { mailsTo } from './support/mail';
import { sendAs } from './support/requests';
import {
  STAND_IN_SECRET,
  standInSupplierConfig,
  startTilloStandIn,
  type TilloStandIn,
  tilloErrors,
} from './support/tillo-stand-in';
import { createUserAndToken, type TestUser } from './support/users';
import { buyVoucher, orderRow } from './support/vouchers';

/**
 * Codes bought from Tillo when the holder activates (decision 068), against a stand-in of Tillo's
 * documented API that checks every signature and replays a request id's first card. The retry job
 * is driven by hand (`app.codeIssuer.runDue()`) with the app's clock; nothing polls by itself.
 */
let ctx: CheckoutTestContext;
let tillo: TilloStandIn;
const lines: string[] = [];
const OPS = 'ops-codes@ugm.example';
const SYNC_WAIT_MS = 3000;

beforeAll(async () => {
  tillo = await startTilloStandIn();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  ctx = await createCheckoutTestApp({
    logger: { ...loggerOptions({ logLevel: 'info' }), stream },
    config: { voucherSupplier: standInSupplierConfig(tillo), opsEmail: OPS },
    codeIssuer: { pollMs: 3_600_000, syncWaitMs: SYNC_WAIT_MS, jitter: 0.2 },
  });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await tillo?.close();
});

const activate = (user: TestUser, id: string) => sendAs(ctx.app, 'POST', `/orders/${id}/activate`, user);
const till = (user: TestUser, id: string) => sendAs(ctx.app, 'GET', `/orders/${id}/voucher`, user);
const requestOf = async (id: string) =>
  defined((await ctx.app.db.select().from(voucherCodeRequests).where(eq(voucherCodeRequests.voucherId, id)))[0]);
const issuesFor = (id: string) =>
  tillo.requests.filter((request) => request.path === '/digital/issue' && request.body?.client_request_id === id);
/** Past the longest retry wait the first retries can have (5 s, 15 s, with 20 % jitter). */
const pastRetry = (attempt: number) => [6_000, 18_000, 36_000][attempt - 1] ?? 72_000;

function resetStandIn() {
  tillo.delayMs = 0;
  tillo.float = 1_000_000;
  tillo.refusedBrands.clear();
  tillo.urlOnlyBrands.clear();
  tillo.setUnreachable(false);
}

describe('activation buys the card from Tillo', () => {
  it('sends the documented, signed digital issue and answers with the code in hand', async () => {
    resetStandIn();
    const holder = await createUserAndToken(ctx.app);
    const id = await buyVoucher(ctx, holder, 25);
    // Bought and held: no card yet, nothing asked of Tillo.
    expect(issuesFor(id)).toEqual([]);

    const answer = await activate(holder, id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      message: 'Your Argos voucher has been activated.',
      order: { _id: id, isActivated: true },
    });
    const [sent] = issuesFor(id);
    expect(sent?.signed).toBe(true);
    expect(sent?.body).toEqual({
      client_request_id: id,
      brand: 'argos',
      face_value: { amount: 25, currency: 'GBP' },
      delivery_method: 'code',
      fulfilment_by: 'partner',
      sector: 'b2c-marketplace',
    });
    expect(sent?.headers['api-key']).toBe('tillo-test-key');
    expect(sent?.headers.timestamp).toBe(String(ctx.clock.now().getTime()));
    expect(sent?.headers.signature).toMatch(/^[0-9a-f]{64}$/);

    const card = defined(tillo.cards.get(id));
    const shown = await till(holder, id);
    expect(shown.statusCode).toBe(200);
    expect(shown.json<Voucher>()).toMatchObject({ code: card.code, pin: card.pin, url: null });
    const row = defined(await orderRow(ctx, id));
    expect(row).toMatchObject({ supplier: 'tillo', supplierReference: card.reference, codeRequestedAt: null });
    expect(createVoucherCipher(ctx.app.appConfig.voucherEncryptionKey).open(defined(row.codeCiphertext))).toBe(
      card.code,
    );
    expect(await requestOf(id)).toMatchObject({ state: 'issued', attempts: 1 });
    // Asked again: Already Activated, and Tillo is not asked again.
    expect((await activate(holder, id)).statusCode).toBe(409);
    expect(issuesFor(id)).toHaveLength(1);
  });

  it("shows a brand's card that is only a page as 'Open your … gift card' (its URL), with no code", async () => {
    resetStandIn();
    tillo.urlOnlyBrands.add('argos');
    const holder = await createUserAndToken(ctx.app);
    const id = await buyVoucher(ctx, holder, 30);
    expect((await activate(holder, id)).statusCode).toBe(200);
    const shown = (await till(holder, id)).json<Voucher>();
    expect(shown).toMatchObject({ code: null, pin: null, url: defined(tillo.cards.get(id)).url });
    expect(defined(await orderRow(ctx, id)).codeLast4).toBeNull();
  });
});

describe('an outage', () => {
  it('is retried by the job with the same request id until the card comes: one card, and the holder e-mailed', async () => {
    resetStandIn();
    const holder = await createUserAndToken(ctx.app);
    const id = await buyVoucher(ctx, holder, 40);
    tillo.failNext(tilloErrors.outage, tilloErrors.internal);

    const answer = await activate(holder, id);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toMatchObject({
      status: 'pending',
      message: codePendingMessage('Argos'),
      order: { _id: id, isActivated: false, codeStatus: 'pending' },
    });
    const waiting = await till(holder, id);
    expect(waiting.statusCode).toBe(202);
    expect(waiting.json<VoucherPending>()).toMatchObject({
      status: 'pending',
      message: 'Getting your code from Argos…',
    });
    // While the code is on its way it cannot be exchanged, converted or asked for again.
    expect((await sendAs(ctx.app, 'POST', `/orders/${id}/return`, holder)).statusCode).toBe(409);
    expect((await activate(holder, id)).statusCode).toBe(202);
    expect(issuesFor(id)).toHaveLength(1);

    // Not due yet: the job leaves it.
    expect(await ctx.app.codeIssuer.runDue()).toBe(0);
    ctx.clock.advance(pastRetry(1));
    expect(await ctx.app.codeIssuer.runDue()).toBe(1);
    expect(await requestOf(id)).toMatchObject({ state: 'pending', attempts: 2, lastErrorCode: '600' });
    ctx.clock.advance(pastRetry(2));
    expect(await ctx.app.codeIssuer.runDue()).toBe(1);

    expect(issuesFor(id).map((request) => request.body?.client_request_id)).toEqual([id, id, id]);
    expect([...tillo.cards.values()].filter((card) => card.clientRequestId === id)).toHaveLength(1);
    expect(await requestOf(id)).toMatchObject({ state: 'issued', attempts: 3 });
    expect((await till(holder, id)).json<Voucher>().code).toBe(defined(tillo.cards.get(id)).code);
    const [mail] = await mailsTo(ctx.app, holder.user.email);
    expect(mail?.subject).toBe('Your Argos code is ready');
    expect(mail?.text).toContain(`/vouchers/${id}`);
    expect(mail?.text).not.toContain(defined(tillo.cards.get(id)).code);
  });

  it('answers "on its way" when Tillo is slow, and the attempt under way records the card by itself', async () => {
    resetStandIn();
    tillo.delayMs = SYNC_WAIT_MS + 700;
    const holder = await createUserAndToken(ctx.app);
    const id = await buyVoucher(ctx, holder, 15);
    expect((await activate(holder, id)).statusCode).toBe(202);
    await expect.poll(async () => (await till(holder, id)).statusCode, { timeout: 5_000 }).toBe(200);
    expect(issuesFor(id)).toHaveLength(1);
    expect((await mailsTo(ctx.app, holder.user.email))[0]?.subject).toBe('Your Argos code is ready');
  });

  it('retries a request whose connection broke, and after 10 minutes the till says so plainly', async () => {
    resetStandIn();
    tillo.setUnreachable(true);
    const holder = await createUserAndToken(ctx.app);
    const id = await buyVoucher(ctx, holder, 20);
    expect((await activate(holder, id)).statusCode).toBe(202);
    expect(await requestOf(id)).toMatchObject({ state: 'pending', lastErrorCode: 'connection' });
    ctx.clock.advance(10 * 60_000);
    const late = await till(holder, id);
    expect(late.statusCode).toBe(202);
    expect(late.json<VoucherPending>()).toMatchObject({ status: 'delayed' });
    expect(late.json<VoucherPending>().message).toContain('is taking longer than usual');
    const listed = await sendAs(ctx.app, 'GET', `/orders/user/${holder.user.id}/active`, holder);
    expect(listed.json<ActiveOrder[]>().find((order) => order._id === id)?.codeStatus).toBe('delayed');
    // Ten minutes late, no attempt under way: the holder may convert it; the request is cancelled.
    expect((await sendAs(ctx.app, 'POST', `/orders/${id}/return`, holder)).statusCode).toBe(200);
    expect(await requestOf(id)).toMatchObject({ state: 'cancelled' });
    tillo.setUnreachable(false);
    ctx.clock.advance(60 * 60_000);
    await ctx.app.codeIssuer.runDue();
    expect(tillo.cards.has(id)).toBe(false);
  });
});

describe('twenty activations at once', () => {
  it('send one request at a time to Tillo and buy one card', async () => {
    resetStandIn();
    tillo.delayMs = 300;
    const holder = await createUserAndToken(ctx.app);
    const id = await buyVoucher(ctx, holder, 50);
    const answers = await Promise.all(Array.from({ length: 20 }, () => activate(holder, id)));
    const statuses = answers.map((answer) => answer.statusCode);
    // The one that asked Tillo answers 200 (or 202 if Tillo took longer than activation waits, on a
    // busy machine); the others were told the code is on its way (202) or Already Activated (409).
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
    expect(statuses.every((status) => [200, 202, 409].includes(status))).toBe(true);
    await expect.poll(async () => (await requestOf(id)).state, { timeout: 15_000 }).toBe('issued');
    expect(issuesFor(id)).toHaveLength(1);
    expect(tillo.maxConcurrentIssues).toBe(1);
    expect([...tillo.cards.values()].filter((card) => card.clientRequestId === id)).toHaveLength(1);
    expect((await till(holder, id)).json<Voucher>().code).toBe(defined(tillo.cards.get(id)).code);
  });
});

describe('no float', () => {
  it('leaves the voucher unactivated with its value, alerts operations once an hour, and issues once topped up', async () => {
    resetStandIn();
    tillo.float = 10;
    const holder = await createUserAndToken(ctx.app);
    const id = await buyVoucher(ctx, holder, 25);
    const other = await buyVoucher(ctx, holder, 30);

    const refused = await activate(holder, id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ error: codeUnavailableMessage('Argos') });
    expect(refused.json<{ error: string }>().error).toBe(
      'Argos codes are unavailable right now. Your voucher keeps its value: try again later, or exchange it for another brand.',
    );
    expect(defined(await orderRow(ctx, id))).toMatchObject({ activatedAt: null, codeRequestedAt: null });
    expect(await requestOf(id)).toMatchObject({ state: 'no-float', lastErrorCode: '610' });
    const refusedTill = await till(holder, id);
    expect(refusedTill.statusCode).toBe(422);
    expect(refusedTill.json()).toEqual({ error: codeUnavailableMessage('Argos') });
    const listed = await sendAs(ctx.app, 'GET', `/orders/user/${holder.user.id}/active`, holder);
    expect(listed.json<ActiveOrder[]>().find((order) => order._id === id)?.codeStatus).toBe('unavailable');

    // Operations hear of it once, whatever else fails within the hour.
    const alerts = await mailsTo(ctx.app, OPS);
    expect(alerts.map((mail) => mail.subject)).toEqual(['Tillo float too low: gift card codes are not being issued']);
    expect((await activate(holder, other)).statusCode).toBe(422);
    ctx.clock.advance(30 * 60_000);
    expect((await activate(holder, id)).statusCode).toBe(422);
    expect(await mailsTo(ctx.app, OPS)).toHaveLength(1);
    ctx.clock.advance(31 * 60_000);
    expect((await activate(holder, other)).statusCode).toBe(422);
    expect(await mailsTo(ctx.app, OPS)).toHaveLength(2);

    // Still the holder's to exchange or convert.
    expect((await sendAs(ctx.app, 'POST', `/orders/${other}/return`, holder)).statusCode).toBe(200);

    // Topped up: activating again issues the card.
    tillo.float = 1_000;
    expect((await activate(holder, id)).statusCode).toBe(200);
    expect(await requestOf(id)).toMatchObject({ state: 'issued' });
    expect(tillo.cards.has(id)).toBe(true);
    expect(tillo.cards.has(other)).toBe(false);
  });
});

describe('a final error', () => {
  it('leaves the voucher unactivated, offers exchange or conversion, and does not ask Tillo again', async () => {
    resetStandIn();
    tillo.refusedBrands.add('argos');
    const holder = await createUserAndToken(ctx.app);
    const id = await buyVoucher(ctx, holder, 35);
    const refused = await activate(holder, id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ error: codeFailedMessage('Argos') });
    expect(await requestOf(id)).toMatchObject({ state: 'failed', lastErrorCode: '072' });
    expect((await activate(holder, id)).statusCode).toBe(422);
    expect(issuesFor(id)).toHaveLength(1);
    ctx.clock.advance(3_600_000);
    expect(await ctx.app.codeIssuer.runDue()).toBe(0);
    expect((await till(holder, id)).json()).toEqual({ error: codeFailedMessage('Argos') });
    const swap = await sendAs(ctx.app, 'POST', `/orders/${id}/swap`, holder, {
      newOrderDetails: { productCode: 'TESCO-GB', currency: 'GBP', valuePurchased: 35, merchant: { name: 'Tesco' } },
    });
    // Tesco does not take £35; the refusal is the exchange rule's, not the code's.
    expect(swap.json<{ error: string }>().error).toBe('This voucher cannot be exchanged for that product');
    expect((await sendAs(ctx.app, 'POST', `/orders/${id}/return`, holder)).statusCode).toBe(200);
    expect(await requestOf(id)).toMatchObject({ state: 'cancelled' });
  });
});

describe('a worker killed in the middle of an issue', () => {
  it('leaves its claim to run out, and the next attempt asks with the same id: Tillo replays the one card', async () => {
    resetStandIn();
    const holder = await createUserAndToken(ctx.app);
    const id = await buyVoucher(ctx, holder, 45);
    const now = ctx.clock.now();
    // What a worker leaves when it dies after its request reached Tillo and before it recorded
    // the card: the claim held, one attempt counted, and a card at Tillo that we never saw.
    await ctx.app.db.insert(voucherCodeRequests).values({
      voucherId: id,
      supplier: 'tillo',
      brand: 'argos',
      faceValue: 4500,
      currency: 'GBP',
      state: 'pending',
      attempts: 1,
      nextAttemptAt: now,
      claimedBy: 'a-worker-that-died',
      claimedUntil: new Date(now.getTime() + 60_000),
      requestedAt: now,
    });
    await ctx.app.db.update(orders).set({ codeRequestedAt: now }).where(eq(orders.id, id));
    const dead = createTilloSupplier({ ...standInSupplierConfig(tillo), clock: ctx.clock.now });
    const lost = await dead.issueCode({
      clientRequestId: id,
      brand: 'argos',
      faceValue: 4500,
      currency: 'GBP',
      expectsPin: false,
    });

    // Within the claim: nobody else asks, and the holder is told it is on its way.
    expect(await ctx.app.codeIssuer.runDue()).toBe(0);
    expect((await activate(holder, id)).statusCode).toBe(202);
    ctx.clock.advance(61_000);
    expect(await ctx.app.codeIssuer.runDue()).toBe(1);

    expect(issuesFor(id)).toHaveLength(2);
    expect([...tillo.cards.values()].filter((card) => card.clientRequestId === id)).toHaveLength(1);
    expect(await requestOf(id)).toMatchObject({ state: 'issued', attempts: 2 });
    expect((await till(holder, id)).json<Voucher>().code).toBe(lost.code);
  });
});

describe('secrets', () => {
  it('never reach the log: the API secret, the signatures, the codes and PINs', async () => {
    const log = lines.join('');
    expect(log).toContain('voucher codes: card issued');
    expect(log).not.toContain(STAND_IN_SECRET);
    for (const request of tillo.requests) expect(log).not.toContain(String(request.headers.signature));
    for (const card of tillo.cards.values()) {
      if (card.code) expect(log).not.toContain(card.code);
      if (card.url) expect(log).not.toContain(card.url);
    }
    expect(tillo.requests.every((request) => request.signed)).toBe(true);
  });
});
