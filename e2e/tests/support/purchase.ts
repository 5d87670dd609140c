import type { Product } from '@gvm/contract';
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
 * A fresh buyer signs in, puts `product` at £50 in the cart and pays for it through the real
 * checkout and the simulator as a gift to `recipientEmail`; resolves with the link the gift
 * e-mail carries.
 */
export async function buyGift(
  page: Page,
  request: APIRequestContext,
  product: Product,
  recipient: { name: string; email: string },
): Promise<BoughtGift> {
  const buyerEmail = uniqueEmail('giver');
  await signInThroughApi(page, request, buyerEmail, { name: 'Ada Giver' });

  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.merchant.name })).toBeVisible();
  await page.getByRole('group', { name: 'Value per card' }).getByText('£50.00', { exact: true }).click();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page).toHaveURL('/cart');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL('/checkout');

  const item = page.getByRole('list', { name: 'Checkout items' }).getByRole('listitem').first();
  await item.getByRole('button', { name: 'Send as a gift' }).click();
  await item.getByLabel('Recipient name').fill(recipient.name);
  await item.getByLabel('Recipient email').fill(recipient.email);
  await item.getByRole('button', { name: 'Add Recipient' }).click();
  await expect(page.getByText('Recipient added successfully')).toBeVisible();

  const paidAt = new Date();
  await payWith(page, PAYING_CARD, 'Ada Giver');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Gift Voucher Successfully Delivered to the Recipient!' }),
  ).toBeVisible();

  const mail = await readLatestMail(request, recipient.email, { after: paidAt });
  return { buyerEmail, giftLink: extractLink(mail.text, '/gift/') };
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
