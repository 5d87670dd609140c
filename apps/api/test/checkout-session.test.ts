import {
  CARD_ONLY_MESSAGE,
  EMPTY_CART_MESSAGE,
  INVALID_CARD_VALUE_MESSAGE,
  MISSING_NAME_MESSAGE,
  QUANTITY_MESSAGE,
  RECIPIENT_REQUIRED_MESSAGE,
} from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions } from '../src/db/schema';
import { checkoutLimitMessage } from '../src/modules/checkout/routes';
import { type CheckoutTestContext, checkoutPayload, createCheckoutTestApp, defined } from './support/checkout';
import { sendAs } from './support/requests';
import { createUserAndToken, type TestUser } from './support/users';

let ctx: CheckoutTestContext;
let buyer: TestUser;

beforeAll(async () => {
  ctx = await createCheckoutTestApp();
  buyer = await createUserAndToken(ctx.app, { name: 'Ada Buyer' });
});
afterAll(() => ctx.close());

const checkout = (as: TestUser | null, payload: object) =>
  sendAs(ctx.app, 'POST', '/wallets/checkout-session', as, payload);

/** A fresh account per refusal, so the per-account limit never couples the cases. */
const freshBuyer = () => createUserAndToken(ctx.app, { name: 'Fresh Buyer' });

describe('POST /wallets/checkout-session', () => {
  it('reprices from the catalogue and ignores the totals and names the client sent', async () => {
    const payload = checkoutPayload([
      { product: ctx.argos, value: 25, quantity: 2 },
      { product: ctx.tesco, value: 10 },
    ]);
    payload.items[0] = { ...defined(payload.items[0]), name: 'Cheap', currency: 'GBP', merchant: { name: 'Tampered' } };
    payload.orderDetails = { ...payload.orderDetails, valuePurchased: 0.01, totalItems: 99 };
    const response = await checkout(buyer, payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: `https://pay.example.test/${ctx.payments.sessionId()}` });

    const request = defined(ctx.payments.requests.at(-1));
    expect(request.amount).toBe(6000);
    expect(request.currency).toBe('GBP');
    expect(request.lines).toEqual([
      { name: 'Argos gift card £25.00', unitAmount: 2500, quantity: 2 },
      { name: 'Tesco gift card £10.00', unitAmount: 1000, quantity: 1 },
    ]);
    expect(request.customerEmail).toBe(buyer.user.email);
    expect(request.successUrl).toMatch(
      /^http:\/\/localhost:3000\/confirmation\?session_id=\{CHECKOUT_SESSION_ID\}&key=[\w-]{22}$/,
    );
    expect(request.pendingUrl).toMatch(/^http:\/\/localhost:3000\/confirmation\?session_id=pending&key=[\w-]{22}$/);
    expect(request.cancelUrl).toBe('http://localhost:3000/checkout');
    expect(request.expiresAt.getTime() - ctx.clock.now().getTime()).toBe(30 * 60_000);

    const [row] = await ctx.app.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, request.checkoutSessionId));
    expect(row).toMatchObject({ status: 'open', amount: 6000, providerSessionId: ctx.payments.sessionId() });
    // Only the key's hash is stored.
    const key = new URL(request.pendingUrl).searchParams.get('key') ?? '';
    expect(row?.pollKeyHash).not.toContain(key);
  });

  it('answers 401 to a guest and opens nothing', async () => {
    const before = ctx.payments.requests.length;
    const response = await checkout(null, checkoutPayload([{ product: ctx.argos, value: 25 }]));
    expect(response.statusCode).toBe(401);
    expect(ctx.payments.requests).toHaveLength(before);
  });

  it.each([
    [
      'a payment method other than card',
      () => checkoutPayload([{ product: ctx.argos, value: 25 }], { paymentMethod: 'paypal' }),
      CARD_ONLY_MESSAGE,
    ],
    ['an empty cart', () => checkoutPayload([]), EMPTY_CART_MESSAGE],
    [
      'a value the product does not accept',
      () => checkoutPayload([{ product: ctx.tesco, value: 12 }]),
      INVALID_CARD_VALUE_MESSAGE,
    ],
    [
      'a value in fractions of a penny',
      () => checkoutPayload([{ product: ctx.argos, value: 12.345 }]),
      INVALID_CARD_VALUE_MESSAGE,
    ],
    [
      'a value above the maximum',
      () => checkoutPayload([{ product: ctx.argos, value: 501 }]),
      INVALID_CARD_VALUE_MESSAGE,
    ],
    ['quantity 0', () => checkoutPayload([{ product: ctx.argos, value: 25, quantity: 0 }]), QUANTITY_MESSAGE],
    ['quantity 6', () => checkoutPayload([{ product: ctx.argos, value: 25, quantity: 6 }]), QUANTITY_MESSAGE],
    [
      'a recipient without an e-mail',
      () => checkoutPayload([{ product: ctx.argos, value: 25, recipients: [{ name: 'Bo', email: ' ' }] }]),
      RECIPIENT_REQUIRED_MESSAGE,
    ],
    [
      'a recipient with an invalid e-mail',
      () => checkoutPayload([{ product: ctx.argos, value: 25, recipients: [{ name: 'Bo', email: 'bo@' }] }]),
      'Please enter a valid email address',
    ],
    [
      'more recipients than vouchers',
      () =>
        checkoutPayload([
          {
            product: ctx.argos,
            value: 25,
            recipients: [
              { name: 'Bo', email: 'bo@example.com' },
              { name: 'Cy', email: 'cy@example.com' },
            ],
          },
        ]),
      'You have more recipients than vouchers for Argos. Please remove a recipient or increase the quantity.',
    ],
    [
      'an unknown product',
      () => ({
        ...checkoutPayload([{ product: ctx.argos, value: 25 }]),
        items: [{ id: '00000000-0000-4000-8000-000000000000', value: 25, quantity: 1 }],
      }),
      'One of the vouchers in your cart is no longer available. Please remove it and try again.',
    ],
    [
      'two currencies at once',
      () =>
        checkoutPayload([
          { product: ctx.argos, value: 25 },
          { product: ctx.dunnes, value: 25 },
        ]),
      'Please check out vouchers of one currency at a time.',
    ],
  ])('refuses %s with 422 and its message', async (_case, payload, message) => {
    const before = ctx.payments.requests.length;
    const response = await checkout(await freshBuyer(), payload());
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe(message);
    expect(ctx.payments.requests).toHaveLength(before);
  });

  it('refuses a gift line without any recipient', async () => {
    const payload = checkoutPayload([{ product: ctx.argos, value: 25 }]);
    payload.items[0] = { ...defined(payload.items[0]), isGift: true };
    const response = await checkout(await freshBuyer(), payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe(RECIPIENT_REQUIRED_MESSAGE);
  });

  it('asks an account without a name to add one under Settings', async () => {
    const nameless = await createUserAndToken(ctx.app, { name: '' });
    const response = await checkout(nameless, checkoutPayload([{ product: ctx.argos, value: 25 }]));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: MISSING_NAME_MESSAGE });
  });

  it('answers 400 with a message to a malformed payload', async () => {
    const response = await checkout(await freshBuyer(), { items: 'all of them' });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().error).toBe('string');
  });

  it('answers 503 and leaves a failed row when the provider is down', async () => {
    const shopper = await freshBuyer();
    ctx.payments.failCreation(true);
    try {
      const response = await checkout(shopper, checkoutPayload([{ product: ctx.argos, value: 25 }]));
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toMatch(/Nothing has been charged/);
    } finally {
      ctx.payments.failCreation(false);
    }
    const rows = await ctx.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, shopper.user.id));
    expect(rows.map((row) => [row.status, row.providerSessionId])).toEqual([['failed', null]]);
  });

  it('limits each account to 10 checkout sessions per 10 minutes', async () => {
    const shopper = await freshBuyer();
    const payload = checkoutPayload([{ product: ctx.argos, value: 25 }]);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await checkout(shopper, payload)).statusCode).toBe(200);
    }
    const limited = await checkout(shopper, payload);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(checkoutLimitMessage('10 minutes'));
    // Another account is not affected.
    expect((await checkout(await freshBuyer(), payload)).statusCode).toBe(200);
  });
});
