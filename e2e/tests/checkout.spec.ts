import type { Product } from '@gvm/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { extractLink, readLatestMail } from './mailbox';
import { createAccount, uniqueEmail } from './support/accounts';
import { findProduct } from './support/catalogue';
import { enterCard, payWith } from './support/purchase';
import { signIn, signInThroughApi } from './support/sign-in';

// Each test signs a shopper in through the mailbox and pays through the simulator, as the credit
// and redeem specs do; with two workers on two cores a page may wait for the other's test.
test.beforeEach(() => test.slow());

/** The simulator's documented test cards (decision 016). */
const cards = {
  paid: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  asyncPaid: '4000 0000 0000 3220',
  asyncFailed: '4000 0000 0000 0341',
};

const headings = {
  processing: 'Processing your payment…',
  personal: 'Gift Voucher Successfully Added to Your Account',
  gift: 'Gift Voucher Successfully Delivered to the Recipient!',
  failed: 'There was a problem adding this gift voucher to your account. Please try again.',
};

/** Adds `product` at £50 to the cart from its page, as a shopper does; lands on /cart. */
async function addToCart(page: Page, product: Product): Promise<void> {
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.merchant.name })).toBeVisible();
  await page.getByRole('group', { name: 'Value per card' }).getByText('£50.00', { exact: true }).click();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByRole('link', { name: product.merchant.name })).toBeVisible();
}

/** A signed-in buyer with `product` in the server cart, on /checkout. */
async function buyerAtCheckout(page: Page, request: APIRequestContext, product: Product): Promise<string> {
  const email = uniqueEmail('buyer');
  await signInThroughApi(page, request, email, { name: 'Ada Buyer' });
  await addToCart(page, product);
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByText('Welcome back!')).toBeVisible();
  return email;
}

test('a guest logs in to pay, pays by card and sees the voucher added to their account', async ({ page, request }) => {
  const product = await findProduct(request, 'Red Letter Days');
  const email = uniqueEmail('guest-buyer');
  await createAccount(request, email, 'Grace Guest');
  await addToCart(page, product);
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByText('Already Have An Account?')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login to Checkout' })).toBeVisible();

  await page.getByRole('button', { name: 'Login to Pay' }).click();
  await expect(page).toHaveURL('/login?returnTo=%2Fcheckout');
  await signIn(page, request, email);
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Checkout items' })).toContainText('Red Letter Days');

  await payWith(page, cards.paid);
  await expect(page).toHaveURL(/\/confirmation\?session_id=/);
  await expect(page.getByRole('heading', { level: 1, name: headings.personal })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Vouchers' })).toContainText('Red Letter Days');
  await expect(page.getByRole('list', { name: 'Vouchers' })).toContainText('£50.00');
  await page.getByRole('link', { name: 'Go To My Account' }).click();
  await expect(page).toHaveURL('/wallet');

  // The purchase emptied the cart.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
});

test('a gift reaches the recipient by e-mail, and its link shows the gift', async ({ page, request, browser }) => {
  const product = await findProduct(request, 'Red Letter Days');
  await buyerAtCheckout(page, request, product);
  const recipient = uniqueEmail('recipient');

  const item = page.getByRole('list', { name: 'Checkout items' }).getByRole('listitem').first();
  await item.getByRole('button', { name: 'Send as a gift' }).click();
  await item.getByLabel('Recipient name').fill('Rosa Recipient');
  await item.getByLabel('Recipient email').fill(recipient);
  await item.getByLabel('Message (optional)').fill('Enjoy a day out!');
  await item.getByRole('button', { name: 'Add Recipient' }).click();
  await expect(page.getByText('Recipient added successfully')).toBeVisible();

  const paidAt = new Date();
  await payWith(page, cards.paid);
  await expect(page.getByRole('heading', { level: 1, name: headings.gift })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Vouchers' })).toContainText(recipient);

  const mail = await readLatestMail(request, recipient, { after: paidAt });
  expect(mail.text).toContain('Ada Buyer');
  expect(mail.text).toContain('Enjoy a day out!');
  const giftLink = extractLink(mail.text, '/gift/');

  const guest = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const guestPage = await guest.newPage();
  await guestPage.goto(giftLink);
  await expect(guestPage.getByRole('heading', { level: 1 })).toContainText('Ada Buyer sent you a gift');
  await expect(guestPage.getByText('Red Letter Days')).toBeVisible();
  await expect(guestPage.getByText('“Enjoy a day out!”')).toBeVisible();
  await expect(guestPage.getByLabel('Your gift link')).toHaveJSProperty('readOnly', true);
  await guestPage.getByRole('button', { name: 'Log In To Continue' }).click();
  await expect(guestPage).toHaveURL(/\/login\?returnTo=%2Fgift%2F/);
  await guest.close();

  await page.getByRole('link', { name: 'View sent gifts' }).click();
  await expect(page.getByRole('list', { name: 'Sent gifts' })).toContainText('Rosa Recipient');
  await expect(page.getByRole('list', { name: 'Sent gifts' })).toContainText('Pending');
});

test('a declined card is told so on the payment page, and another card may be tried', async ({ page, request }) => {
  await buyerAtCheckout(page, request, await findProduct(request, 'Red Letter Days'));
  await payWith(page, cards.declined);
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/pay\//);

  await enterCard(page, cards.paid);
  await expect(page.getByRole('heading', { level: 1, name: headings.personal })).toBeVisible();
});

test('a payment confirmed later shows the processing view, then the success view', async ({ page, request }) => {
  test.setTimeout(60_000);
  await buyerAtCheckout(page, request, await findProduct(request, 'Red Letter Days'));
  await payWith(page, cards.asyncPaid);
  await expect(page).toHaveURL(/\/confirmation\?session_id=pending&key=/);
  await expect(page.getByRole('heading', { level: 1, name: headings.processing })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: headings.personal })).toBeVisible({ timeout: 20_000 });
});

test("a payment that fails later shows the failure view with 'Go To Checkout'", async ({ page, request }) => {
  test.setTimeout(60_000);
  await buyerAtCheckout(page, request, await findProduct(request, 'Red Letter Days'));
  await payWith(page, cards.asyncFailed);
  await expect(page.getByRole('heading', { level: 1, name: headings.processing })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: headings.failed })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Go To Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('list', { name: 'Checkout items' })).toContainText('Red Letter Days');
});

test('opened with a slow cart, the checkout draws the summary where its loading spinner was: nothing moves', async ({
  page,
  request,
}) => {
  const product = await findProduct(request, 'Red Letter Days');
  await buyerAtCheckout(page, request, product);
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The cart's answer comes later than the app's first render waits for it (1.5 s, decision 076),
  // so the page is first drawn with its spinner.
  await page.route('**/api/v1/carts/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Loading your cart' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Checkout items' })).toContainText(product.merchant.name);
  // A frame after the summary came, so that its shift, if any, has been recorded.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  expect(await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)).toEqual([]);
});
