import type { ActiveOrder } from '@gvm/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orders, type ProductRow, products } from '../src/db/schema';
import { fixtureProduct } from './fixtures';
import { type CheckoutTestContext, createCheckoutTestApp, defined } from './support/checkout';
import { buyOrder, refund, signedInOperator } from './support/money';
import { opsCall } from './support/operators';
import { sendAs } from './support/requests';
import { createUserAndToken, type TestUser } from './support/users';
import { buyVoucher, ledgerOf, orderRow } from './support/vouchers';

let ctx: CheckoutTestContext;
let stranger: TestUser;
let hmvUs: ProductRow;
let boots: ProductRow;
let harrods: ProductRow;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  stranger = await createUserAndToken(ctx.app);
  const rows = await ctx.app.db
    .insert(products)
    .values([
      fixtureProduct({ code: 'HMV-US', merchantName: 'HMV', countries: ['US'], minPrice: 500, maxPrice: 50000 }),
      fixtureProduct({
        code: 'BOOTS-GB',
        merchantName: 'Boots',
        category: 'supermarkets',
        minPrice: 500,
        maxPrice: 50000,
        denominations: [],
      }),
      fixtureProduct({
        code: 'HARRODS-GB',
        merchantName: 'Harrods',
        minPrice: 2500,
        maxPrice: 50000,
        denominations: [],
      }),
    ])
    .returning();
  [hmvUs, boots, harrods] = rows as [ProductRow, ProductRow, ProductRow];
});
afterAll(() => ctx.close());
// Each test buys as its own shopper: checkout allows 10 sessions per account per 10 minutes.

const swapTo = (product: ProductRow, value: number, currency = product.currency) => ({
  newOrderDetails: {
    productCode: product.code,
    currency,
    valuePurchased: value,
    merchant: { name: product.merchantName },
  },
});
const swap = (user: TestUser | null, id: string, payload: object) =>
  sendAs(ctx.app, 'POST', `/orders/${id}/swap`, user, payload);

describe('POST /orders/:id/swap', () => {
  it('deactivates and marks the old voucher swapped and issues a new one (its code bought when activated) to the same owner', async () => {
    const owner = await createUserAndToken(ctx.app);
    const id = await buyVoucher(ctx, owner, 25);
    const answer = await swap(owner, id, swapTo(boots, 25));
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{ message: string; order: ActiveOrder }>();
    expect(body.message).toBe('Successfully exchanged your voucher');
    expect(body.order).toMatchObject({
      merchant: { name: 'Boots', redemptionUrl: `/vouchers/${body.order._id}` },
      productCode: 'BOOTS-GB',
      currency: 'GBP',
      valuePurchased: 25,
      isActivated: false,
    });
    const old = defined(await orderRow(ctx, id));
    const replacement = defined(await orderRow(ctx, body.order._id));
    expect(old).toMatchObject({ swapped: true, deactivated: true });
    expect(replacement).toMatchObject({
      ownerId: owner.user.id,
      replacesOrderId: id,
      checkoutSessionId: null,
      value: 2500,
      productCode: 'BOOTS-GB',
    });
    // Neither has a code: the replacement's is bought from the supplier when it is activated (decision 068).
    expect(old.codeCiphertext).toBeNull();
    expect(replacement).toMatchObject({ codeCiphertext: null, pinCiphertext: null });

    const listed = await sendAs(ctx.app, 'GET', `/orders/user/${owner.user.id}/active`, owner);
    const ids = listed.json<ActiveOrder[]>().map((order) => order._id);
    expect(ids).toContain(body.order._id);
    expect(ids).not.toContain(id);
    const [notified] = await ctx.app.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, owner.user.id));
    expect(notified?.n).toBeGreaterThanOrEqual(2);

    // Swapped: refused with 409 (swap again, return, activate).
    expect((await swap(owner, id, swapTo(ctx.tesco, 25))).statusCode).toBe(409);
    expect((await sendAs(ctx.app, 'POST', `/orders/${id}/return`, owner)).statusCode).toBe(409);
    expect((await sendAs(ctx.app, 'POST', `/orders/${id}/activate`, owner)).statusCode).toBe(409);
  });

  it('accepts a product whose denominations hold the value though its range does not', async () => {
    const owner = await createUserAndToken(ctx.app);
    const id = await buyVoucher(ctx, owner, 25);
    expect((await swap(owner, id, swapTo(ctx.tesco, 25))).statusCode).toBe(200);
  });

  it.each([
    ['the same product', () => swapTo(ctx.argos, 25), 422],
    ['a product in another country', () => swapTo(hmvUs, 25), 422],
    ['a product in another currency', () => swapTo(ctx.dunnes, 25), 422],
    ['another currency named in the request', () => swapTo(boots, 25, 'EUR'), 422],
    ['another value', () => swapTo(boots, 20), 422],
    ['a product that does not take the amount', () => swapTo(ctx.tesco, 30), 422],
    ['a product whose minimum is above the amount', () => swapTo(harrods, 5), 422],
    ['an unknown product', () => swapTo({ ...boots, code: 'NOPE-GB' }, 25), 404],
    ['a malformed payload', () => ({ newOrderDetails: { productCode: 'BOOTS-GB' } }), 400],
  ])('refuses %s', async (name, payload, status) => {
    const value = !name.includes('amount') ? 25 : name.includes('minimum') ? 5 : 30;
    const owner = await createUserAndToken(ctx.app);
    const id = await buyVoucher(ctx, owner, value);
    const answer = await swap(owner, id, payload());
    expect(answer.statusCode).toBe(status);
    expect(answer.json().error).toEqual(expect.any(String));
    expect(await orderRow(ctx, id)).toMatchObject({ swapped: false, deactivated: false });
  });

  it('refuses an activated voucher (409) and answers 404 for someone else’s', async () => {
    const owner = await createUserAndToken(ctx.app);
    const id = await buyVoucher(ctx, owner, 25);
    expect((await swap(stranger, id, swapTo(boots, 25))).statusCode).toBe(404);
    expect((await swap(null, id, swapTo(boots, 25))).statusCode).toBe(401);
    expect((await sendAs(ctx.app, 'POST', `/orders/${id}/activate`, owner)).statusCode).toBe(200);
    const answer = await swap(owner, id, swapTo(boots, 25));
    expect(answer.statusCode).toBe(409);
    expect(await orderRow(ctx, id)).toMatchObject({ swapped: false, deactivated: false });
  });

  it('refuses a converted voucher (409)', async () => {
    const owner = await createUserAndToken(ctx.app);
    const id = await buyVoucher(ctx, owner, 25);
    expect((await sendAs(ctx.app, 'POST', `/orders/${id}/return`, owner)).statusCode).toBe(200);
    expect((await swap(owner, id, swapTo(boots, 25))).statusCode).toBe(409);
  });

  it('refuses to exchange or convert a voided or refunded voucher (409), saying which, not "converted"', async () => {
    const owner = await createUserAndToken(ctx.app);
    const finance = await signedInOperator(ctx, 'finance');
    const { orderId, voucherIds } = await buyOrder(ctx, owner, [{ product: ctx.argos, value: 25, quantity: 3 }]);
    const voided = defined(voucherIds[0]);
    const activatedThenVoided = defined(voucherIds[1]);
    const refunded = defined(voucherIds[2]);
    expect((await sendAs(ctx.app, 'POST', `/orders/${activatedThenVoided}/activate`, owner)).statusCode).toBe(200);
    for (const id of [voided, activatedThenVoided]) {
      const answer = await opsCall(ctx.app, 'POST', `/vouchers/${id}/void`, finance.token, { reason: 'Fraud' });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const refundAnswer = await refund(ctx, finance, orderId, {
      amount: 2500,
      refundTo: 'credit',
      voucherIds: [refunded],
    });
    expect(refundAnswer.statusCode, refundAnswer.body).toBe(200);

    const expected = [
      [voided, 'This voucher has been voided'],
      [activatedThenVoided, 'This voucher has been voided'],
      [refunded, 'This voucher has been refunded'],
    ] as const;
    for (const [id, error] of expected) {
      const exchanged = await swap(owner, id, swapTo(boots, 25));
      expect(exchanged.statusCode).toBe(409);
      expect(exchanged.json()).toEqual({ error });
      const converted = await sendAs(ctx.app, 'POST', `/orders/${id}/return`, owner);
      expect(converted.statusCode).toBe(409);
      expect(converted.json()).toEqual({ error });
    }
    expect(await ledgerOf(ctx, owner).then((ledger) => ledger?.rows.filter((row) => row.type === 'funding'))).toEqual(
      [],
    );
  });

  it('exchanges once under 50 concurrent swaps: one 200, 49 409s, exactly one new voucher', async () => {
    const user = await createUserAndToken(ctx.app);
    const id = await buyVoucher(ctx, user, 25);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => swap(user, id, swapTo(index % 2 ? boots : ctx.tesco, 25))),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(49);
    const owned = await ctx.app.db.select().from(orders).where(eq(orders.ownerId, user.user.id));
    expect(owned).toHaveLength(2);
    expect(owned.filter((order) => order.replacesOrderId === id)).toHaveLength(1);
  });
});
