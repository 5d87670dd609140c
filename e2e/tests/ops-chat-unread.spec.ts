import { chatShopperCopy as copy } from '@gvm/contract/support-chat-text';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from './support/accounts';
import { chatPanel, consoleMessages, openChatPanel, panelMessages, sendFromPanel, uniqueTag } from './support/chat';
import { type OwnMarketplace, startOwnMarketplace } from './support/marketplace-server';
import { createOperator, openConsoleAs } from './support/operator';
import { signInThroughApi } from './support/sign-in';

/**
 * The console's unread count and a reply that assigns (docs/product/support-chat.md#the-console,
 * decision 074), on a phone (390 px) and a desktop (1280 px). The count is every conversation
 * waiting unread on the server, and the run's shared server holds other tests' chats: so this
 * spec starts a marketplace of its own, where the count is this test's alone, with auto-assignment
 * off (CHAT_AUTO_ASSIGN_LIMIT=0) so the conversation waits unassigned until someone replies.
 */

// Its own server's first start (migrations, the catalogue), an operator made with real codes, two browsers.
// One worker runs the file's tests in turn, on one server.
test.describe.configure({ mode: 'default', timeout: 240_000 });

let server: OwnMarketplace;
let request: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  server = await startOwnMarketplace({ CHAT_AUTO_ASSIGN_LIMIT: '0' });
  request = await playwright.request.newContext({ baseURL: server.baseURL });
});

test.afterAll(async () => {
  await request?.dispose();
  await server?.dispose();
});

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px the menu counts a chat waiting unread, live, until it is read; a reply assigns it; both sides say who wrote and when`, async ({
    browser,
  }) => {
    const phone = viewport.width < 768;
    const tag = uniqueTag();
    const name = `Una Read ${tag}`;
    const question = `Where is my gift? (${tag})`;
    const answer = `It is on its way again (${tag}).`;

    const support = await createOperator(request, 'support');
    const operatorPage = await (await browser.newContext({ baseURL: server.baseURL, viewport })).newPage();
    await openConsoleAs(operatorPage, support, '/ops/customers');
    // On a phone the items are behind 'Menu', which carries the count; on a desktop, the item itself.
    const counted = (unread: number) =>
      phone
        ? operatorPage.getByRole('button', { name: unread ? `Menu (${unread} unread chat)` : 'Menu', exact: true })
        : operatorPage
            .getByRole('navigation', { name: 'Console' })
            .getByRole('link', { name: unread ? `Chat (${unread} unread)` : 'Chat', exact: true });
    await expect(counted(0)).toBeVisible();
    if (phone) expect((await operatorPage.getByRole('banner').boundingBox())?.height).toBeLessThan(64);

    const shopperPage = await (await browser.newContext({ baseURL: server.baseURL, viewport })).newPage();
    await signInThroughApi(shopperPage, request, uniqueEmail('chat-unread'), { name });
    await shopperPage.goto('/wallet');
    await openChatPanel(shopperPage);
    await expect(chatPanel(shopperPage).getByLabel(copy.messageLabel)).toHaveAttribute(
      'placeholder',
      copy.messagePlaceholder,
    );
    await sendFromPanel(shopperPage, question);

    // The count comes over the console's socket, on a page that is not Chat's.
    await expect(counted(1)).toBeVisible();
    await expect(operatorPage.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    if (phone) await counted(1).click();
    await operatorPage
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Chat (1 unread)' })
      .click();
    await operatorPage.getByRole('link', { name }).click();
    await expect(consoleMessages(operatorPage).filter({ hasText: question })).toContainText(`${name} (Customer) ·`);
    // Opened, it is read: the count clears.
    await expect(counted(0)).toBeVisible();
    await expect(operatorPage.getByText(/^Open · assigned to nobody/)).toBeVisible();

    await operatorPage.getByLabel('Reply').fill(answer);
    await operatorPage.getByRole('button', { name: 'Send' }).click();
    // The reply made the conversation this operator's (the display name from their work e-mail).
    await expect(operatorPage.getByText(`assigned to Ops (${support.email})`)).toBeVisible();
    await expect(consoleMessages(operatorPage).filter({ hasText: answer })).toContainText(`Ops (${support.email}) ·`);
    expect(await sidewaysOverflow(operatorPage)).toBe(0);

    // The shopper sees who answered, by name only, and when.
    await expect(panelMessages(shopperPage).filter({ hasText: answer })).toContainText(/^Ops · \d{2}:\d{2}/);
    await expect(panelMessages(shopperPage).filter({ hasText: question })).toContainText(/^You · \d{2}:\d{2}/);
    await expect(chatPanel(shopperPage)).not.toContainText(support.email);

    await operatorPage.context().close();
    await shopperPage.context().close();
  });
}
