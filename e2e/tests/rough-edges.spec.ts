import { expect, test } from './fixtures';
import { findProduct } from './support/catalogue';

/** Issue 12 §3: the rough edges a first visit hits. */

test('an unknown route answers 404 with the not-found page; a known one 200', async ({ page }) => {
  const unknown = await page.goto('/no-such-page');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();

  const known = await page.goto('/verify/some-token-that-is-not-real');
  expect(known?.status()).toBe(200);
  const about = await page.goto('/about');
  expect(about?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the bundles name no source map and the server serves none', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'TOP SELLERS!' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) {
    const script = await request.get(url);
    expect(script.status(), url).toBe(200);
    expect(await script.text(), url).not.toContain('sourceMappingURL');
    const map = await request.get(`${url}.map`);
    expect(map.status(), `${url}.map`).toBe(404);
  }
});

test('on the cart page, + on a line at 5 says so and keeps 5', async ({ page, request }) => {
  const product = await findProduct(request, 'Red Letter Days');
  await page.goto(`/product/${product._id}`);
  await page.getByRole('group', { name: 'Value per card' }).getByText('£50.00', { exact: true }).click();
  await page.getByRole('group', { name: 'Quantity' }).getByText('4', { exact: true }).click();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page).toHaveURL('/cart');
  const increase = page.getByRole('button', { name: 'Increase quantity of Red Letter Days' });
  await increase.click();
  await expect(page.getByRole('group', { name: 'Quantity of Red Letter Days' })).toContainText('5');
  await expect(increase).toHaveAttribute('aria-disabled', 'true');
  // aria-disabled: it cannot raise the line, but it still answers a press (Playwright waits for
  // an aria-disabled element to become enabled unless forced).
  await increase.click({ force: true });
  await expect(page.getByText('You can buy at most 5 of one voucher')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Quantity of Red Letter Days' })).toContainText('5');
  await expect(page.getByRole('complementary', { name: 'Order Summary' })).toContainText('£250.00');
});
