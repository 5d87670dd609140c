import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** A merchant of the seed catalogue. */
const MERCHANT = 'Red Letter Days';

/**
 * Holds back every script of the app but the home page's small loader (decision 035), so the
 * server's shell stays on screen, as on a slow phone, until `release` is called.
 */
async function holdTheApp(page: Page): Promise<{ release(): void; held(): number }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(
    (url) =>
      url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js') && !url.pathname.includes('after-paint'),
    async (route) => {
      held += 1;
      await released;
      // A request of a page already left is gone: nothing to let through.
      await route.continue().catch(() => undefined);
    },
  );
  return { release, held: () => held };
}

test('a search typed and submitted in the shell, before the app has loaded, lands on its results', async ({ page }) => {
  const app = await holdTheApp(page);
  await page.goto('/', { waitUntil: 'commit' });
  const box = page.getByRole('searchbox', { name: 'Search by merchant name' });
  await box.fill(MERCHANT);
  await box.press('Enter');

  // The browser submits the shell's form itself: the search is in the URL, not lost.
  await expect(page).toHaveURL(`/?${new URLSearchParams({ q: MERCHANT })}`);
  expect(app.held(), 'the app was still held back when Enter was pressed').toBeGreaterThan(0);

  app.release();
  // The app reads the search from the URL: the box shows it and the grid has the merchant's card.
  await expect(box).toHaveValue(MERCHANT);
  const results = page.getByRole('list', { name: 'Products' });
  await expect(results.getByRole('link', { name: MERCHANT }).first()).toBeVisible();
});

test("the shell's menu button, pressed before the app has loaded, neither reloads nor is lost", async ({ page }) => {
  const app = await holdTheApp(page);
  await page.goto('/', { waitUntil: 'commit' });
  const menu = page.getByRole('button', { name: 'Open menu' });
  await expect(menu).toBeVisible();
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await menu.click();
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => 'sameDocument' in window), 'the page was not reloaded').toBe(true);

  // The app, once it has drawn, opens the menu that was asked for (after-paint.ts carries it over).
  await expect.poll(app.held).toBeGreaterThan(0);
  app.release();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
});
