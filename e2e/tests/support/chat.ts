import { apiUrl, successSchema } from '@gvm/contract';
import { type ShopperChat, supportChatEndpoints } from '@gvm/contract/support-chat';
import { chatShopperCopy as copy } from '@gvm/contract/support-chat-text';
import { type APIRequestContext, type Browser, expect, type Locator, type Page } from '@playwright/test';
import { openConsoleAs, type TestOperator } from './operator';

/**
 * The live support chat's two sides in the browser (docs/product/support-chat.md#in-the-browser):
 * the shopper's launcher and 'Support' panel, and a conversation in the console's Chat page.
 */

/** A word no other test's message has, so a text is found only where this test put it. */
export function uniqueTag(): string {
  return `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
}

/** The shopper's 'Support' panel (a dialog, present while open). */
export function chatPanel(page: Page): Locator {
  return page.getByRole('dialog', { name: copy.panelTitle });
}

/** The messages the shopper's panel shows, stored and pending, one list item each. */
export function panelMessages(page: Page): Locator {
  return chatPanel(page).getByRole('list', { name: 'Conversation' }).getByRole('listitem');
}

/** The launcher with exactly this accessible name ('Chat with us', 'Chat with us (1 unread)'). */
export function launcher(page: Page, name: string = copy.launcher): Locator {
  return page.getByRole('button', { name, exact: true });
}

/** Opens the panel from the launcher (on a page that shows it) and waits for its message field. */
export async function openChatPanel(page: Page, name: string = copy.launcher): Promise<Locator> {
  await launcher(page, name).click();
  const panel = chatPanel(page);
  await expect(panel.getByLabel(copy.messageLabel)).toBeFocused();
  return panel;
}

/** Writes `text` in the open panel and sends it with Enter; resolves once the server stored it. */
export async function sendFromPanel(page: Page, text: string): Promise<void> {
  const panel = chatPanel(page);
  await panel.getByLabel(copy.messageLabel).fill(text);
  await panel.getByLabel(copy.messageLabel).press('Enter');
  await expect(panel.getByText(text)).toBeVisible();
  await expect(panel.getByText(copy.sending)).toHaveCount(0);
}

/** The shopper's current conversation as GET /support-chat answers it for their access token. */
export async function shopperChat(request: APIRequestContext, token: string): Promise<ShopperChat> {
  const response = await request.get(apiUrl(supportChatEndpoints.get.path), {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return successSchema(supportChatEndpoints.get).parse(await response.json());
}

/** The id of the shopper's current conversation (after their first message). */
export async function conversationIdOf(request: APIRequestContext, token: string): Promise<string> {
  const { conversation } = await shopperChat(request, token);
  if (!conversation) throw new Error('The shopper has no conversation yet');
  return conversation.id;
}

/**
 * The operator in a browser context of their own, at the console's page of one conversation
 * (`/ops/chat/:id`), its messages shown. `baseURL`: a server other than the run's shared one;
 * `watch`: called with the page before anything opens in it (to listen to its sockets).
 */
export async function openConversationInConsole(
  browser: Browser,
  operator: Pick<TestOperator, 'token'>,
  conversationId: string,
  options: { baseURL?: string; watch?(page: Page): void } = {},
): Promise<Page> {
  const context = await browser.newContext(options.baseURL ? { baseURL: options.baseURL } : {});
  const page = await context.newPage();
  options.watch?.(page);
  await openConsoleAs(page, operator, `/ops/chat/${conversationId}`);
  await expect(consoleMessages(page).first()).toBeVisible();
  return page;
}

/** The messages of the conversation open in the console, one list item each. */
export function consoleMessages(page: Page): Locator {
  return page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
}

/** Writes `text` in the console's 'Reply' field and sends it; resolves once it shows as stored. */
export async function replyFromConsole(page: Page, text: string): Promise<void> {
  await page.getByLabel('Reply').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(consoleMessages(page).filter({ hasText: text })).toHaveCount(1);
  await expect(page.getByLabel('Reply')).toHaveValue('');
}
