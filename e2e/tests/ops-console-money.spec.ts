import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from './support/accounts';
import { axeViolations } from './support/axe';
import { findProduct } from './support/catalogue';
import { createOperator, openConsoleAs } from './support/operator';
import { buyThroughApi } from './support/purchase';
import { signInThroughApi } from './support/sign-in';

/**
 * docs/product/operators.md in the browser: a refund of one voucher of two from the order page,
 * the payment's one order reference found by the search, 'Back to the search' keeping it, and
 * the console's session serving a second tab of the same browser.
 */

/** £25-£500: its page offers £50, £100 and £500. */
const MERCHANT = 'Space NK';

test.describe.configure({ timeout: 150_000 });

/**
 * A fresh shopper buys two £50 Space NK vouchers in one payment and activates the second;
 * answers the shopper's e-mail and the two voucher ids.
 */
async function buyTwoActivateOne(page: Page, request: APIRequestContext) {
  const product = await findProduct(request, MERCHANT);
  const email = uniqueEmail('partly-refunded');
  const { token } = await signInThroughApi(page, request, email, { name: 'Rhys Refund' });
  const [unused, used] = await buyThroughApi(request, token, [{ product, value: 50, quantity: 2 }], 'Rhys Refund');
  if (!unused || !used) throw new Error('the purchase answered fewer than two orders');
  const answer = await request.post(`/api/v1/orders/${used._id}/activate`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return { email, unusedId: unused._id, usedId: used._id };
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('finance refunds the unused voucher of two from the order page; the activated one cannot be ticked', async ({
      page,
      request,
    }, testInfo) => {
      const { usedId } = await buyTwoActivateOne(page, request);
      const finance = await createOperator(request, 'finance');
      await openConsoleAs(page, finance, `/ops/orders/${usedId}`);

      const heading = page.getByRole('heading', { level: 1, name: /^Order UGM-[0-9A-F]{10}$/ });
      await expect(heading).toBeVisible();
      const form = page.getByRole('form', { name: 'Refund' });
      const activated = form.getByRole('checkbox', { name: /Activated/ });
      await expect(activated).toBeDisabled();
      await expect(activated).toHaveAccessibleDescription(/cannot be refunded/);
      const unused = form.getByRole('checkbox', { name: /Not activated/ });
      await expect(unused).toBeEnabled();
      await expect(form.getByText('Only the vouchers you tick are voided; the others are kept.')).toBeVisible();

      await unused.check();
      await expect(form.getByLabel('Amount (GBP)')).toHaveValue('50.00');
      await expect(
        form.getByText('The ticked voucher is voided: its code stops working. The others are kept.'),
      ).toBeVisible();
      await form.getByLabel('Reason').fill('Did not want the second card');
      expect(await axeViolations(page), 'axe on the order page with a voucher ticked').toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`order-refund-form-${viewport.width}.png`), fullPage: true });
      await form.getByRole('button', { name: 'Confirm refund' }).click();
      await expect(form.getByRole('status')).toHaveText('Refund done.');

      const rows = page.getByRole('table').getByRole('row');
      await expect(rows.filter({ hasText: 'Refunded' })).toHaveCount(1);
      await expect(rows.filter({ hasText: 'Activated' })).toHaveCount(1);
      await expect(page.getByRole('main')).toContainText('£50.00 to Original card: done');
      // What is left (the activated voucher's £50) cannot be refunded: nothing is offered.
      await expect(form.getByRole('checkbox', { disabled: false })).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'the page is no wider than the window').toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`order-refunded-${viewport.width}.png`), fullPage: true });
    });
  });
}

test("the search finds a payment by its order reference, and 'Back to the search' keeps the search", async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { email, usedId } = await buyTwoActivateOne(page, request);
  const support = await createOperator(request, 'support');
  await openConsoleAs(page, support, `/ops/orders/${usedId}`);
  const title = await page.getByRole('heading', { level: 1, name: /^Order UGM-/ }).textContent();
  const reference = (title ?? '').replace('Order ', '');

  await page.goto('/ops/customers');
  await page.getByLabel('Search customers, orders or vouchers').fill(reference.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('region', { name: 'Search results' });
  await results.getByRole('link', { name: `Order ${reference}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();

  await page.goto('/ops/customers');
  await page.getByLabel('Search customers, orders or vouchers').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('region', { name: 'Search results' }).getByRole('link', { name: email }).click();
  await expect(page).toHaveURL(/\/ops\/customers\/[0-9a-f-]{36}\?q=/);
  await page.screenshot({ path: testInfo.outputPath('customer-from-search-390.png'), fullPage: true });
  await page.getByRole('link', { name: 'Back to the search' }).click();
  await expect(page).toHaveURL(`/ops/customers?${new URLSearchParams({ q: email })}`);
  await expect(page.getByLabel('Search customers, orders or vouchers')).toHaveValue(email);
  await expect(page.getByRole('region', { name: 'Search results' }).getByRole('link', { name: email })).toBeVisible();
});

test('a second tab of the same browser is signed in; signing out in one ends the session in both', async ({
  page,
  request,
}) => {
  const finance = await createOperator(request, 'finance');
  await openConsoleAs(page, finance, '/ops/customers');
  const second = await page.context().newPage();
  await second.setViewportSize({ width: 1280, height: 800 });
  await second.goto('/ops/reports');
  await expect(second.getByRole('navigation', { name: 'Console' })).toBeVisible();
  await expect(second.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

  await second.getByRole('button', { name: 'Sign out' }).click();
  await expect(second.getByRole('heading', { name: 'Operator sign-in' })).toBeVisible();
  // The first tab hears of it at once, and the server refuses the old session.
  await expect(page).toHaveURL(/\/ops\/login\?ended=1$/);
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  const me = await request.get('/api/v1/ops/me', { headers: { authorization: `Bearer ${finance.token}` } });
  expect(me.status()).toBe(401);
});
