import {
  INVALID_CARD_VALUE_MESSAGE,
  type OpsVoucherPage,
  type ProductSearchResponse,
  type RetryCodeAnswer,
  type SupplierReport,
  type WaitingCodes,
} from '@gvm/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products, voucherCodeRequests } from '../src/db/schema';
import { syncCatalogWithSupplier } from '../src/modules/catalog';
import { productNotSoldMessage } from '../src/modules/checkout/pricing';
import { type CheckoutTestContext, checkoutPayload, createCheckoutTestApp, defined } from './support/checkout';
import { signedInOperator, type TestOperator } from './support/money';
import { opsCall } from './support/operators';
import { sendAs } from './support/requests';
import { standInSupplierConfig, startTilloStandIn, type TilloStandIn } from './support/tillo-stand-in';
import { createUserAndToken, type TestUser } from './support/users';
import { buyVoucher } from './support/vouchers';

/**
 * The console's side of codes bought from Tillo (decision 068): the codes waiting for the
 * supplier with 'Retry now' (audited, once however often pressed), the supplier's float and the
 * activations it paid for in Reports, and the catalogue kept to the brands and values Tillo sells.
 */
let ctx: CheckoutTestContext;
let tillo: TilloStandIn;
let finance: TestOperator;
let support: TestOperator;
let holder: TestUser;

beforeAll(async () => {
  tillo = await startTilloStandIn();
  ctx = await createCheckoutTestApp({
    config: { voucherSupplier: standInSupplierConfig(tillo) },
    codeIssuer: { pollMs: 3_600_000, syncWaitMs: 4000 },
  });
  finance = await signedInOperator(ctx, 'finance');
  support = await signedInOperator(ctx, 'support');
  holder = await createUserAndToken(ctx.app, { email: 'codes.holder@example.com' });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await tillo?.close();
});

const activate = (id: string) => sendAs(ctx.app, 'POST', `/orders/${id}/activate`, holder);
const waiting = async (token = finance.token) => {
  const answer = await opsCall(ctx.app, 'GET', '/voucher-codes', token);
  return { status: answer.statusCode, codes: answer.statusCode === 200 ? answer.json<WaitingCodes>().codes : [] };
};
const retry = (id: string, token = finance.token, reason = 'Brand fixed with Tillo') =>
  opsCall(ctx.app, 'POST', `/voucher-codes/${id}/retry`, token, { reason });

describe("'Codes waiting for the supplier'", () => {
  it('lists, for finance and admin, the codes on their way and those refused, never a code', async () => {
    tillo.refusedBrands.add('argos');
    const refused = await buyVoucher(ctx, holder, 20);
    expect((await activate(refused)).statusCode).toBe(422);
    tillo.refusedBrands.clear();
    tillo.failNext({ httpStatus: 503, code: '604', message: 'Health Check' });
    const late = await buyVoucher(ctx, holder, 30);
    expect((await activate(late)).statusCode).toBe(202);

    const listed = await waiting();
    expect(listed.status).toBe(200);
    expect(listed.codes.find((code) => code.voucherId === refused)).toMatchObject({
      merchantName: 'Argos',
      value: 2000,
      holder: { email: holder.user.email },
      supplier: 'tillo',
      brand: 'argos',
      state: 'failed',
      attempts: 1,
      nextAttemptAt: null,
      lastError: '072: Brand [argos] is not available for this partner',
    });
    expect(listed.codes.find((code) => code.voucherId === late)).toMatchObject({
      state: 'pending',
      lastError: '604: Health Check',
      nextAttemptAt: expect.any(String),
    });
    expect((await waiting(support.token)).status).toBe(403);
    expect((await opsCall(ctx.app, 'GET', '/voucher-codes', holder.token)).statusCode).toBe(403);
  });

  it("'Retry now' asks Tillo at once, is audited, and the holder's code is issued", async () => {
    tillo.refusedBrands.add('argos');
    const id = await buyVoucher(ctx, holder, 40);
    expect((await activate(id)).statusCode).toBe(422);
    tillo.refusedBrands.clear();

    expect((await retry(id, support.token)).statusCode).toBe(403);
    const answer = await retry(id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<RetryCodeAnswer>()).toEqual({
      outcome: 'issued',
      message: 'The supplier issued the code: the holder can see it now.',
    });
    expect(tillo.cards.has(id)).toBe(true);
    expect((await sendAs(ctx.app, 'GET', `/orders/${id}/voucher`, holder)).statusCode).toBe(200);
    expect((await waiting()).codes.map((code) => code.voucherId)).not.toContain(id);
    const audit = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'voucher.code-retry')));
    expect(audit).toEqual([
      expect.objectContaining({
        operatorId: finance.id,
        role: 'finance',
        targetType: 'voucher',
        reason: 'Brand fixed with Tillo',
        before: { state: 'failed', attempts: 1, lastErrorCode: '072' },
        after: { state: 'pending' },
      }),
    ]);
    // Done: a retry now has nothing to do.
    expect((await retry(id)).statusCode).toBe(409);

    // The voucher's page: the supplier and its reference, never the code.
    const page = (await opsCall(ctx.app, 'GET', `/vouchers/${id}`, finance.token)).json<OpsVoucherPage>();
    const card = defined(tillo.cards.get(id));
    expect(page.supplier).toMatchObject({ supplier: 'tillo', reference: card.reference, request: { state: 'issued' } });
    expect(JSON.stringify(page)).not.toContain(String(card.code));
  });

  it('pressed fifty times at once, retries once: one request to Tillo, one audit row', async () => {
    tillo.refusedBrands.add('argos');
    const id = await buyVoucher(ctx, holder, 45);
    expect((await activate(id)).statusCode).toBe(422);
    tillo.refusedBrands.clear();
    tillo.delayMs = 200;
    const before = tillo.requests.filter((request) => request.body?.client_request_id === id).length;
    const answers = await Promise.all(Array.from({ length: 50 }, () => retry(id)));
    expect(answers.map((answer) => answer.statusCode).filter((status) => status !== 409)).toEqual([200]);
    // The one attempt may still be under way when the answers are in (a busy machine): wait for it.
    const stateOf = async () =>
      (await ctx.app.db.select().from(voucherCodeRequests).where(eq(voucherCodeRequests.voucherId, id)))[0]?.state;
    await expect.poll(stateOf, { timeout: 15_000 }).toBe('issued');
    tillo.delayMs = 0;
    expect(tillo.requests.filter((request) => request.body?.client_request_id === id).length - before).toBe(1);
    const audit = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'voucher.code-retry')));
    expect(audit).toHaveLength(1);
  }, 60_000);
});

describe("Reports: the supplier's float and what activations cost it", () => {
  it('shows the float as Tillo answers it and the vouchers activated per day with their face value', async () => {
    const report = await opsCall(ctx.app, 'GET', '/reports/supplier', finance.token);
    expect(report.statusCode).toBe(200);
    const body = report.json<SupplierReport>();
    expect(body.supplier).toBe('tillo');
    expect(body.floatError).toBeNull();
    expect(body.floats).toEqual([
      { name: 'universal-float', currency: 'GBP', available: Math.round(tillo.float * 100) },
    ]);
    const cards = [...tillo.cards.values()].filter((card) => card.currency === 'GBP');
    const today = ctx.clock.now().toISOString().slice(0, 10);
    expect(body.activations).toEqual([
      {
        day: today,
        currency: 'GBP',
        count: cards.length,
        faceValue: cards.reduce((sum, card) => sum + Math.round(card.amount * 100), 0),
      },
    ]);

    const csv = await opsCall(ctx.app, 'GET', `/reports/supplier.csv?from=${today}&to=${today}`, finance.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]?.trim()).toBe('day,currency,activated,face_value');
    expect((await opsCall(ctx.app, 'GET', '/reports/supplier', support.token)).statusCode).toBe(403);

    // Tillo out of reach: the report still stands, saying why there is no float.
    tillo.setUnreachable(true);
    const blind = (await opsCall(ctx.app, 'GET', '/reports/supplier', finance.token)).json<SupplierReport>();
    tillo.setUnreachable(false);
    expect(blind.floats).toEqual([]);
    expect(blind.floatError).toBe('Tillo could not be asked for its float: Tillo could not be reached');
    expect(blind.activations).toEqual(body.activations);
  });
});

describe('the catalogue kept to what Tillo sells', () => {
  it('takes brands and denominations Tillo stopped offering off sale: hidden from browse, refused at checkout', async () => {
    tillo.brands = [
      {
        name: 'Argos',
        slug: 'argos',
        currency: 'GBP',
        status: 'ENABLED',
        digital_denominations: [],
        digital_face_value_limits: { lower: 10, upper: 250 },
      },
      // Tesco now sells only £10 cards: its £25 is gone.
      {
        name: 'Tesco',
        slug: 'tesco',
        currency: 'GBP',
        status: 'ENABLED',
        digital_denominations: [10],
        digital_face_value_limits: null,
      },
      // Dunnes is listed but disabled.
      {
        name: 'Dunnes',
        slug: 'dunnes',
        currency: 'EUR',
        status: 'DISABLED',
        digital_denominations: [],
        digital_face_value_limits: { lower: 5, upper: 100 },
      },
    ];
    const buyer = await createUserAndToken(ctx.app, { name: 'Cat Sync' });
    // The worker's daily task, with Tillo as the supplier.
    expect(await ctx.app.periodicTasks?.runDue()).toContain('catalog-supplier-sync');

    const rows = await ctx.app.db.select().from(products);
    const byCode = new Map(rows.map((row) => [row.code, row]));
    expect(byCode.get('ARGOS-GB')).toMatchObject({ available: true, minPrice: 1000, maxPrice: 25000 });
    expect(byCode.get('TESCO-GB')).toMatchObject({ available: true, denominations: [1000], minPrice: 1000 });
    expect(byCode.get('DUNNES-IE')).toMatchObject({ available: false });

    const browse = await ctx.app.inject({ method: 'GET', url: '/api/v1/products?limit=50' });
    const listed = browse.json<ProductSearchResponse>().products.map((product) => product.productCode);
    expect(listed).toContain('ARGOS-GB');
    expect(listed).not.toContain('DUNNES-IE');

    const dunnes = defined(byCode.get('DUNNES-IE'));
    const notSold = await sendAs(
      ctx.app,
      'POST',
      '/wallets/checkout-session',
      buyer,
      checkoutPayload([{ product: dunnes, value: 20 }]),
    );
    expect(notSold.statusCode).toBe(422);
    expect(notSold.json()).toMatchObject({
      error: productNotSoldMessage('Dunnes'),
      errors: [{ path: 'items.0.id', message: productNotSoldMessage('Dunnes') }],
    });
    const gone = await sendAs(
      ctx.app,
      'POST',
      '/wallets/checkout-session',
      buyer,
      checkoutPayload([{ product: defined(byCode.get('TESCO-GB')), value: 25 }]),
    );
    expect(gone.statusCode).toBe(422);
    expect(gone.json<{ error: string }>().error).toBe(INVALID_CARD_VALUE_MESSAGE);

    // An empty brand list is taken for a fault at Tillo: nothing changes.
    tillo.brands = [];
    expect(await syncCatalogWithSupplier(ctx.app.db, ctx.app.voucherSupplier)).toMatchObject({ brands: 0, changed: 0 });
    expect((await ctx.app.db.select().from(products).where(eq(products.code, 'ARGOS-GB')))[0]?.available).toBe(true);
  });

  it("sells a fixed-value brand at Tillo's denominations only, never a value between two of them", async () => {
    tillo.brands = [
      {
        name: 'Tesco',
        slug: 'tesco',
        currency: 'GBP',
        status: 'ENABLED',
        digital_denominations: [25, 50],
        digital_face_value_limits: null,
      },
    ];
    await syncCatalogWithSupplier(ctx.app.db, ctx.app.voucherSupplier);
    const [tesco] = await ctx.app.db.select().from(products).where(eq(products.code, 'TESCO-GB'));
    expect(tesco).toMatchObject({ denominations: [2500, 5000], minPrice: 2500, maxPrice: 5000, fixedValues: true });

    // The product's answer says so, so its page offers £25 and £50 only.
    const answer = await ctx.app.inject({ method: 'GET', url: `/api/v1/products/${defined(tesco).id}` });
    expect(answer.json()).toMatchObject({ denominations: [25, 50], fixedValues: true });

    const buyer = await createUserAndToken(ctx.app, { name: 'Fay Fixed' });
    const between = await sendAs(
      ctx.app,
      'POST',
      '/wallets/checkout-session',
      buyer,
      checkoutPayload([{ product: defined(tesco), value: 30 }]),
    );
    expect(between.statusCode).toBe(422);
    expect(between.json<{ error: string }>().error).toBe(INVALID_CARD_VALUE_MESSAGE);
    const offered = await sendAs(
      ctx.app,
      'POST',
      '/wallets/checkout-session',
      buyer,
      checkoutPayload([{ product: defined(tesco), value: 50 }]),
    );
    expect(offered.statusCode, offered.body).toBe(200);
  });
});
