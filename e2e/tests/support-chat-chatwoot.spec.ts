import { createHmac } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, handledClientError, test } from './fixtures';
import { uniqueEmail } from './support/accounts';
import { type OwnMarketplace, startOwnMarketplace } from './support/marketplace-server';
import { signInThroughApi } from './support/sign-in';

/**
 * Chatwoot instead of the built-in chat (docs/product/support-chat.md#another-chat-service), on a
 * marketplace of its own started with SUPPORT_CHAT_PROVIDER=chatwoot. Chatwoot itself is a local
 * stand-in: the browser's request for its SDK is answered with a script that keeps every call the
 * page makes on `window.$chatwoot` and draws a bubble, so the test sees what the page loaded (past
 * the page's Content Security Policy), with what, and for whom.
 */

const CHATWOOT_BASE_URL = 'http://chatwoot.localhost:3999';
const WEBSITE_TOKEN = 'website-token-e2e';
const HMAC_TOKEN = 'chatwoot-hmac-token-e2e-at-least-some-length';

const STAND_IN_SDK = `
window.chatwootCalls = [];
window.chatwootSDK = {
  run(options) {
    window.chatwootCalls.push(['run', options]);
    const bubble = document.createElement('button');
    bubble.textContent = 'Chatwoot bubble';
    bubble.hidden = true;
    document.body.append(bubble);
    window.$chatwoot = {
      hasLoaded: true,
      setUser(identifier, user) { window.chatwootCalls.push(['setUser', identifier, user]); },
      reset() { window.chatwootCalls.push(['reset']); },
      toggleBubbleVisibility(visibility) {
        window.chatwootCalls.push(['toggleBubbleVisibility', visibility]);
        bubble.hidden = visibility !== 'show';
      },
    };
    window.dispatchEvent(new Event('chatwoot:ready'));
  },
};
`;

// Its own server's first start migrates and seeds: well over a minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

let server: OwnMarketplace;
let request: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  server = await startOwnMarketplace({
    SUPPORT_CHAT_PROVIDER: 'chatwoot',
    CHATWOOT_BASE_URL,
    CHATWOOT_WEBSITE_TOKEN: WEBSITE_TOKEN,
    CHATWOOT_HMAC_TOKEN: HMAC_TOKEN,
  });
  request = await playwright.request.newContext({ baseURL: server.baseURL });
});

test.afterAll(async () => {
  await request?.dispose();
  await server?.dispose();
});

test("a signed-in shopper gets Chatwoot's bubble on a chat page, named by the server's identity hash, and no built-in chat", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  // As the fixture's check: a 4xx the app handles is logged by Chromium and is not an error here.
  page.on('console', (message) => {
    if (message.type() === 'error' && !handledClientError.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const sdkRequests: string[] = [];
  await page.route(`${CHATWOOT_BASE_URL}/packs/js/sdk.js`, (route) => {
    sdkRequests.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: STAND_IN_SDK });
  });
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));

  const email = uniqueEmail('chatwoot');
  const { userId } = await signInThroughApi(page, request, email, { name: 'Wanda Woot' });
  await page.goto('/wallet');

  const bubble = page.getByRole('button', { name: 'Chatwoot bubble' });
  await expect(bubble).toBeVisible();
  const calls = await page.evaluate(() => (window as unknown as { chatwootCalls: unknown[] }).chatwootCalls);
  expect(calls).toEqual([
    ['run', { websiteToken: WEBSITE_TOKEN, baseUrl: CHATWOOT_BASE_URL }],
    [
      'setUser',
      userId,
      {
        name: 'Wanda Woot',
        email,
        identifier_hash: createHmac('sha256', HMAC_TOKEN).update(userId).digest('hex'),
      },
    ],
    ['toggleBubbleVisibility', 'show'],
  ]);
  expect(sdkRequests).toEqual([`${CHATWOOT_BASE_URL}/packs/js/sdk.js`]);
  // Nothing of the built-in chat.
  await expect(page.getByRole('button', { name: /^Chat with us/ })).toHaveCount(0);
  expect(sockets.filter((url) => url.includes('/support-chat/'))).toEqual([]);

  // A public page hides the bubble; the SDK is not loaded again.
  await page.getByRole('banner').getByRole('link', { name: 'UGM Gift Marketplace home' }).click();
  await expect(page).toHaveURL('/');
  await expect(bubble).toBeHidden();
  expect(sdkRequests).toHaveLength(1);
  expect(errors, 'console errors on the page (a script the CSP refused among them)').toEqual([]);
  await context.close();
});
