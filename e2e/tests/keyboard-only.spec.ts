import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { extractCode, readLatestMail } from './mailbox';
import { createAccount, uniqueEmail } from './support/accounts';
import { PAYING_CARD } from './support/purchase';

/** A merchant of the seed catalogue. */
const MERCHANT = 'Red Letter Days';

/**
 * Presses Tab until `target` has the focus, as a keyboard-only shopper moves through a page;
 * resolves with the number of presses. Fails after `limit` presses.
 */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<number> {
  await expect(target).toBeVisible();
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  throw new Error(`Tab did not reach ${target} in ${limit} presses`);
}

/** The new page's main heading has the focus (a route change moves it there). */
async function expectFocusOnHeading(page: Page, name: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
}

test('a keyboard-only shopper buys a voucher from / to the payment result', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('keyboard');
  await createAccount(request, email, 'Kay Board');

  // Home: the search box, a merchant's name, Enter.
  await page.goto('/');
  // The app has drawn the page (the server's shell has the top sellers' pictures, not their list):
  // the shell's own controls before the app are shell-before-app.spec.ts's subject.
  await expect(page.getByRole('list', { name: 'Top sellers' })).toBeVisible();
  await tabTo(page, page.getByRole('searchbox', { name: 'Search by merchant name' }));
  await page.keyboard.type(MERCHANT);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/?${new URLSearchParams({ q: MERCHANT })}`);

  // The merchant's card, then its page: £50 by the arrow keys, Add To Cart.
  const card = page.getByRole('list', { name: 'Products' }).getByRole('link', { name: MERCHANT }).first();
  await tabTo(page, card);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/product\//);
  await expectFocusOnHeading(page, MERCHANT);
  const values = page.getByRole('group', { name: 'Value per card' });
  await tabTo(page, values.getByRole('radio').first());
  const fifty = values.getByRole('radio', { name: '£50.00' });
  for (let presses = 0; presses < 10 && !(await fifty.isChecked()); presses += 1)
    await page.keyboard.press('ArrowRight');
  await expect(fifty).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Add To Cart' }));
  await page.keyboard.press('Enter');

  // The cart, then the checkout: the focus starts on its heading, so 'Login to Pay' is a few Tabs on.
  await expect(page).toHaveURL('/cart');
  await tabTo(page, page.getByRole('link', { name: 'Proceed to Checkout' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/checkout');
  await expect(page.locator('main h1')).toBeFocused();
  const presses = await tabTo(page, page.getByRole('button', { name: 'Login to Pay' }));
  expect(presses, "Tabs from the checkout's heading to 'Login to Pay'").toBeLessThanOrEqual(12);
  await page.keyboard.press('Enter');

  // Sign in by a code from the mailbox, typed.
  await expect(page).toHaveURL('/login?returnTo=%2Fcheckout');
  const askedAt = new Date();
  await tabTo(page, page.getByRole('main').getByPlaceholder('Enter your email'));
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login-code\?/);
  const mail = await readLatestMail(request, email, { subject: /sign-in code/i, after: askedAt });
  await tabTo(page, page.getByPlaceholder('Enter the 6-digit code'));
  await page.keyboard.type(extractCode(mail.text));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByText('Welcome back!')).toBeVisible();

  // Pay on the simulator's card page, field by field.
  await tabTo(page, page.getByRole('button', { name: 'Make Payment' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pay\//);
  await tabTo(page, page.getByLabel('Card number'));
  await page.keyboard.type('4242 4242 4242 4242');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Expiry')).toBeFocused();
  await page.keyboard.type('12/34');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('CVC')).toBeFocused();
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Name on card')).toBeFocused();
  await page.keyboard.type('Kay Board');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/confirmation\?session_id=/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Gift Voucher Successfully Added to Your Account' }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Vouchers' })).toContainText(MERCHANT);
});

/**
 * Presses Tab, and only Tab, until `target` has the focus, as a keyboard-only shopper goes on
 * through a page from where the focus is; resolves with the number of presses. Fails as soon as
 * the focus reaches the footer first (the page's content was passed by, or started after) or
 * after `limit` presses: going round the whole page is not a way to reach it.
 */
async function tabForwardTo(page: Page, target: Locator, limit = 40): Promise<number> {
  await expect(target).toBeVisible();
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
    const inFooter = await page.evaluate(() => document.activeElement?.closest('footer') != null);
    if (inFooter) throw new Error(`Tab reached the footer before ${target}, after ${presses} presses`);
  }
  throw new Error(`Tab did not reach ${target} in ${limit} presses`);
}

/** After a change of page the focus is at the start of its content: its main heading. */
async function expectFocusAtPageStart(page: Page): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();
}

test('a keyboard-only shopper goes from / to a paid voucher with Tab, Enter and Space alone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('tab-only');
  await createAccount(request, email, 'Tabitha Keys');

  // Home: on through the header to the first top seller.
  await page.goto('/');
  const topSellers = page.getByRole('list', { name: 'Top sellers' });
  await expect(topSellers).toBeVisible();
  await tabForwardTo(page, topSellers.getByRole('link').first(), 60);
  await page.keyboard.press('Enter');

  // Its page: the first value, chosen with Space, and Add To Cart.
  await expect(page).toHaveURL(/\/product\//);
  await expectFocusAtPageStart(page);
  const merchant = (await page.getByRole('main').getByRole('heading', { level: 1 }).textContent()) ?? '';
  expect(merchant).not.toBe('');
  const value = page.getByRole('group', { name: 'Value per card' }).getByRole('radio').first();
  await tabForwardTo(page, value);
  await page.keyboard.press('Space');
  await expect(value).toBeChecked();
  await tabForwardTo(page, page.getByRole('button', { name: 'Add To Cart' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL('/cart');
  await expectFocusAtPageStart(page);
  await tabForwardTo(page, page.getByRole('link', { name: 'Proceed to Checkout' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL('/checkout');
  await expectFocusAtPageStart(page);
  await tabForwardTo(page, page.getByRole('button', { name: 'Login to Pay' }));
  await page.keyboard.press('Enter');

  // The sign-in pages: the field is the first thing a Tab reaches, as on a page loaded afresh.
  await expect(page).toHaveURL('/login?returnTo=%2Fcheckout');
  await expectFocusAtPageStart(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').getByRole('textbox', { name: 'Email' })).toBeFocused();
  const askedAt = new Date();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login-code\?/);
  await expectFocusAtPageStart(page);
  const mail = await readLatestMail(request, email, { subject: /sign-in code/i, after: askedAt });
  await page.keyboard.press('Tab');
  await expect(page.getByPlaceholder('Enter the 6-digit code')).toBeFocused();
  await page.keyboard.type(extractCode(mail.text));
  await page.keyboard.press('Enter');

  // Back at the checkout, signed in: Make Payment, then the simulator's card page.
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expectFocusAtPageStart(page);
  await tabForwardTo(page, page.getByRole('button', { name: 'Make Payment' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pay\//);
  await tabForwardTo(page, page.getByLabel('Card number'));
  await page.keyboard.type(PAYING_CARD);
  for (const [field, typed] of [
    ['Expiry', '12/34'],
    ['CVC', '123'],
    ['Name on card', 'Tabitha Keys'],
  ] as const) {
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(field)).toBeFocused();
    await page.keyboard.type(typed);
  }
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/confirmation\?session_id=/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Gift Voucher Successfully Added to Your Account' }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Vouchers' })).toContainText(merchant);
});

test('Tab moves on past a toast, which can still be reached and closed by keyboard', async ({ page, request }) => {
  const response = await request.get('/api/v1/products/search', { params: { q: MERCHANT } });
  const { products } = (await response.json()) as { products: { _id: string }[] };
  await page.goto(`/product/${products[0]?._id}`);
  await page.getByRole('group', { name: 'Value per card' }).getByText('£50.00', { exact: true }).click();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page).toHaveURL('/cart');
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Added product to cart' });
  await expect(toast).toBeVisible();
  // The pointer over the toasts holds them on screen for as long as the test needs (sonner pauses).
  await toast.hover();

  const lastLink = page.getByRole('contentinfo').getByRole('link').last();
  await lastLink.focus();
  await tabTo(page, toast, 3);
  await page.keyboard.press('Tab');
  const close = toast.getByRole('button', { name: 'Close toast' });
  await expect(close).toBeFocused();
  // On past the toast: not sent back to the link it was reached from.
  await page.keyboard.press('Tab');
  await expect(lastLink).not.toBeFocused();
  await expect(close).not.toBeFocused();

  // Reached again and closed with Enter.
  await lastLink.focus();
  await tabTo(page, close, 3);
  await page.keyboard.press('Enter');
  await expect(toast).toHaveCount(0);
});
