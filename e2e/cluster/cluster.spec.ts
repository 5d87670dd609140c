import { request as httpRequest } from 'node:http';
import { chatShopperCopy as copy } from '@gvm/contract/support-chat-text';
import { type APIRequestContext, expect } from '@playwright/test';
import { test } from '../tests/fixtures';
import { extractCode, readLatestMail } from '../tests/mailbox';
import { createAccount, uniqueEmail } from '../tests/support/accounts';
import { createOperator, openConsoleAs } from '../tests/support/operator';
import { signInThroughApi } from '../tests/support/sign-in';

/**
 * What only a cluster can get wrong (docs/deploy.md, "Running the cluster on one machine"): two web
 * instances behind nginx (CLUSTER_PUBLIC_URL, the tests' baseURL) that must agree on sessions, on
 * rate limits (Redis) and on the chat (Redis fan-out). CLUSTER_WEB_URLS are the instances' own
 * addresses, so a test can put each side on a different instance.
 */
const instanceUrls = (process.env.CLUSTER_WEB_URLS ?? '').split(',').filter((url) => url !== '');
if (instanceUrls.length !== 2) {
  throw new Error('CLUSTER_WEB_URLS names the two web instances (e2e/cluster/run.mjs sets it)');
}
const [web1, web2] = instanceUrls as [string, string];
const publicUrl = process.env.CLUSTER_PUBLIC_URL ?? 'http://localhost:3650';
const loginCodeLimit = Number(process.env.CLUSTER_LOGIN_CODE_IP_LIMIT ?? 40);

/** Signs `email` in through the API: the e-mailed code, then POST /users/login. */
async function signIn(request: APIRequestContext, email: string) {
  await createAccount(request, email);
  const askedAt = new Date();
  expect((await request.post('/api/v1/users/generate-code', { data: { email } })).ok()).toBe(true);
  const mail = await readLatestMail(request, email, { subject: /sign-in code/i, after: askedAt });
  const login = await request.post('/api/v1/users/login', { data: { email, loginCode: extractCode(mail.text) } });
  expect(login.ok(), await login.text()).toBe(true);
  return (await login.json()) as { token: string; refreshToken: string };
}

test('@cluster a session signed out on one instance is refused by the other', async ({ request }) => {
  const { token, refreshToken } = await signIn(request, uniqueEmail('logout'));
  const me = (base: string) =>
    request.get(`${base}/api/v1/users/me`, { headers: { Authorization: `Bearer ${token}` } });
  expect((await me(web1)).status()).toBe(200);
  expect((await me(web2)).status()).toBe(200);

  const logout = await request.post(`${web1}/api/v1/users/logout`, {
    data: { refreshToken },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(logout.status()).toBe(204);
  expect((await me(web1)).status()).toBe(401);
  // The other instance learns of it through Redis or its next look at the database.
  await expect.poll(async () => (await me(web2)).status(), { timeout: 10_000 }).toBe(401);
  const refreshed = await request.post(`${web2}/api/v1/users/refresh-token`, { data: { refreshToken } });
  expect(refreshed.status()).toBe(401);
});

/** POST /users/generate-code from `localAddress`, to nginx or straight to an instance. */
function askCode(base: string, email: string, options: { localAddress?: string; forwardedFor?: string } = {}) {
  const url = new URL('/api/v1/users/generate-code', base);
  const body = JSON.stringify({ email });
  return new Promise<{ status: number; servedBy: string | undefined }>((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: 'POST',
        localAddress: options.localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            servedBy: response.headers['x-served-by'] as string | undefined,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

test('@cluster the per-IP limit on sign-in codes is counted across both instances', async () => {
  // A shopper at 127.0.0.2 (the other tests come from 127.0.0.1): nginx forwards that address.
  const shopper = '127.0.0.2';
  const served = new Set<string>();
  for (let index = 0; index < loginCodeLimit; index++) {
    const answer = await askCode(publicUrl, uniqueEmail('limited'), { localAddress: shopper });
    expect(answer.status, `request ${index + 1} of ${loginCodeLimit}`).toBe(200);
    if (answer.servedBy) served.add(answer.servedBy);
  }
  // Round robin spread them over both, so neither instance alone saw the limit's worth.
  expect(served.size).toBe(2);

  // The next one is refused through nginx, and by each instance asked directly with the address
  // nginx would forward (TRUST_PROXY_HOPS=1).
  expect((await askCode(publicUrl, uniqueEmail('limited'), { localAddress: shopper })).status).toBe(429);
  for (const instance of [web1, web2]) {
    expect((await askCode(instance, uniqueEmail('limited'), { forwardedFor: shopper })).status).toBe(429);
  }
});

test('@cluster a shopper on one instance chats with an operator on the other', async ({ request, browser }) => {
  test.setTimeout(120_000);
  const id = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const name = `Ada Cluster ${id}`;
  const question = `Which instance am I on? (${id})`;
  const answer = `Another one, and it still reached you (${id}).`;

  // The operator's console straight on web1; the shopper's shop straight on web2.
  const support = await createOperator(request, 'support');
  const operatorContext = await browser.newContext({ baseURL: web1 });
  const operatorPage = await operatorContext.newPage();
  await openConsoleAs(operatorPage, support, '/ops/chat', web1);
  await expect(operatorPage.getByRole('heading', { name: 'Chat', level: 1 })).toBeVisible();

  const shopperContext = await browser.newContext({ baseURL: web2 });
  const page = await shopperContext.newPage();
  await signInThroughApi(page, request, `chat-${id}@example.com`, { name });
  // The chat is on every page; /settings, not /wallet, whose first visit shows a 'Wallet Created'
  // toast over the chat's button.
  await page.goto('/settings');
  await page.getByRole('button', { name: copy.launcher }).click();
  const panel = page.getByRole('dialog', { name: copy.panelTitle });
  await expect(panel.getByText(copy.offline)).toHaveCount(0);
  await panel.getByLabel(copy.messageLabel).fill(question);
  await panel.getByLabel(copy.messageLabel).press('Enter');
  await expect(panel.getByText(question)).toBeVisible();

  // web1's console learns of it from web2 (the chat's Redis fan-out), without a reload.
  await operatorPage.getByRole('link', { name }).click();
  await expect(operatorPage.getByRole('list', { name: 'Messages' }).getByText(question)).toBeVisible();
  await operatorPage.getByLabel('Reply').fill(answer);
  await operatorPage.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByText(answer)).toHaveCount(1);

  await operatorContext.close();
  await shopperContext.close();
});

test('@cluster the chat socket upgrades through nginx', async ({ page }) => {
  // The chat test above puts each side straight on an instance; this one shows nginx passes the
  // WebSocket handshake on (the socket then waits for an `auth` message, decision 051).
  await page.goto('/robots.txt');
  const opened = await page.evaluate(
    (url) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(url);
        socket.onopen = () => {
          resolve('open');
          socket.close();
        };
        socket.onerror = () => resolve('error');
      }),
    `${publicUrl.replace(/^http/, 'ws')}/api/v1/support-chat/socket`,
  );
  expect(opened).toBe('open');
});
