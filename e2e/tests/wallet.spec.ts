import { apiUrl, cartEndpoints, type Product } from '@gvm/contract';
import { chatShopperCopy } from '@gvm/contract/support-chat-text';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from './support/accounts';
import { findProduct } from './support/catalogue';
import { buyThroughApi } from './support/purchase';
import { signInThroughApi } from './support/sign-in';

/**
 * A fresh shopper, signed in in `page`, buys `product` at £50 for themselves by card (through the
 * API: buying in the browser is checkout.spec.ts's subject).
 */
async function buyPersonalVoucher(page: Page, request: APIRequestContext, product: Product): Promise<void> {
  const { token } = await signInThroughApi(page, request, uniqueEmail('holder'), { name: 'Ada Holder' });
  await buyThroughApi(request, token, [{ product, value: 50 }], 'Ada Holder');
}

test('a bought voucher is in My Vouchers; activated, it opens at the till with its code and a QR code', async ({
  page,
  request,
  context,
}, testInfo) => {
  const product = await findProduct(request, 'Red Letter Days');
  await buyPersonalVoucher(page, request, product);

  await page.goto('/wallet');
  await expect(page.getByRole('heading', { level: 1, name: 'WALLET' })).toBeVisible();
  // The purchase is the newest movement of the wallet.
  const newest = page.getByRole('table').getByRole('row').nth(1);
  await expect(newest).toContainText('Purchase');
  await expect(newest).toContainText('+GBP 50.00');
  await expect(newest).toContainText('Completed');
  await expect(page.getByText('Showing up to last 100 transactions')).toBeVisible();

  await page.getByRole('tab', { name: 'My Vouchers' }).click();
  const card = page
    .getByRole('list', { name: 'My vouchers' })
    .getByRole('listitem')
    .filter({ hasText: 'Red Letter Days' });
  await expect(card).toContainText('GBP 50.00');
  await expect(card.getByRole('link', { name: 'Exchange' })).toHaveAttribute(
    'href',
    /^\/exchange-voucher\?id=[^&]+&amount=50&country=GB&currency=GBP$/,
  );

  await card.getByRole('button', { name: 'Activate' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('cannot be undone');
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Your Red Letter Days voucher has been activated.')).toBeVisible();
  await expect(card.getByText('Activated', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Exchange' })).toHaveCount(0);

  const [till] = await Promise.all([
    context.waitForEvent('page'),
    card.getByRole('link', { name: 'Show Voucher Details' }).click(),
  ]);
  await expect(till).toHaveURL(/\/vouchers\/[^/]+$/);
  await expect(till.getByRole('heading', { level: 1, name: 'Red Letter Days' })).toBeVisible();
  await expect(till.getByText('£50.00')).toBeVisible();
  await expect(till.getByTestId('voucher-code')).toHaveText(/^[0-9A-Z]{4}( [0-9A-Z]{4}){3}$/);
  await expect(till.getByRole('img', { name: 'QR code of the voucher code' })).toBeVisible();
  await expect(till.getByRole('button', { name: 'Copy code' })).toBeVisible();
  await till.setViewportSize({ width: 390, height: 844 });
  await till.screenshot({ path: testInfo.outputPath('till-phone.png'), fullPage: true });
  await till.close();
});

test('the wallet reads well on a desktop and on a phone', async ({ page, request }, testInfo) => {
  const product = await findProduct(request, 'Red Letter Days');
  await buyPersonalVoucher(page, request, product);
  for (const [name, width, height] of [
    ['desktop', 1366, 900],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/wallet');
    await expect(page.getByText('Showing up to last 100 transactions')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`wallet-balances-${name}.png`), fullPage: true });
    await page.getByRole('tab', { name: 'My Vouchers' }).click();
    await expect(page.getByRole('list', { name: 'My vouchers' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`wallet-vouchers-${name}.png`), fullPage: true });
    await page.getByRole('tab', { name: 'Manage Vouchers' }).click();
    await expect(page.getByText('No received vouchers available')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`wallet-manage-${name}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `no sideways scrolling on ${name}`).toBeLessThanOrEqual(0);
  }
});

test("a new shopper's first visit creates the wallet and says so once the balance is shown; the next visit does not", async ({
  page,
  request,
}) => {
  await signInThroughApi(page, request, uniqueEmail('first-wallet'), { name: 'Ada First' });
  await page.goto('/wallet');
  await expect(page.getByText('GBP 0.00')).toBeVisible();
  await expect(page.getByText('Wallet Created')).toBeVisible();
  await expect(page.getByText('A new wallet has been created.')).toBeVisible();
  // The toast stands above the support chat's launcher, in the same corner, not over it.
  const launcher = page.getByRole('button', { name: chatShopperCopy.launcher });
  await expect(launcher).toBeVisible();
  await expect
    .poll(async () => {
      const [toastBox, launcherBox] = [
        await page.locator('[data-sonner-toast]').boundingBox(),
        await launcher.boundingBox(),
      ];
      return toastBox && launcherBox ? launcherBox.y - (toastBox.y + toastBox.height) : undefined;
    })
    .toBeGreaterThanOrEqual(8);

  await page.reload();
  await expect(page.getByText('GBP 0.00')).toBeVisible();
  await expect(page.getByText('No transaction history available')).toBeVisible();
  await expect(page.getByText('Wallet Created')).toHaveCount(0);
});

test("a signed-in page's HTML asks for its first data itself, and the app asks no second time (decision 038)", async ({
  page,
  request,
}) => {
  await signInThroughApi(page, request, uniqueEmail('early'), { name: 'Ada Early' });
  // A new shopper's first visit also creates the cart (POST /carts after its GET answers 404). Had
  // the reload below come first, the reloaded page would create it, and any request other than a
  // GET drops the early answers (apps/web/src/lib/early-requests.ts) before the check below.
  const cartCreated = page.waitForResponse(
    (response) =>
      response.request().method() === cartEndpoints.create.method &&
      new URL(response.url()).pathname === apiUrl(cartEndpoints.create.path),
  );
  await page.goto('/wallet');
  await expect(page.getByText('GBP 0.00')).toBeVisible();
  expect((await cartCreated).ok()).toBe(true);

  const asked: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (sent.method() === 'GET' && pathname.startsWith('/api/v1/')) asked.push(pathname.split('/').slice(3, 4).join());
  });
  await page.reload();
  await expect(page.getByText('GBP 0.00')).toBeVisible();
  // The page's script ran (the CSP allows it) and the app took every answer it had asked for.
  await expect
    .poll(() =>
      page.evaluate(() => (window as { earlyApiRequests?: { responses: object } }).earlyApiRequests?.responses),
    )
    .toEqual({});
  // Card art, and the support chat's launcher, which asks for its conversation once drawn and again
  // after its socket connects (docs/product/support-chat.md), are not the page's first data.
  expect(asked.filter((resource) => resource !== 'logos' && resource !== 'support-chat').sort()).toEqual([
    'carts',
    'notifications',
    'users',
    'wallets',
  ]);
});
