import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from './support/accounts';
import { findProduct } from './support/catalogue';
import { type OwnMarketplace, startOwnMarketplace } from './support/marketplace-server';
import { buyThroughApi } from './support/purchase';
import { signInThroughApi } from './support/sign-in';

/**
 * A code bought from the supplier when the holder activates (decision 068), when the supplier is
 * slow: activation answers that the code is on its way, and the till page says 'Getting your code
 * from {merchant}…' until the code comes, then shows it by itself, with no reload. The run's shared
 * server answers at once, so this spec starts a marketplace of its own whose supplier simulator
 * takes longer than activation waits (SUPPLIER_SIMULATOR_DELAY_MS).
 */

// Its own server's first start (migrations, the catalogue) is long on a busy machine.
test.describe.configure({ timeout: 180_000 });

let server: OwnMarketplace;
let request: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  // Activation waits 4 s for the supplier; this one takes 12, time to open the till page meanwhile.
  server = await startOwnMarketplace({ SUPPLIER_SIMULATOR_DELAY_MS: '12000' });
  request = await playwright.request.newContext({ baseURL: server.baseURL });
});

test.afterAll(async () => {
  await request?.dispose();
  await server?.dispose();
});

test("the till page goes from 'Getting your code…' to the code by itself, without a reload", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  const product = await findProduct(request, 'Red Letter Days');
  const { token } = await signInThroughApi(page, request, uniqueEmail('slow-code'), { name: 'Sid Slow' });
  await buyThroughApi(request, token, [{ product, value: 50 }], 'Sid Slow');

  await page.goto('/wallet');
  await page.getByRole('tab', { name: 'My Vouchers' }).click();
  const card = page
    .getByRole('list', { name: 'My vouchers' })
    .getByRole('listitem')
    .filter({ hasText: 'Red Letter Days' });
  await card.getByRole('button', { name: 'Activate' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Getting your code from Red Letter Days…')).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText('Getting your code…')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Activate' })).toHaveCount(0);

  const [till] = await Promise.all([
    context.waitForEvent('page'),
    card.getByRole('link', { name: 'Show Voucher Details' }).click(),
  ]);
  await expect(till.getByText('Getting your code from Red Letter Days…')).toBeVisible();
  await expect(till.getByRole('status').filter({ hasText: 'Getting your code' })).toBeVisible();
  // A mark on the page as it stands: a reload would wipe it.
  await till.evaluate(() => {
    (window as Window & { stillThisPage?: boolean }).stillThisPage = true;
  });
  await expect(till.getByTestId('voucher-code')).toHaveText(/^[0-9A-Z]{4}( [0-9A-Z]{4}){3}$/, { timeout: 20_000 });
  await expect(till.getByText('Getting your code from Red Letter Days…')).toHaveCount(0);
  await expect(till.getByRole('button', { name: 'Copy code' })).toBeVisible();
  // The code came into the page as it stood: nothing reloaded it.
  expect(await till.evaluate(() => (window as Window & { stillThisPage?: boolean }).stillThisPage)).toBe(true);
  await context.close();
});
