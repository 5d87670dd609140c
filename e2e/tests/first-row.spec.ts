import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The top sellers' first pictures come in the page's HTML (decision 024, first-row.ts): with
 * scripts off the row shows them, and the app's own cards draw the same pictures in the same
 * boxes, so nothing moves when it takes over.
 */
const PHONE = { width: 390, height: 844 };

/** Each picture's file and box (rounded CSS pixels) in the top sellers' row, first four. */
async function rowPictures(page: Page): Promise<string[]> {
  const row = page.locator('section[aria-labelledby="home-top-sellers"]');
  return row.locator('img').evaluateAll((images) =>
    images.slice(0, 4).map((image) => {
      const box = image.getBoundingClientRect();
      const file = new URL((image as HTMLImageElement).src).pathname;
      return `${file} ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)}`;
    }),
  );
}

async function openHome(browser: Browser, baseURL: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: PHONE });
  const page = await context.newPage();
  return { context, page };
}

test('with scripts off the top sellers show their pictures, where the app then draws them', async ({
  browser,
  baseURL,
  request,
}) => {
  if (!baseURL) throw new Error('No baseURL');
  const response = await request.get('/api/v1/products/top-sellers?limit=8&country=GB');
  const { products } = (await response.json()) as { products: { imageUrl: string }[] };
  const expected = products.slice(0, 4).map((product) => product.imageUrl);

  const off = await openHome(browser, baseURL, false);
  await off.page.goto('/');
  const painted = await rowPictures(off.page);
  expect(painted.map((each) => each.split(' ')[0])).toEqual(expected);
  // Loaded (not broken) and on screen.
  const first = off.page.locator('section[aria-labelledby="home-top-sellers"] img').first();
  await expect(first).toHaveJSProperty('complete', true);
  expect(await first.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await off.context.close();

  const on = await openHome(browser, baseURL, true);
  await on.page.goto('/');
  await expect(
    on.page.getByRole('list', { name: 'Top sellers', exact: true }).getByRole('listitem').first(),
  ).toBeVisible();
  expect(await rowPictures(on.page)).toEqual(painted);
  await on.context.close();
});

test("the home page's code loads after its first paint, and the page then works (decision 035)", async ({ page }) => {
  await page.goto('/');
  // The app's own row, and a working control of the app: the page is the app's, not the shell's.
  await expect(
    page.getByRole('list', { name: 'Top sellers', exact: true }).getByRole('listitem').first(),
  ).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search by merchant name' });
  await search.fill('Argos');
  await search.press('Enter');
  await expect(page).toHaveURL(/[?&]q=Argos/);
  const timings = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[\w.-]+\.js$/.test(entry.name) && !entry.name.includes('after-paint'))
      .map((entry) => entry.startTime);
    return { paint, firstScript: Math.min(...scripts), scripts: scripts.length };
  });
  expect(timings.paint).toBeDefined();
  expect(timings.scripts).toBeGreaterThan(0);
  // The entry and the page's chunks were asked for once the page had painted.
  expect(timings.firstScript).toBeGreaterThanOrEqual(timings.paint ?? Number.POSITIVE_INFINITY);
});

test('what a shopper does on the page before its code has run carries over to the app (decision 035)', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  // The app's entry is held back until the shopper has typed into the shell and pressed its menu.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not waiting for `load`: the held entry, once asked for, keeps the page's load event back.
  await page.goto('/', { waitUntil: 'commit' });
  const search = page.getByRole('searchbox', { name: 'Search by merchant name' });
  await search.click();
  await search.pressSequentially('cos');
  await page.getByRole('button', { name: 'Open menu' }).click();
  // Still the server's page: no menu of the app's.
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  release();
  // The app's menu opens, and its search box holds what was typed and searches for it.
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await menu.getByRole('button', { name: 'Close' }).click();
  await expect(search).toHaveValue('cos');
  await expect(page).toHaveURL('/?q=cos');
  await expect(page.getByRole('status').filter({ hasText: 'Results for' })).toContainText('Results for "cos"');
});
