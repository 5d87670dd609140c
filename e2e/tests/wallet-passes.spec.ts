import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { apiUrl, voucherEndpoints } from '@gvm/contract';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from './support/accounts';
import { axeViolations } from './support/axe';
import { findProduct } from './support/catalogue';
import { type OwnMarketplace, startOwnMarketplace } from './support/marketplace-server';
import { buyThroughApi } from './support/purchase';
import { signInThroughApi } from './support/sign-in';

/**
 * The voucher in the phone's wallet (decision 071), on a phone-sized till page: 'Add to Apple
 * Wallet' and 'Save to Google Wallet' below the code, named by their wording; Apple's downloads a
 * `.pkpass` (signed by the development chain), Google's goes to Google's save link. The shared
 * server has no Google Wallet settings, so this spec starts a marketplace of its own with a
 * service account key made for it (Google is never reached: its save page is answered here).
 */

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 } });

let server: OwnMarketplace;
let request: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  server = await startOwnMarketplace({
    GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
    GOOGLE_WALLET_SERVICE_ACCOUNT_KEY: JSON.stringify({
      type: 'service_account',
      client_email: 'wallet@gift-marketplace.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      private_key_id: 'e2e',
      token_uri: 'http://127.0.0.1:9/token',
    }),
  });
  request = await playwright.request.newContext({ baseURL: server.baseURL });
});

test.afterAll(async () => {
  await request?.dispose();
  await server?.dispose();
});

test('the till page at 390 px offers both wallets, and Apple’s downloads a .pkpass', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const product = await findProduct(request, 'Red Letter Days');
  const { token } = await signInThroughApi(page, request, uniqueEmail('wallet-pass'), { name: 'Wally Pass' });
  const [order] = await buyThroughApi(request, token, [{ product, value: 25 }], 'Wally Pass');
  const id = order?._id ?? '';
  const activated = await request.post(apiUrl(voucherEndpoints.activate.path, { params: { id } }), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(activated.status(), await activated.text()).toBe(200);

  await page.goto(`/vouchers/${id}`);
  await expect(page.getByTestId('voucher-code')).toBeVisible();
  const apple = page.getByRole('button', { name: 'Add to Apple Wallet' });
  const google = page.getByRole('button', { name: 'Save to Google Wallet' });
  await expect(apple).toBeVisible();
  await expect(google).toBeVisible();
  expect(await axeViolations(page), 'axe on the till page with its wallet buttons').toEqual([]);
  for (const button of [apple, google]) {
    const box = await button.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  }

  const [download] = await Promise.all([page.waitForEvent('download'), apple.click()]);
  expect(download.suggestedFilename()).toBe('voucher.pkpass');
  const pkpass = readFileSync(await download.path());
  // A zip archive ('PK'), holding the pass and its signature.
  expect(pkpass.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(pkpass.includes(Buffer.from('manifest.json'))).toBe(true);
  expect(pkpass.includes(Buffer.from('signature'))).toBe(true);

  await page.route('https://pay.google.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Google Wallet</title>' }),
  );
  await google.click();
  await page.waitForURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
  await context.close();
});
