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
