import {
  apiUrl,
  type CheckoutSessionRequest,
  checkoutEndpoints,
  type OrderItem,
  orderEndpoints,
  type Product,
  successSchema,
  voucherEndpoints,
} from '@gvm/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { extractLink, readLatestMail } from '../mailbox';
import { uniqueEmail } from './accounts';
import { signInThroughApi } from './sign-in';

/** The simulator's card that pays at once (decision 016). */
export const PAYING_CARD = '4242 4242 4242 4242';

export interface BoughtGift {
  buyerEmail: string;
  /** The claim link from the recipient's gift e-mail, as a path ready for `page.goto`. */
  giftLink: string;
}

/**
 * A fresh buyer, signed in in `page` (signInThroughApi), buys `product` at £50 as a gift to
 * `recipient` through the API (buyThroughApi); resolves with the link the gift e-mail carries.
 */
export async function buyGift(
  page: Page,
  request: APIRequestContext,
  product: Product,
  recipient: { name: string; email: string },
): Promise<BoughtGift> {
  const buyerEmail = uniqueEmail('giver');
  const { token } = await signInThroughApi(page, request, buyerEmail, { name: 'Ada Giver' });
  const paidAt = new Date();
  await buyThroughApi(request, token, [{ product, value: 50, recipient }], 'Ada Giver');
  const mail = await readLatestMail(request, recipient.email, { after: paidAt });
  return { buyerEmail, giftLink: extractLink(mail.text, '/gift/') };
}

/** A line of a purchase: `quantity` vouchers of `product` at `value` (major units), or one gift. */
export interface PurchaseLine {
  product: Product;
  value: number;
  quantity?: number;
  recipient?: { name: string; email: string; message?: string; sendOn?: string };
}

/**
 * Buys `lines` for the shopper whose access token is `token`, through the same calls the browser
 * makes: the checkout page's checkout session, the simulator's card page posted with the paying
 * card, and the payment result's read of the session (`/orders/verify`, which fulfils a paid
 * session at once when its webhook has not yet). For tests whose subject comes after buying:
 * buying in the browser is checkout.spec.ts's subject, and costs a test half a dozen page loads.
 * Resolves with the orders, one per voucher.
 */
export async function buyThroughApi(
  request: APIRequestContext,
  token: string,
  lines: PurchaseLine[],
  nameOnCard = 'Ada Buyer',
): Promise<OrderItem[]> {
  const authorization = `Bearer ${token}`;
  const payload: CheckoutSessionRequest = {
    items: lines.map(({ product, value, quantity = 1, recipient }) => ({
      id: product._id,
      name: product.merchant.name,
      currency: product.currency,
      value,
      quantity,
      merchant: { name: product.merchant.name, distributionMethod: 'EMAIL' },
      isGift: Boolean(recipient),
    })),
    recipients: lines.flatMap(({ product, recipient }) =>
      recipient ? [{ itemId: product._id, itemName: product.merchant.name, ...recipient, isGift: true }] : [],
    ),
    paymentMethod: 'card',
  };
  const session = await request.post(apiUrl(checkoutEndpoints.createSession.path), {
    headers: { authorization },
    data: payload,
  });
  expect(session.ok(), await session.text()).toBe(true);
  const { url } = successSchema(checkoutEndpoints.createSession).parse(await session.json());

  const paid = await request.post(new URL(url).pathname, {
    form: { cardNumber: PAYING_CARD, expiry: '12/34', cvc: '123', name: nameOnCard },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);
  const sessionId = new URL(paid.headers().location ?? '', url).searchParams.get('session_id') ?? '';

  const verified = await request.get(apiUrl(orderEndpoints.verify.path, { query: { session_id: sessionId } }), {
    headers: { authorization },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  return successSchema(orderEndpoints.verify).parse(await verified.json()).orders;
}

/** Converts the voucher `orderId` into UGM Credit through the API, as its Exchange page does. */
export async function convertThroughApi(request: APIRequestContext, token: string, orderId: string): Promise<void> {
  const converted = await request.post(apiUrl(voucherEndpoints.return.path, { params: { id: orderId } }), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(converted.ok(), await converted.text()).toBe(true);
}

/** Make Payment on /checkout, then the simulator's hosted card page with `card`. */
export async function payWith(page: Page, card: string, nameOnCard = 'Ada Buyer'): Promise<void> {
  await page.getByRole('button', { name: 'Make Payment' }).click();
  await expect(page).toHaveURL(/\/pay\//);
  await enterCard(page, card, nameOnCard);
}

/** Fills the simulator's card page and pays. */
export async function enterCard(page: Page, card: string, nameOnCard = 'Ada Buyer'): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(nameOnCard);
  await page.getByRole('button', { name: /^Pay £/ }).click();
}
