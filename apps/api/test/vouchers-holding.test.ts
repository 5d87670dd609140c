import type { ActiveOrder, OrderDetail, Voucher } from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupplierSimulator } from '../src/adapters/suppliers';
import { createVoucherCipher } from '../src/adapters/vouchers';
import { orders } from '../src/db/schema';
import { type CheckoutTestContext, createCheckoutTestApp, defined } from './support/checkout';
import { sendAs } from './support/requests';
import { createUserAndToken, type TestUser } from './support/users';
import { buyVoucher, buyVouchers, orderRow } from './support/vouchers';

let ctx: CheckoutTestContext;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  owner = await createUserAndToken(ctx.app, { name: 'Ada Owner' });
  stranger = await createUserAndToken(ctx.app, { name: 'Sam Stranger' });
});
afterAll(() => ctx.close());

const activeOf = async (user: TestUser) => {
  const response = await sendAs(ctx.app, 'GET', `/orders/user/${user.user.id}/active`, user);
  expect(response.statusCode).toBe(200);
  return response.json<ActiveOrder[]>();
};

describe('GET /orders/user/:userId/active', () => {
  it('lists the owner’s usable vouchers newest first, with the till page as redemption link', async () => {
    const user = await createUserAndToken(ctx.app);
    const first = await buyVoucher(ctx, user, 25);
    ctx.clock.advance(1000);
    const second = await buyVoucher(ctx, user, 10, ctx.tesco);
    ctx.clock.advance(1000);
    const [gift] = await buyVouchers(ctx, user, [
      { product: ctx.argos, value: 15, recipients: [{ name: 'Bo', email: 'bo@example.com' }] },
    ]);
    const listed = await activeOf(user);
    expect(listed.map((order) => order._id)).toEqual([second, first]);
    expect(listed.map((order) => order._id)).not.toContain(defined(gift)._id);
    expect(listed[1]).toEqual({
      _id: first,
      merchant: { name: 'Argos', redemptionUrl: `/vouchers/${first}` },
      productCode: 'ARGOS-GB',
      currency: 'GBP',
      valuePurchased: 25,
      isActivated: false,
      imageUrl: '/api/v1/logos/ARGOS-GB.svg',
      country: ctx.argos.countries,
      createdAt: expect.any(String),
    });

    // Swapped, converted (deactivated) or not-active vouchers leave the list.
    const third = await buyVoucher(ctx, user, 30);
    const fourth = await buyVoucher(ctx, user, 40);
    const fifth = await buyVoucher(ctx, user, 50);
    await ctx.app.db.update(orders).set({ swapped: true, deactivated: true }).where(eq(orders.id, third));
    await ctx.app.db.update(orders).set({ deactivated: true }).where(eq(orders.id, fourth));
    await ctx.app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, fifth));
    expect((await activeOf(user)).map((order) => order._id)).toEqual([second, first]);
  });

  it('answers an empty list for a user with no vouchers, 403 for another user and 401 for a guest', async () => {
    const user = await createUserAndToken(ctx.app);
    expect(await activeOf(user)).toEqual([]);
    await buyVoucher(ctx, owner, 25);
    expect((await sendAs(ctx.app, 'GET', `/orders/user/${owner.user.id}/active`, stranger)).statusCode).toBe(403);
    expect((await sendAs(ctx.app, 'GET', `/orders/user/${owner.user.id}/active`, null)).statusCode).toBe(401);
  });
});

describe('GET /orders/:id', () => {
  it('answers the owner, and the sender of a gift; anyone else (or a malformed id) 404', async () => {
    const own = await buyVoucher(ctx, owner, 25);
    const detail = await sendAs(ctx.app, 'GET', `/orders/${own}`, owner);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<OrderDetail>()).toEqual({
      _id: own,
      imageUrl: '/api/v1/logos/ARGOS-GB.svg',
      merchant: { name: 'Argos', redemptionUrl: `/vouchers/${own}` },
      productCode: 'ARGOS-GB',
      currency: 'GBP',
      valuePurchased: 25,
      isActivated: false,
      isActive: true,
    });
    const [gift] = await buyVouchers(ctx, owner, [
      { product: ctx.argos, value: 15, recipients: [{ name: 'Bo Friend', email: 'bo@example.com' }] },
    ]);
    const giftDetail = await sendAs(ctx.app, 'GET', `/orders/${defined(gift)._id}`, owner);
    expect(giftDetail.statusCode).toBe(200);
    expect(giftDetail.json<OrderDetail>().giftOrder).toEqual({ recipientName: 'Bo Friend' });

    for (const id of [own, defined(gift)._id]) {
      const other = await sendAs(ctx.app, 'GET', `/orders/${id}`, stranger);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ error: 'Voucher not found' });
    }
    expect((await sendAs(ctx.app, 'GET', '/orders/not-a-uuid', owner)).statusCode).toBe(404);
    expect((await sendAs(ctx.app, 'GET', `/orders/${own}`, null)).statusCode).toBe(401);
  });
});

describe('POST /orders/:id/activate', () => {
  it('activates once: of 50 concurrent calls one answers 200, one card is bought, the others wait for it or 409', async () => {
    const id = await buyVoucher(ctx, owner, 25);
    const supplier = ctx.app.voucherSupplier as SupplierSimulator;
    const asked = supplier.requests;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => sendAs(ctx.app, 'POST', `/orders/${id}/activate`, owner)),
    );
    const ok = answers.filter((answer) => answer.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]?.json()).toMatchObject({
      message: 'Your Argos voucher has been activated.',
      order: { _id: id, isActivated: true },
    });
    // Those that came while the one request to the supplier was under way were told the code is on
    // its way (202); those after it, Already Activated (decision 068).
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      if (answer.statusCode === 202) {
        expect(answer.json()).toMatchObject({ status: 'pending', message: 'Getting your code from Argos…' });
      } else {
        expect(answer.statusCode).toBe(409);
        expect(answer.json()).toEqual({ error: 'Already Activated' });
      }
    }
    expect(supplier.requests - asked).toBe(1);
    expect((await orderRow(ctx, id))?.activatedAt).toBeInstanceOf(Date);
    const listed = (await activeOf(owner)).find((order) => order._id === id);
    expect(listed?.isActivated).toBe(true);
  });

  it("answers 404 for someone else's voucher and leaves it unactivated", async () => {
    const id = await buyVoucher(ctx, owner, 25);
    const answer = await sendAs(ctx.app, 'POST', `/orders/${id}/activate`, stranger);
    expect(answer.statusCode).toBe(404);
    expect((await orderRow(ctx, id))?.activatedAt).toBeNull();
    expect((await sendAs(ctx.app, 'POST', '/orders/nope/activate', owner)).statusCode).toBe(404);
  });

  it('refuses a converted voucher with 409', async () => {
    const id = await buyVoucher(ctx, owner, 25);
    expect((await sendAs(ctx.app, 'POST', `/orders/${id}/return`, owner)).statusCode).toBe(200);
    expect((await sendAs(ctx.app, 'POST', `/orders/${id}/activate`, owner)).statusCode).toBe(409);
  });
});

describe('GET /orders/:id/voucher (the till)', () => {
  it('answers 409 before activation, then the decrypted code in groups of four, PIN where used, and the terms', async () => {
    const argos = await buyVoucher(ctx, owner, 25);
    const tesco = await buyVoucher(ctx, owner, 10, ctx.tesco);
    const before = await sendAs(ctx.app, 'GET', `/orders/${argos}/voucher`, owner);
    expect(before.statusCode).toBe(409);
    expect(before.json()).toEqual({ error: 'Activate this voucher to see its code' });

    const cipher = createVoucherCipher(ctx.app.appConfig.voucherEncryptionKey);
    for (const [id, product] of [
      [argos, ctx.argos],
      [tesco, ctx.tesco],
    ] as const) {
      expect((await sendAs(ctx.app, 'POST', `/orders/${id}/activate`, owner)).statusCode).toBe(200);
      const answer = await sendAs(ctx.app, 'GET', `/orders/${id}/voucher`, owner);
      expect(answer.statusCode).toBe(200);
      const voucher = answer.json<Voucher>();
      const row = defined(await orderRow(ctx, id));
      expect(voucher).toEqual({
        _id: id,
        merchant: { name: product.merchantName },
        imageUrl: `/api/v1/logos/${product.code}.svg`,
        currency: 'GBP',
        valuePurchased: row.value / 100,
        code: cipher.open(defined(row.codeCiphertext, 'code')),
        pin: row.pinCiphertext ? cipher.open(row.pinCiphertext) : null,
        url: null,
        termsAndConditions: product.termsAndConditions,
        activatedAt: expect.any(String),
      });
      expect(voucher.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    }
    const tescoVoucher = (await sendAs(ctx.app, 'GET', `/orders/${tesco}/voucher`, owner)).json<Voucher>();
    expect(tescoVoucher.pin).toEqual(expect.any(String));
    const argosVoucher = (await sendAs(ctx.app, 'GET', `/orders/${argos}/voucher`, owner)).json<Voucher>();
    expect(argosVoucher.pin).toBeNull();

    // Nobody else sees the code, before or after activation, not even as a 409.
    const other = await sendAs(ctx.app, 'GET', `/orders/${argos}/voucher`, stranger);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(argosVoucher.code);
    expect((await sendAs(ctx.app, 'GET', `/orders/${argos}/voucher`, null)).statusCode).toBe(401);
  });
});
