import { chatShopperCopy as copy } from '@gvm/contract/support-chat-text';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from './support/accounts';
import {
  chatPanel,
  consoleMessages,
  conversationIdOf,
  openChatPanel,
  openConversationInConsole,
  panelMessages,
  replyFromConsole,
  sendFromPanel,
  uniqueTag,
} from './support/chat';
import { type OwnMarketplace, startOwnMarketplace } from './support/marketplace-server';
import { createOperator } from './support/operator';
import { signInThroughApi } from './support/sign-in';

/**
 * The live chat across a server restart (docs/product/support-chat.md#in-the-browser, decision
 * 051): the server closes its sockets with 1012 on SIGTERM, both sides reconnect by themselves,
 * catch up after their last message id, and show every message once. The run's shared server
 * serves the other tests meanwhile, so this spec starts a marketplace of its own to restart.
 *
 * Its pages are browser contexts of their own on that server, outside the fixture's check for
 * console errors: while the server is down the browser logs the refused connections, as it should.
 */

// Its own server's first start (migrations, the catalogue), an operator made with real codes, a
// restart and the sockets' back-off: well over a minute on a busy machine.
test.describe.configure({ timeout: 240_000 });

let server: OwnMarketplace;
let request: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  // A hook's time is its own: the first start migrates and seeds (PGlite's, without TEST_DATABASE_URL, is slower).
  test.setTimeout(180_000);
  server = await startOwnMarketplace();
  request = await playwright.request.newContext({ baseURL: server.baseURL });
});

test.afterAll(async () => {
  await request?.dispose();
  await server?.dispose();
});

/** Counts the `ready` events the page's chat sockets receive: one per connection that authenticated. */
function countReadyEvents(page: Page): () => number {
  let ready = 0;
  page.on('websocket', (socket) => {
    if (!new URL(socket.url()).pathname.endsWith('/support-chat/socket')) return;
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string') return;
      try {
        if ((JSON.parse(payload) as { type?: unknown }).type === 'ready') ready += 1;
      } catch {
        // Not an event of the chat's.
      }
    });
  });
  return () => ready;
}

test('after the server restarts both sides reconnect by themselves, and nothing is lost or shown twice', async ({
  browser,
}) => {
  const tag = uniqueTag();
  const first = `Hello, is anyone there? (${tag})`;
  const second = `It is about a gift card (${tag}).`;
  const welcome = `Hello! How can I help? (${tag})`;
  const whileDown = `My gift card shows the wrong amount (${tag}).`;
  const afterRestart = `Sorry, we restarted for a moment. Still there? (${tag})`;

  const support = await createOperator(request, 'support');
  const shopperPage = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
  const shopperReady = countReadyEvents(shopperPage);
  const { token } = await signInThroughApi(shopperPage, request, uniqueEmail('chat-restart'), {
    name: `Re Start ${tag}`,
  });
  await shopperPage.goto('/wallet');
  await openChatPanel(shopperPage);
  await sendFromPanel(shopperPage, first);

  let operatorReady = () => 0;
  const operatorPage = await openConversationInConsole(browser, support, await conversationIdOf(request, token), {
    baseURL: server.baseURL,
    watch: (page) => {
      operatorReady = countReadyEvents(page);
    },
  });
  // Both sockets are live before the restart: each side sees the other's message without a reload.
  await sendFromPanel(shopperPage, second);
  await expect(consoleMessages(operatorPage).filter({ hasText: second })).toHaveCount(1);
  await replyFromConsole(operatorPage, welcome);
  await expect(chatPanel(shopperPage).getByText(welcome)).toHaveCount(1);

  const shopperReadyBefore = shopperReady();
  const operatorReadyBefore = operatorReady();
  await server.stop();

  // Written while the server is down: kept in the panel as not sent, with Retry.
  const panel = chatPanel(shopperPage);
  await panel.getByLabel(copy.messageLabel).fill(whileDown);
  await panel.getByLabel(copy.messageLabel).press('Enter');
  await expect(panel.getByRole('button', { name: copy.notSent })).toBeVisible();

  await server.restart();
  // The operator answers as soon as the server is back, whether or not the shopper's socket is yet.
  await replyFromConsole(operatorPage, afterRestart);
  await expect(panel.getByText(afterRestart)).toHaveCount(1, { timeout: 30_000 });
  await panel.getByRole('button', { name: copy.notSent }).click();
  await expect(panel.getByRole('button', { name: copy.notSent })).toHaveCount(0);
  await expect(panel.getByText(copy.sending)).toHaveCount(0);
  await expect(consoleMessages(operatorPage).filter({ hasText: whileDown })).toHaveCount(1, { timeout: 30_000 });

  // Both sockets came back by themselves: a new `ready` on each page, none reloaded.
  await expect.poll(shopperReady, { timeout: 30_000 }).toBeGreaterThan(shopperReadyBefore);
  await expect.poll(operatorReady, { timeout: 30_000 }).toBeGreaterThan(operatorReadyBefore);

  // Every message once on each side.
  const conversation = [first, second, welcome, whileDown, afterRestart];
  await expect(panelMessages(shopperPage)).toHaveCount(conversation.length);
  await expect(consoleMessages(operatorPage)).toHaveCount(conversation.length);
  for (const text of conversation) {
    await expect(panelMessages(shopperPage).filter({ hasText: text })).toHaveCount(1);
    await expect(consoleMessages(operatorPage).filter({ hasText: text })).toHaveCount(1);
  }

  await shopperPage.context().close();
  await operatorPage.context().close();
});
