import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from './support/accounts';
import { findProduct } from './support/catalogue';
import { buyThroughApi, convertThroughApi, enterCard, PAYING_CARD } from './support/purchase';
import { signInThroughApi } from './support/sign-in';

/**
 * docs/product/buying.md#paying-with-ugm-credit: pay with UGM Credit. Credit is got the way a user
 * gets it, converting vouchers bought by card, here through the API: buying and converting in the
 * browser are checkout.spec.ts's and redeem-exchange.spec.ts's subjects.
 */

const MERCHANT = 'Red Letter Days';
/** £5-£50: it sells a £5 voucher, which Red Letter Days (from £10) does not (decision 030). */
const FIVER_MERCHANT = 'Costa Coffee';
const ADDED_HEADING = 'Gift Voucher Successfully Added to Your Account';

test.describe.configure({ timeout: 120_000 });

async function addToCart(page: Page, productId: string, value: string) {
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: MERCHANT })).toBeVisible();
  await page.getByRole('group', { name: 'Value per card' }).getByText(value, { exact: true }).click();
  // A click the page did not take fails here, at once, rather than two minutes later on a disabled
  // 'Add To Cart'.
  await expect(page.getByRole('radio', { name: value })).toBeChecked();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page).toHaveURL('/cart');
}

test('a £10 voucher paid wholly with £25 of UGM Credit: no card page, the balance is £15.00', async ({
  page,
  request,
}) => {
  const product = await findProduct(request, MERCHANT);
  const fiver = await findProduct(request, FIVER_MERCHANT);
  const { token } = await signInThroughApi(page, request, uniqueEmail('credit'), { name: 'Cara Credit' });

  // £25 of credit: a £20 and a £5 voucher bought by card, both converted.
  const bought = await buyThroughApi(
    request,
    token,
    [
      { product, value: 20 },
      { product: fiver, value: 5 },
    ],
    'Cara Credit',
  );
  for (const voucher of bought) await convertThroughApi(request, token, voucher._id);

  await addToCart(page, product._id, '£10.00');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  const credit = page.getByRole('region', { name: /UGM Credit/ });
  await expect(credit).toContainText('Balance: £25.00');
  await credit.getByLabel('Use my UGM Credit').check();
  await expect(credit.getByLabel('Credit to use (£)')).toHaveValue('10.00');
  await expect(credit).toContainText('Your UGM Credit pays the whole total: no card is needed.');
  await page.getByRole('button', { name: 'Make Payment' }).click();

  // Straight to the result page, never the card page.
  await expect(page).toHaveURL(/\/confirmation\?session_id=[0-9a-f-]{36}&key=/);
  await expect(page.getByRole('heading', { level: 1, name: ADDED_HEADING })).toBeVisible();

  await page.goto('/wallet');
  await expect(page.getByRole('main')).toContainText('GBP 15.00');
  const newest = page.getByRole('table').getByRole('row').nth(1);
  await expect(newest).toContainText('Wallet Withdrawal');
  await expect(newest).toContainText('-GBP 10.00');
  await page.getByRole('tab', { name: 'My Vouchers' }).click();
  await expect(
    page.getByRole('list', { name: 'My vouchers' }).getByRole('listitem').filter({ hasText: 'GBP 10.00' }),
  ).toHaveCount(1);
});

test('a £50 voucher paid with £20 of UGM Credit and £30 by card', async ({ page, request }) => {
  const product = await findProduct(request, MERCHANT);
  const { token } = await signInThroughApi(page, request, uniqueEmail('part-credit'), { name: 'Pat Part' });
  const [bought] = await buyThroughApi(request, token, [{ product, value: 20 }], 'Pat Part');
  await convertThroughApi(request, token, bought?._id ?? '');

  await addToCart(page, product._id, '£50.00');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  const credit = page.getByRole('region', { name: /UGM Credit/ });
  await credit.getByLabel('Use my UGM Credit').check();
  await expect(credit.getByLabel('Credit to use (£)')).toHaveValue('20.00');
  await expect(credit.getByRole('definition').last()).toHaveText('£30.00');
  await page.getByRole('button', { name: 'Make Payment' }).click();

  // The card page asks only for the rest.
  await expect(page).toHaveURL(/\/pay\//);
  await expect(page.getByText('Gift cards £50.00 less £20.00 UGM Credit')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay £30.00' })).toBeVisible();
  await enterCard(page, PAYING_CARD, 'Pat Part');
  await expect(page.getByRole('heading', { level: 1, name: ADDED_HEADING })).toBeVisible();

  await page.goto('/wallet');
  await expect(page.getByRole('main')).toContainText('GBP 0.00');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.filter({ hasText: 'Wallet Withdrawal' })).toContainText('-GBP 20.00');
  await expect(rows.filter({ hasText: '+GBP 30.00' })).toContainText('Purchase');
});
