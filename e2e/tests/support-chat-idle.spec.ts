import { apiUrl } from '@gvm/contract';
import { supportChatEndpoints } from '@gvm/contract/support-chat';
import { chatShopperCopy as copy } from '@gvm/contract/support-chat-text';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from './support/accounts';
import { chatPanel, launcher, uniqueTag } from './support/chat';
import { signInThroughApi } from './support/sign-in';

/**
 * What the support chat costs a signed-in page before it is used (docs/product/support-chat.md,
 * decision 075): no chat code, request or socket until the page has loaded and is idle; then one
 * request (`GET /support-chat/widget`, with the unread count) draws the launcher; the conversation
 * and its socket start when the panel opens, or at once when a message is waiting. The page's idle
 * time is held back by the test (`requestIdleCallback` queues its callbacks until the test lets
 * them run), so what happens before it is seen whatever the machine's speed: no timing is asserted.
 */

// A shopper signed in through the API and a page or two: more than 30 seconds on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** Every chat request the page sends (path and method) and every WebSocket it opens, as they happen. */
function watchChat(page: Page) {
  const asked: string[] = [];
  const sockets: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (pathname.startsWith('/api/v1/support-chat')) asked.push(`${sent.method()} ${pathname}`);
  });
  page.on('websocket', (socket) => sockets.push(new URL(socket.url()).pathname));
  return { asked, sockets };
}

/** The page's idle callbacks wait until `releaseIdle` runs them: the page is never idle before. */
async function holdIdleTime(page: Page) {
  await page.addInitScript(() => {
    const held: (() => void)[] = [];
    const slot = window as unknown as { __releaseIdle: () => number };
    window.requestIdleCallback = (callback) => {
      held.push(() => callback({ didTimeout: false, timeRemaining: () => 50 }));
      return held.length;
    };
    window.cancelIdleCallback = (handle) => {
      held[handle - 1] = () => undefined;
    };
    slot.__releaseIdle = () => {
      const run = held.splice(0);
      for (const callback of run) callback();
      return run.length;
    };
  });
}

const releaseIdle = (page: Page) =>
  page.evaluate(() => (window as unknown as { __releaseIdle: () => number }).__releaseIdle());

test('a signed-in page asks nothing of the chat before it is idle; then one request draws the launcher, and the socket opens with the panel', async ({
  page,
  request,
}) => {
  await signInThroughApi(page, request, uniqueEmail('chat-idle'));
  await holdIdleTime(page);
  const chat = watchChat(page);

  await page.goto('/wallet');
  await expect(page.locator('#main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(launcher(page)).toHaveCount(0);
  expect(chat.asked).toEqual([]);
  expect(chat.sockets).toEqual([]);

  // The page goes idle: the launcher's code and its one request, no conversation, no socket.
  await expect.poll(() => releaseIdle(page)).toBeGreaterThan(0);
  await expect(launcher(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(chat.asked).toEqual([`GET /api/v1${supportChatEndpoints.widget.path}`]);
  expect(chat.sockets).toEqual([]);

  // Used: the conversation is fetched and the socket opens.
  const socket = page.waitForEvent('websocket');
  await launcher(page).click();
  await expect(chatPanel(page).getByLabel(copy.messageLabel)).toBeFocused();
  await socket;
  await expect.poll(() => chat.asked).toContain(`GET /api/v1${supportChatEndpoints.get.path}`);
});

test('a conversation waiting for a reply goes live once the page is idle, without the panel', async ({
  page,
  request,
}) => {
  const { token } = await signInThroughApi(page, request, uniqueEmail('chat-idle-waiting'));
  const sent = await request.post(apiUrl(supportChatEndpoints.send.path), {
    headers: { Authorization: `Bearer ${token}` },
    data: { body: `Where is my gift? (${uniqueTag()})`, clientId: `idle-${uniqueTag()}` },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await holdIdleTime(page);
  const chat = watchChat(page);

  await page.goto('/account');
  await expect(page.locator('#main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(chat.asked).toEqual([]);
  expect(chat.sockets).toEqual([]);

  const socket = page.waitForEvent('websocket');
  await expect.poll(() => releaseIdle(page)).toBeGreaterThan(0);
  await expect(launcher(page)).toBeVisible();
  await socket;
  expect(chat.asked[0]).toBe(`GET /api/v1${supportChatEndpoints.widget.path}`);
});
