import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from './support/accounts';
import { axeViolations } from './support/axe';
import { findProduct } from './support/catalogue';
import { createOperator, openConsoleAs } from './support/operator';
import { buyThroughApi } from './support/purchase';
import { signInThroughApi } from './support/sign-in';

/**
 * docs/product/operators.md#money and #approvals in the browser: finance operators, signed in with
 * a real TOTP code, refund a shopper's order and approve another's large refund.
 */

/** £25-£500: its page offers £50, £100 and £500. */
const MERCHANT = 'Space NK';

test.describe.configure({ timeout: 150_000 });

/**
 * A fresh shopper, signed in in `page`, buys one Space NK voucher of `value` pounds by card (through
 * the API: buying is checkout.spec.ts's subject); answers its order id.
 */
async function buyVoucher(
  page: Page,
  request: APIRequestContext,
  value: number,
  { activated = false } = {},
): Promise<string> {
  const product = await findProduct(request, MERCHANT);
  const { token } = await signInThroughApi(page, request, uniqueEmail('refunded'), { name: 'Rhys Refund' });
  const [order] = await buyThroughApi(request, token, [{ product, value }], 'Rhys Refund');
  if (!order) throw new Error('the purchase answered no order');
  if (activated) {
    // Its code bought from the supplier (the simulator here), so the console may reissue it.
    const answer = await request.post(`/api/v1/orders/${order._id}/activate`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }
  return order._id;
}

const voucherRow = (page: Page) => page.getByRole('table').getByRole('row').nth(1);

test('finance refunds an order to UGM Credit: the voucher is refunded and the shopper has the credit', async ({
  page,
  request,
}) => {
  const orderId = await buyVoucher(page, request, 50);
  const finance = await createOperator(request, 'finance');
  await openConsoleAs(page, finance, `/ops/orders/${orderId}`);

  await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
  // Not activated: its code is bought from the supplier only then (decision 068).
  await expect(voucherRow(page)).toContainText('No code yet');
  await expect(voucherRow(page)).toContainText('Not activated');
  await page.getByRole('checkbox', { name: /Space NK £50\.00/ }).check();
  await expect(page.getByLabel('Amount (GBP)')).toHaveValue('50.00');
  await page.getByRole('radio', { name: 'UGM Credit' }).check();
  await page.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(page.getByLabel('Reason')).toHaveAccessibleDescription(/A reason is required/);
  await page.getByLabel('Reason').fill('Bought the wrong shop');
  await page.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(page.getByRole('status')).toHaveText('Refund done.');
  await expect(voucherRow(page)).toContainText('Refunded');
  await expect(page.getByText('Nothing of this order is left to refund.')).toBeVisible();

  // The books: Reports shows the refund and downloads a CSV.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reports' }).click();
  const sales = page.getByRole('region', { name: 'Sales and refunds by day' });
  // Today's refunds in GBP include this one (other tests of the run refund on the same day too).
  const today = sales.getByRole('row').filter({ hasText: 'GBP' });
  await expect(today.getByRole('cell').last()).not.toHaveText('£0.00');
  const download = page.waitForEvent('download');
  await sales.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^sales-and-refunds-\d{4}-\d{2}-\d{2}\.csv$/);

  // The shopper's wallet: £50.00 of UGM Credit, the voucher gone.
  await page.goto('/wallet');
  await expect(page.getByRole('main')).toContainText('GBP 50.00');
});

test("finance voids a voucher from its page: each action's form opens from its button, one at a time", async ({
  page,
  request,
}) => {
  const voucherId = await buyVoucher(page, request, 50, { activated: true });
  const finance = await createOperator(request, 'finance');
  await openConsoleAs(page, finance, `/ops/customers/vouchers/${voucherId}`);

  await expect(page.getByRole('heading', { level: 1, name: `${MERCHANT} voucher, £50.00` })).toBeVisible();
  // Nothing asks for a reason until an action is chosen.
  await expect(page.getByRole('form')).toHaveCount(0);
  // What cannot be undone is behind 'More actions', never a red button among the details.
  await expect(page.getByRole('button', { name: 'Void voucher' })).toHaveCount(0);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Reissue code…' }).click();
  await expect(page.getByRole('form', { name: 'Reissue code' })).toBeVisible();
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Void voucher…' }).click();
  await expect(page.getByRole('form', { name: 'Reissue code' })).toHaveCount(0);
  const voiding = page.getByRole('form', { name: 'Void voucher' });
  await expect(voiding.getByLabel('Reason')).toBeFocused();
  await expect(voiding.getByLabel('Reason')).toHaveAccessibleDescription(
    'Voiding cannot be undone: the code stops working.',
  );
  expect(await axeViolations(page), 'axe on a voucher page with the void form open').toEqual([]);

  await voiding.getByLabel('Reason').fill('Card reported stolen');
  await voiding.getByRole('button', { name: 'Confirm void' }).click();
  await expect(page.getByRole('status')).toHaveText('Voucher voided: its code no longer works.');
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Card reported stolen');
  await expect(page.getByRole('button', { name: 'More actions' })).toHaveCount(0);
});

test('a refund above £250 waits in Approvals until a second finance operator approves it', async ({
  page,
  browser,
  request,
}) => {
  const orderId = await buyVoucher(page, request, 500);
  const asker = await createOperator(request, 'finance');
  const approver = await createOperator(request, 'finance');

  await openConsoleAs(page, asker, `/ops/orders/${orderId}`);
  await page.getByRole('checkbox', { name: /Space NK £500\.00/ }).check();
  await page.getByRole('radio', { name: 'Original card' }).check();
  await page.getByLabel('Reason').fill('Duplicate purchase');
  await page.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Refunds above £250 need a second operator: this one is waiting in Approvals.',
  );
  await expect(voucherRow(page)).toContainText('Not activated');

  // The one who asked sees it waiting, with no buttons.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Approvals' }).click();
  const waiting = page.getByRole('listitem', { name: 'Refund of £500.00 to the original card' });
  await expect(waiting).toContainText('another finance operator or admin decides it');
  await expect(waiting.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // A second finance operator approves it.
  const context = await browser.newContext();
  const second = await context.newPage();
  await openConsoleAs(second, approver, '/ops/approvals');
  const item = second.getByRole('listitem', { name: 'Refund of £500.00 to the original card' });
  await expect(item).toContainText('Duplicate purchase');
  await item.getByRole('button', { name: 'Approve' }).click();
  await expect(second.getByRole('status')).toHaveText('Refund approved and done.');
  await expect(item).toHaveCount(0);
  await second.goto(`/ops/orders/${orderId}`);
  await expect(voucherRow(second)).toContainText('Refunded');
  await context.close();
});
