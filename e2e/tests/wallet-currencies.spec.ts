import type { Product } from '@gvm/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from './support/accounts';
import { findProduct } from './support/catalogue';
import { buyThroughApi, PAYING_CARD } from './support/purchase';
import { signInThroughApi } from './support/sign-in';

/** Buys one voucher of `product` at `value` (as the picker labels it) for the signed-in shopper. */
async function buyFor(page: Page, product: Product, value: string): Promise<void> {
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.merchant.name })).toBeVisible();
  await page.getByRole('group', { name: 'Value per card' }).getByText(value, { exact: true }).click();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page).toHaveURL('/cart');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await page.getByRole('button', { name: 'Make Payment' }).click();
  await expect(page).toHaveURL(/\/pay\//);
  await page.getByLabel('Card number').fill(PAYING_CARD);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Eve Euro');
  await page.getByRole('button', { name: `Pay ${value}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Gift Voucher Successfully Added to Your Account' }),
  ).toBeVisible();
}

test('a EUR voucher becomes EUR credit in a wallet of its own, shown beside the GBP one (decision 044)', async ({
  page,
  request,
}, testInfo) => {
  // A GBP voucher bought through the API (buying is checkout.spec.ts's subject), then a EUR one
  // through the card page, which asks for euros.
  test.slow();
  const pounds = await findProduct(request, 'Red Letter Days');
  const euros = await findProduct(request, 'Eason');
  const { token } = await signInThroughApi(page, request, uniqueEmail('euro'), { name: 'Eve Euro' });
  await buyThroughApi(request, token, [{ product: pounds, value: 20 }], 'Eve Euro');
  await buyFor(page, euros, '€20.00');

  await page.goto('/wallet');
  await page.getByRole('tab', { name: 'My Vouchers' }).click();
  const card = page.getByRole('list', { name: 'My vouchers' }).getByRole('listitem').filter({ hasText: 'Eason' });
  await card.getByRole('link', { name: 'Exchange' }).click();
  await page.getByRole('button', { name: 'Convert This Into UGM Credit' }).click();
  await expect(page).toHaveURL('/wallet');
  await expect(page.getByText('Successfully converted to UGM Credit')).toBeVisible();

  const eurWallet = page.getByRole('region', { name: 'EUR wallet' });
  await expect(eurWallet.getByText('EUR 20.00', { exact: true })).toBeVisible();
  await expect(eurWallet.getByRole('heading', { name: 'Transaction History (EUR)' })).toBeVisible();
  await expect(eurWallet.getByRole('table').getByRole('row').nth(1)).toContainText('Wallet Funding');
  const gbpWallet = page.getByRole('region', { name: 'GBP wallet' });
  await expect(gbpWallet.getByText('GBP 0.00', { exact: true })).toBeVisible();
  await expect(gbpWallet.getByRole('table').getByRole('row').nth(1)).toContainText('+GBP 20.00');
  await page.screenshot({ path: testInfo.outputPath('two-wallets.png'), fullPage: true });
});
