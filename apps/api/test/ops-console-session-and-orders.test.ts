import type {
  CustomerSearchResult,
  OperatorPendingSession,
  OperatorTotpSetup,
  OpsOrder,
  RefundAnswer,
} from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, refunds } from '../src/db/schema';
import { CROSS_SITE_REFUSED, csrfTokenOf } from '../src/modules/operators/session-cookie';
import { defined } from './support/checkout';
import { mailsTo } from './support/mail';
import { buyOrder, createMoneyTestApp, type MoneyTestContext, refund, signedInOperator } from './support/money';
import { authenticatorCode, createOperator, opsCall, pendingSession } from './support/operators';
import { sendAs } from './support/requests';
import { createUserAndToken } from './support/users';

/**
 * The console's money and session, as the operator meets them (docs/product/operators.md): a
 * refund of some of an order's vouchers, the order's one reference everywhere, and a session that
 * is the browser's cookie, refused to another site.
 */
let ctx: MoneyTestContext;
beforeAll(async () => {
  ctx = await createMoneyTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const REFERENCE = /^UGM-[0-9A-F]{10}$/;

describe('a refund of some vouchers of an order', () => {
  it('refunds the unused voucher of two and leaves the activated one; the activated one alone is refused (422)', async () => {
    const finance = await signedInOperator(ctx, 'finance');
    const buyer = await createUserAndToken(ctx.app);
    const { orderId, voucherIds } = await buyOrder(ctx, buyer, [{ product: ctx.argos, value: 10, quantity: 2 }]);
    const unused = defined(voucherIds[0]);
    const used = defined(voucherIds[1]);
    const activated = await sendAs(ctx.app, 'POST', `/orders/${used}/activate`, buyer);
    expect(activated.statusCode, activated.body).toBe(200);

    // The whole order is refused: one of its vouchers was activated.
    expect((await refund(ctx, finance, orderId, { amount: 2000, refundTo: 'card' })).statusCode).toBe(422);
    const usedAlone = await refund(ctx, finance, orderId, { amount: 1000, refundTo: 'card', voucherIds: [used] });
    expect(usedAlone.statusCode).toBe(422);
    expect(usedAlone.json().error).toMatch(
      /^Voucher ending \w{4} \(Argos\) cannot be refunded: it has been activated\.$/,
    );
    // More than the ticked voucher cost is refused too.
    const tooMuch = await refund(ctx, finance, orderId, { amount: 1500, refundTo: 'card', voucherIds: [unused] });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error).toBe('The refund cannot be more than the vouchers it cancels (£10.00).');

    const done = await refund(ctx, finance, orderId, { amount: 1000, refundTo: 'card', voucherIds: [unused] });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<RefundAnswer>().refund).toMatchObject({ voucherIds: [unused], amount: 1000, status: 'done' });
    const status = async (id: string) =>
      defined((await ctx.app.db.select().from(orders).where(eq(orders.id, id)))[0]).status;
    expect(await status(unused)).toBe('refunded');
    expect(await status(used)).not.toBe('refunded');
    const view = (await opsCall(ctx.app, 'GET', `/orders/${orderId}`, finance.token)).json<OpsOrder>();
    expect(view.vouchers.map((item) => [item.id, item.state])).toEqual([
      [unused, 'refunded'],
      [used, 'activated'],
    ]);
    expect(view).toMatchObject({ refunded: 1000, refundable: { card: 1000, credit: 1000 } });
    const rows = await ctx.app.db.select().from(refunds).where(eq(refunds.checkoutSessionId, orderId));
    expect(rows.map((row) => row.voucherIds)).toEqual([[unused]]);
  }, 60_000);
});

describe("a payment's one order reference", () => {
  it("is the same in the receipt, the payment result, the console's order, and the search finds it", async () => {
    const support = await signedInOperator(ctx, 'support');
    const buyer = await createUserAndToken(ctx.app);
    const { orderId, voucherIds } = await buyOrder(ctx, buyer, [{ product: ctx.argos, value: 15, quantity: 2 }]);
    const order = (await opsCall(ctx.app, 'GET', `/orders/${orderId}`, support.token)).json<OpsOrder>();
    expect(order.reference).toMatch(REFERENCE);

    // The receipt names the payment by its reference alone, not by its vouchers' ids.
    const [receipt] = (await mailsTo(ctx.app, buyer.user.email)).filter((mail) => mail.subject.includes('receipt'));
    const text = defined(receipt, 'receipt').text;
    expect(text).toContain(order.reference);
    for (const id of [orderId, ...voucherIds]) expect(text).not.toContain(id);

    // The payment result screen's answer carries it.
    const [paidVoucher] = await ctx.app.db
      .select()
      .from(orders)
      .where(eq(orders.id, defined(voucherIds[0])));
    expect(paidVoucher?.checkoutSessionId).toBe(orderId);
    const verify = await sendAs(ctx.app, 'GET', `/orders/verify?session_id=${orderId}`, buyer);
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json()).toMatchObject({ success: true, orderReference: order.reference });

    // The console's search finds it as printed, in lower case, or without its dash.
    for (const q of [order.reference, order.reference.toLowerCase(), order.reference.replace('-', '')]) {
      const found = await opsCall(ctx.app, 'GET', `/customers/search?q=${encodeURIComponent(q)}`, support.token);
      expect(found.statusCode, found.body).toBe(200);
      const result = found.json<CustomerSearchResult>();
      expect(result.orders).toEqual([
        { id: orderId, reference: order.reference, total: 3000, currency: 'GBP', paidAt: expect.any(String) },
      ]);
      expect(result.vouchers.map((item) => item.id).sort()).toEqual([...voucherIds].sort());
    }
    const none = await opsCall(ctx.app, 'GET', '/customers/search?q=UGM-0000000000', support.token);
    expect(none.json<CustomerSearchResult>().orders).toEqual([]);
  }, 60_000);
});

/** The whole sign-in as a browser does it, answering the cookies the last step sets. */
async function signInByBrowser(email: string) {
  const pending: OperatorPendingSession = await pendingSession(ctx.app, email);
  const setup = await opsCall(ctx.app, 'POST', '/auth/totp/setup', pending.token);
  const secret = setup.json<OperatorTotpSetup>().setupKey;
  const verified = await opsCall(ctx.app, 'POST', '/auth/totp/verify', pending.token, {
    code: await authenticatorCode(secret, ctx.clock.now()),
  });
  expect(verified.statusCode, verified.body).toBe(200);
  ctx.clock.advance(30_000);
  return verified.cookies;
}

const ORIGIN = () => new URL(ctx.app.appConfig.publicUrl).origin;

describe("the console's session as the browser's cookie", () => {
  it('is set HttpOnly and SameSite=Strict for /api/v1/ops, with a CSRF token for /ops; serves any tab; sign-out ends it', async () => {
    const email = `cookie-${Date.now()}@ugm.example`;
    await createOperator(ctx.app, email, 'admin');
    const cookies = await signInByBrowser(email);
    const session = defined(
      cookies.find((cookie) => cookie.name === 'ops_session'),
      'session cookie',
    );
    const csrf = defined(
      cookies.find((cookie) => cookie.name === 'ops_csrf'),
      'csrf cookie',
    );
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/ops' });
    expect(csrf).toMatchObject({ sameSite: 'Strict', path: '/ops' });
    expect(csrf.httpOnly).toBeFalsy();
    expect(csrf.value).toBe(csrfTokenOf(session.value));
    expect(csrf.value).not.toContain(session.value);

    // Any tab: a request carrying only the browser's cookie is the operator's.
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/ops/me',
      headers: { cookie: `ops_session=${session.value}` },
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ email, role: 'admin' });

    // A write needs the CSRF token, from the console's own origin.
    const write = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/ops/chat-ticket',
        headers: { cookie: `ops_session=${session.value}`, ...headers },
      });
    const refusals: Record<string, string>[] = [
      {},
      { 'x-ops-csrf': 'guessed' },
      { 'x-ops-csrf': csrf.value, origin: 'https://evil.example' },
      { 'x-ops-csrf': csrf.value, 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of refusals) {
      const refused = await write(headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json().error).toBe(CROSS_SITE_REFUSED);
    }
    const allowed = await write({ 'x-ops-csrf': csrf.value, origin: ORIGIN(), 'sec-fetch-site': 'same-origin' });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const ticket = allowed.json<{ ticket: string }>().ticket;
    // The chat socket's ticket stands for the session on the socket alone.
    expect((await opsCall(ctx.app, 'GET', '/me', ticket)).statusCode).toBe(401);

    // Signing out from one tab ends the session for all, and clears both cookies.
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/ops/auth/sign-out',
      headers: { cookie: `ops_session=${session.value}`, 'x-ops-csrf': csrf.value, origin: ORIGIN() },
    });
    expect(out.statusCode, out.body).toBe(204);
    expect(out.cookies.map((cookie) => [cookie.name, cookie.value, cookie.maxAge])).toEqual([
      ['ops_session', '', 0],
      ['ops_csrf', '', 0],
    ]);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/ops/me',
      headers: { cookie: `ops_session=${session.value}` },
    });
    expect(after.statusCode).toBe(401);
  }, 60_000);

  it('refuses a cross-site refund before it is read: nothing is refunded', async () => {
    const email = `cookie-money-${Date.now()}@ugm.example`;
    await createOperator(ctx.app, email, 'finance');
    const cookies = await signInByBrowser(email);
    const session = defined(cookies.find((cookie) => cookie.name === 'ops_session'));
    const buyer = await createUserAndToken(ctx.app);
    const { orderId } = await buyOrder(ctx, buyer, [{ product: ctx.argos, value: 10 }]);
    const forged = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/ops/orders/${orderId}/refunds`,
      headers: { cookie: `ops_session=${session.value}`, origin: 'https://evil.example' },
      payload: { requestId: crypto.randomUUID(), amount: 1000, refundTo: 'credit', reason: 'Forged' },
    });
    expect(forged.statusCode).toBe(403);
    expect(await ctx.app.db.select().from(refunds).where(eq(refunds.checkoutSessionId, orderId))).toEqual([]);
  }, 60_000);
});
