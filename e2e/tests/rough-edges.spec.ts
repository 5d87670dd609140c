import { expect, test } from './fixtures';
import { findProduct, showAllGiftCards } from './support/catalogue';

/** The rough edges a first visit hits (decisions 029 and 033). */

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

test('back from a product returns to the grid where the shopper was, with its pages; forward opens at the top', async ({
  page,
}) => {
  await page.goto('/');
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
  // The A-Z grid is below the rows (decision 032).
  await showAllGiftCards(page);
  await expect(cards).toHaveCount(16);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(cards).toHaveCount(32);
  // The count is in the URL, the entry replaced: back still leaves the shop's home.
  await expect(page).toHaveURL('/?pages=2');

  const card = cards.nth(25);
  await card.scrollIntoViewIfNeeded();
  const place = await page.evaluate(() => window.scrollY);
  expect(place).toBeGreaterThan(800);
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL('/?pages=2');
  await expect(cards).toHaveCount(32);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(Math.round(place));
  await expect(card).toBeInViewport();

  // Forward again: the product page where it was (the top); a new link to the home opens at the top.
  await page.goForward();
  await expect(page).toHaveURL(/\/product\//);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.getByRole('banner').getByRole('link', { name: /home/ }).first().click();
  await expect(page).toHaveURL('/');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await showAllGiftCards(page);
  await expect(cards).toHaveCount(16);
});

test('a reload of the grid with a page count draws those pages again (the server embeds the first)', async ({
  page,
}) => {
  await page.goto('/?pages=3');
  await showAllGiftCards(page);
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem')).toHaveCount(48);
  await expect(page.getByText(/^Showing 48 of \d+$/)).toBeVisible();
});

test('offline: a banner says so, and goes when the connection is back', async ({ page, context }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const offline = page.getByText('You are offline. The shop will load again when your connection is back.');
  await expect(offline).toHaveCount(0);
  await context.setOffline(true);
  await expect(offline).toBeVisible();
  await context.setOffline(false);
  await expect(offline).toHaveCount(0);
});
