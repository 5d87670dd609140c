import type { Product } from '@gvm/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from './support/accounts';
import { findProduct } from './support/catalogue';
import { signIn, signInThroughApi } from './support/sign-in';

// Each test signs a new shopper in through the mailbox and walks several pages.
test.beforeEach(() => test.slow());

const WELCOME = /^Welcome to UGM Gift Marketplace!/;

async function addToCart(page: Page, product: Product, value: string, quantity: string): Promise<void> {
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.merchant.name })).toBeVisible();
  await page.getByRole('group', { name: 'Value per card' }).getByText(value, { exact: true }).click();
  await page.getByRole('group', { name: 'Quantity' }).getByText(quantity, { exact: true }).click();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByText('Added product to cart')).toBeVisible();
  await expect(page).toHaveURL('/cart');
}

/** The signed-in browser's server cart, read straight from the API with its stored token. */
async function serverCart(page: Page, request: APIRequestContext) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/v1/users/me', { headers })).json()) as { _id: string };
  const response = await request.get(`/api/v1/carts/${me._id}`, { headers });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { items: { productId: string; quantity: number; selectedValue: number }[] };
}

const localCartItems = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('cart-storage') ?? '{"state":{"items":[]}}') as { state: { items: unknown[] } })
        .state.items,
  );

const totalEstimate = (page: Page) => page.getByRole('complementary', { name: 'Order Summary' });

test("a guest's cart items are in the server cart after signing in, over a reload, and the local cart is emptied", async ({
  page,
  request,
}) => {
  const product = await findProduct(request, 'Red Letter Days');
  await addToCart(page, product, '£50.00', '2');
  await expect(page.getByRole('link', { name: 'Red Letter Days' })).toBeVisible();
  expect(await localCartItems(page)).toHaveLength(1);

  await page.goto('/login?returnTo=/cart');
  await signIn(page, request, uniqueEmail('cart-sync'));
  await expect(page).toHaveURL('/cart');
  await expect(page.getByRole('link', { name: 'Red Letter Days' })).toBeVisible();
  await expect(totalEstimate(page)).toContainText('£100.00');
  await expect.poll(() => localCartItems(page)).toEqual([]);
  expect((await serverCart(page, request)).items).toEqual([
    expect.objectContaining({ productId: product._id, quantity: 2, selectedValue: 50 }),
  ]);

  await page.reload();
  await expect(page.getByRole('link', { name: 'Red Letter Days' })).toBeVisible();
  await expect(totalEstimate(page)).toContainText('£100.00');
  expect((await serverCart(page, request)).items).toHaveLength(1);
});

test('a signed-in shopper adds to the server cart, changes the quantity and removes the line', async ({
  page,
  request,
}) => {
  const product = await findProduct(request, 'Red Letter Days');
  await signInThroughApi(page, request, uniqueEmail('server-cart'));
  await addToCart(page, product, '£20.00', '1');
  await expect(totalEstimate(page)).toContainText('£20.00');
  expect(await localCartItems(page)).toEqual([]);

  await page.getByRole('button', { name: 'Increase quantity of Red Letter Days' }).click();
  await expect(totalEstimate(page)).toContainText('£40.00');
  await page.reload();
  await expect(totalEstimate(page)).toContainText('£40.00');
  expect((await serverCart(page, request)).items).toEqual([expect.objectContaining({ quantity: 2 })]);

  await page.getByRole('button', { name: 'Remove Red Letter Days from cart' }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  expect((await serverCart(page, request)).items).toEqual([]);
});

test("the bell's unread dot clears after reading the welcome notification", async ({ page, request }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);

  await signIn(page, request, uniqueEmail('bell'));
  const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications (unread)' });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  const box = await panel.boundingBox();
  expect(box?.width).toBe(320);
  await panel.getByRole('button', { name: /^Unread: Welcome to UGM Gift Marketplace!/ }).click();

  await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: WELCOME })).toBeVisible();
  await page.mouse.click(5, 400);
  await expect(panel).toBeHidden();

  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});

test('the settings Notification tab lists the notifications and marks them all read', async ({ page, request }) => {
  await page.goto('/login?returnTo=/settings');
  await signIn(page, request, uniqueEmail('settings-notifications'));
  await expect(page).toHaveURL('/settings');
  await page.getByRole('tab', { name: 'Notification' }).click();

  const tab = page.getByRole('tabpanel', { name: 'Notification' });
  await expect(tab.getByRole('button', { name: /^Unread: Welcome to UGM Gift Marketplace!/ })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications (unread)' })).toBeVisible();

  await tab.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('All notifications marked as read')).toBeVisible();
  await expect(tab.getByRole('button', { name: WELCOME })).toBeVisible();
  await expect(tab.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});
