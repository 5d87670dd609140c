import type { CustomerPage, CustomerSearchResult, OperatorRole, OpsVoucherPage } from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVoucherCipher } from '../src/adapters/vouchers';
import { auditLog, orders } from '../src/db/schema';
import { backfillCodeLast4 } from '../src/modules/vouchers';
import { type CheckoutTestContext, createCheckoutTestApp, defined } from './support/checkout';
import { buyGift } from './support/gifts';
import { createOperator, opsCall, signInOperator } from './support/operators';
import { sendAs } from './support/requests';
import { createUserAndToken, type TestUser } from './support/users';
import { buyVoucher, orderRow } from './support/vouchers';

let ctx: CheckoutTestContext;
const tokens = {} as Record<OperatorRole, string>;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  for (const role of ['support', 'finance', 'partnerships', 'admin'] as const) {
    const email = `pages-${role}@ugm.example`;
    await createOperator(ctx.app, email, role);
    tokens[role] = (await signInOperator(ctx.app, ctx.clock, email)).token;
  }
}, 60_000);
afterAll(() => ctx.close());

const codeOf = async (voucherId: string) => {
  const row = await orderRow(ctx, voucherId);
  if (!row) throw new Error(`no voucher ${voucherId}`);
  return row.codeCiphertext === null
    ? null
    : createVoucherCipher(ctx.app.appConfig.voucherEncryptionKey).open(row.codeCiphertext);
};
/** A voucher's code, which it has once activated (decision 068). */
const activatedCodeOf = async (voucherId: string) => defined(await codeOf(voucherId), `the code of ${voucherId}`);
const lastFour = (code: string) => code.replace(/-/g, '').slice(-4);

const search = (q: string, token = tokens.support) =>
  opsCall(ctx.app, 'GET', `/customers/search?q=${encodeURIComponent(q)}`, token);

describe('who may look', () => {
  it('lets support, finance and admin search and view; partnerships, shoppers and no token are refused', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const voucherId = await buyVoucher(ctx, shopper, 20);
    const paths = ['/customers/search?q=shopper', `/customers/${shopper.user.id}`, `/vouchers/${voucherId}`];
    for (const path of paths) {
      for (const role of ['support', 'finance', 'admin'] as const) {
        expect((await opsCall(ctx.app, 'GET', path, tokens[role])).statusCode, `${role} ${path}`).toBe(200);
      }
      expect((await opsCall(ctx.app, 'GET', path, tokens.partnerships)).statusCode, path).toBe(403);
      expect((await opsCall(ctx.app, 'GET', path, null)).statusCode, path).toBe(401);
      expect((await opsCall(ctx.app, 'GET', path, shopper.token)).statusCode, path).toBe(403);
    }
  });

  it('answers 404 for an unknown customer or voucher and 400 for a malformed id or a too short search', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await opsCall(ctx.app, 'GET', `/customers/${unknown}`, tokens.support)).statusCode).toBe(404);
    expect((await opsCall(ctx.app, 'GET', `/vouchers/${unknown}`, tokens.support)).statusCode).toBe(404);
    expect((await opsCall(ctx.app, 'GET', '/customers/not-an-id', tokens.support)).statusCode).toBe(400);
    expect((await search('ab')).statusCode).toBe(400);
  });
});

describe("'Search customers, orders or vouchers'", () => {
  let shopper: TestUser;
  let voucherId: string;
  beforeAll(async () => {
    shopper = await createUserAndToken(ctx.app, { email: 'Search.Target-7@Example.com'.toLowerCase() });
    voucherId = await buyVoucher(ctx, shopper, 30);
    // Codes are bought when the holder activates (decision 068): only then can they be searched.
    expect((await sendAs(ctx.app, 'POST', `/orders/${voucherId}/activate`, shopper)).statusCode).toBe(200);
  });

  it('finds a customer by any part of the e-mail, in any case', async () => {
    for (const q of ['search.target-7', 'TARGET-7@EXAMPLE', 'rget-7@exa']) {
      const found = (await search(q)).json<CustomerSearchResult>();
      expect(
        found.customers.map((customer) => customer.id),
        q,
      ).toContain(shopper.user.id);
    }
    const none = (await search('nobody-has-this')).json<CustomerSearchResult>();
    expect(none.customers).toEqual([]);
  });

  it('treats % and _ as themselves, not as wildcards', async () => {
    const found = (await search('%%%')).json<CustomerSearchResult>();
    expect(found.customers).toEqual([]);
  });

  it('finds a voucher by its order id and by the checkout that paid for it', async () => {
    const byId = (await search(voucherId.toUpperCase())).json<CustomerSearchResult>();
    expect(byId.vouchers.map((voucher) => voucher.id)).toEqual([voucherId]);
    const row = await orderRow(ctx, voucherId);
    const bySession = (await search(String(row?.checkoutSessionId))).json<CustomerSearchResult>();
    expect(bySession.vouchers.map((voucher) => voucher.id)).toContain(voucherId);
  });

  it('finds a voucher by the last four characters of its code, without showing the code', async () => {
    const code = await activatedCodeOf(voucherId);
    const response = await search(lastFour(code).toLowerCase());
    const found = response.json<CustomerSearchResult>();
    const hit = found.vouchers.find((voucher) => voucher.id === voucherId);
    expect(hit).toMatchObject({ codeLast4: lastFour(code), state: 'activated', value: 30, currency: 'GBP' });
    expect(hit?.buyer?.email).toBe(shopper.user.email);
    expect(response.body).not.toContain(code);
    expect(response.body).not.toContain(code.replace(/-/g, ''));
  });

  it('finds vouchers issued before the last four were kept, once the start-up backfill has run', async () => {
    const code = await activatedCodeOf(voucherId);
    await ctx.app.db.update(orders).set({ codeLast4: null }).where(eq(orders.id, voucherId));
    const before = (await search(lastFour(code))).json<CustomerSearchResult>();
    expect(before.vouchers.map((voucher) => voucher.id)).not.toContain(voucherId);
    expect(await backfillCodeLast4(ctx.app.db, ctx.app.appConfig.voucherEncryptionKey)).toBeGreaterThanOrEqual(1);
    const after = (await search(lastFour(code))).json<CustomerSearchResult>();
    expect(after.vouchers.map((voucher) => voucher.id)).toContain(voucherId);
  });
});

describe("a customer's page", () => {
  it('shows profile, sessions, vouchers by state, gifts both ways, wallets and messages, and audits the view', async () => {
    const customer = await createUserAndToken(ctx.app, { name: 'Cara Page', email: 'cara.page@example.com' });
    const friend = await createUserAndToken(ctx.app, { email: 'friend.page@example.com' });
    const kept = await buyVoucher(ctx, customer, 10);
    const activated = await buyVoucher(ctx, customer, 11);
    const converted = await buyVoucher(ctx, customer, 12);
    expect((await sendAs(ctx.app, 'POST', `/orders/${activated}/activate`, customer)).statusCode).toBe(200);
    expect((await sendAs(ctx.app, 'POST', `/orders/${converted}/return`, customer)).statusCode).toBe(200);
    const sent = await buyGift(ctx, customer, { name: 'Friend', email: friend.user.email });
    const received = await buyGift(ctx, friend, { name: 'Cara', email: customer.user.email });
    const contact = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/outreach/support',
      payload: { name: 'Cara', email: 'CARA.PAGE@example.com', subject: 'support', message: 'Where is my gift?' },
    });
    expect(contact.statusCode).toBeLessThan(300);

    const response = await opsCall(ctx.app, 'GET', `/customers/${customer.user.id}`, tokens.support);
    expect(response.statusCode).toBe(200);
    const page = response.json<CustomerPage>();
    expect(page.profile).toMatchObject({ email: 'cara.page@example.com', name: 'Cara Page', disabled: false });
    expect(page.sessions.length).toBeGreaterThanOrEqual(1);
    expect(page.sessions[0]?.endedAt).toBeNull();
    const stateOf = (id: string) => page.vouchers.find((voucher) => voucher.id === id)?.state;
    expect(stateOf(kept)).toBe('active');
    expect(stateOf(activated)).toBe('activated');
    expect(stateOf(converted)).toBe('converted');
    expect(stateOf(sent.orderId)).toBe('active');
    expect(page.giftsSent).toEqual([
      expect.objectContaining({ voucherId: sent.orderId, recipientEmail: friend.user.email, delivery: 'emailed' }),
    ]);
    expect(page.giftsReceived).toEqual([
      expect.objectContaining({ voucherId: received.orderId, senderEmail: friend.user.email, delivery: 'emailed' }),
    ]);
    const gbp = page.wallets.find((wallet) => wallet.currency === 'GBP');
    expect(gbp?.balance).toBe(12);
    expect(gbp?.ledger).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'funding', amount: 12, voucherIds: [converted] })]),
    );
    expect(page.messages).toEqual([expect.objectContaining({ message: 'Where is my gift?' })]);

    // Only the activated voucher has a code (bought then, decision 068); the others show none.
    const code = await activatedCodeOf(activated);
    expect(response.body).not.toContain(code);
    expect(page.vouchers.find((voucher) => voucher.id === activated)?.codeLast4).toBe(lastFour(code));
    for (const id of [kept, converted, sent.orderId]) {
      expect(await codeOf(id)).toBeNull();
      expect(page.vouchers.find((voucher) => voucher.id === id)?.codeLast4).toBeNull();
    }
    expect(response.body).not.toContain(sent.token);

    const audit = await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, customer.user.id));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'customer.view', targetType: 'customer', role: 'support' }),
    ]);
  });
});

describe("a voucher's timeline", () => {
  it('runs from paid to claimed and activated, naming who did each', async () => {
    const sender = await createUserAndToken(ctx.app, { email: 'timeline.sender@example.com' });
    const recipient = await createUserAndToken(ctx.app, { email: 'timeline.recipient@example.com' });
    const gift = await buyGift(ctx, sender, { name: 'Rae', email: recipient.user.email });
    const claim = await sendAs(ctx.app, 'POST', '/orders/redeem-link', recipient, { link: gift.link });
    expect(claim.statusCode).toBe(200);
    ctx.clock.advance(60_000);
    expect((await sendAs(ctx.app, 'POST', `/orders/${gift.orderId}/activate`, recipient)).statusCode).toBe(200);

    const response = await opsCall(ctx.app, 'GET', `/vouchers/${gift.orderId}`, tokens.finance);
    expect(response.statusCode).toBe(200);
    const page = response.json<OpsVoucherPage>();
    expect(page.voucher).toMatchObject({ state: 'activated', isGift: true, holder: { email: recipient.user.email } });
    expect(page.gift).toMatchObject({ delivery: 'claimed', senderEmail: sender.user.email });
    expect(page.timeline.map((entry) => [entry.kind, entry.by.type, entry.by.label])).toEqual([
      ['paid', 'shopper', sender.user.email],
      ['issued', 'system', 'System'],
      ['emailed', 'system', 'System'],
      ['claimed', 'shopper', recipient.user.email],
      ['activated', 'shopper', recipient.user.email],
    ]);
    expect(response.body).not.toContain(await activatedCodeOf(gift.orderId));
    expect(response.body).not.toContain(gift.token);
    // The supplier and its reference, never the code (decision 068).
    const row = defined(await orderRow(ctx, gift.orderId));
    expect(page.supplier).toMatchObject({
      supplier: 'simulator',
      reference: row.supplierReference,
      request: { state: 'issued', attempts: 1 },
    });
    expect(page.timeline.at(-1)?.detail).toBe(`Code from Supplier simulator, reference ${row.supplierReference}`);
    const audit = await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, gift.orderId));
    expect(audit.map((row) => row.action)).toEqual(['voucher.view']);
  });

  it('shows an exchange on the old voucher and the exchange as the new one’s origin', async () => {
    const owner = await createUserAndToken(ctx.app);
    const id = await buyVoucher(ctx, owner, 25);
    const swap = await sendAs(ctx.app, 'POST', `/orders/${id}/swap`, owner, {
      newOrderDetails: {
        productCode: ctx.tesco.code,
        currency: 'GBP',
        valuePurchased: 25,
        merchant: { name: 'Tesco' },
      },
    });
    expect(swap.statusCode).toBe(200);
    const replacementId = swap.json<{ order: { _id: string } }>().order._id;
    const old = (await opsCall(ctx.app, 'GET', `/vouchers/${id}`, tokens.support)).json<OpsVoucherPage>();
    expect(old.voucher.state).toBe('exchanged');
    expect(old.timeline.map((entry) => entry.kind)).toEqual(['paid', 'issued', 'exchanged']);
    expect(old.timeline[2]?.detail).toContain(replacementId);
    const fresh = (await opsCall(ctx.app, 'GET', `/vouchers/${replacementId}`, tokens.support)).json<OpsVoucherPage>();
    expect(fresh.voucher.state).toBe('active');
    expect(fresh.timeline).toEqual([
      expect.objectContaining({ kind: 'issued', by: { type: 'shopper', label: owner.user.email } }),
    ]);
    expect(fresh.timeline[0]?.detail).toContain(id);
  });

  it('shows a conversion to UGM Credit with its amount', async () => {
    const owner = await createUserAndToken(ctx.app);
    const id = await buyVoucher(ctx, owner, 15);
    expect((await sendAs(ctx.app, 'POST', `/orders/${id}/return`, owner)).statusCode).toBe(200);
    const page = (await opsCall(ctx.app, 'GET', `/vouchers/${id}`, tokens.admin)).json<OpsVoucherPage>();
    expect(page.voucher.state).toBe('converted');
    expect(page.timeline.at(-1)).toMatchObject({
      kind: 'converted',
      by: { type: 'shopper', label: owner.user.email },
      detail: '15 GBP of UGM Credit',
    });
  });
});
