import { chatOperatorCopy, chatShopperCopy as copy } from '@gvm/contract/support-chat-text';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from './support/accounts';
import { axeViolations } from './support/axe';
import { findProduct } from './support/catalogue';
import { createOperator, openConsoleAs } from './support/operator';
import { signInThroughApi } from './support/sign-in';

/**
 * The live support chat end to end (docs/product/support-chat.md, decision 051): a shopper on
 * /wallet and a support operator in the console, in two browser contexts, talking both ways over
 * the real socket, until the operator resolves and the shopper answers the satisfaction question.
 */

// An operator made with real codes, a shopper signed in, two pages: more than 30 seconds on a busy machine.
test.describe.configure({ timeout: 120_000 });

test('a shopper and a support operator chat both ways, live, until it is resolved', async ({
  page,
  request,
  browser,
}) => {
  const id = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const name = `Ada Chat ${id}`;
  const email = `chat-${id}@example.com`;
  const question = `My gift never arrived (${id}).`;
  const answer = `Sorry about that, Ada: it is on its way again (${id}).`;

  // The operator is in the console's Chat page first, so the shopper sees support online.
  const support = await createOperator(request, 'support');
  const operatorContext = await browser.newContext();
  const operatorPage = await operatorContext.newPage();
  await openConsoleAs(operatorPage, support, '/ops/chat');
  await expect(operatorPage.getByRole('heading', { name: 'Chat', level: 1 })).toBeVisible();

  await signInThroughApi(page, request, email, { name });
  await page.goto('/wallet');
  await page.getByRole('button', { name: copy.launcher }).click();
  const panel = page.getByRole('dialog', { name: copy.panelTitle });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(copy.offline)).toHaveCount(0);
  // Greeted by name, told when to expect a reply, and offered the common questions.
  await expect(panel.getByText(copy.greeting('Ada'))).toBeVisible();
  await expect(panel.getByText(copy.replyTime)).toBeVisible();
  await expect(panel.getByRole('list', { name: copy.suggestionsLabel }).getByRole('button')).toHaveCount(2);
  expect(await axeViolations(page), 'axe on /wallet with the chat open and its welcome').toEqual([]);
  await panel.getByLabel(copy.messageLabel).fill(question);
  await panel.getByLabel(copy.messageLabel).press('Enter');
  await expect(panel.getByText(question)).toBeVisible();
  await expect(panel.getByText(copy.sending)).toHaveCount(0);
  // The shop's standard: no serious or critical finding, the panel open.
  expect(await axeViolations(page), 'axe on /wallet with the chat open').toEqual([]);

  // The console's list learns of the new conversation over the socket.
  await operatorPage.getByRole('link', { name }).click();
  const messages = operatorPage.getByRole('list', { name: 'Messages' });
  await expect(messages.getByText(question)).toBeVisible();
  await expect(
    operatorPage.getByRole('complementary', { name: 'Customer' }).getByRole('heading', { name: email }),
  ).toBeVisible();

  // The shopper types (for longer than the 2 seconds between typing events); the operator sees it.
  await panel.getByLabel(copy.messageLabel).pressSequentially('and one more thing', { delay: 250 });
  await expect(operatorPage.getByText(chatOperatorCopy.shopperTyping)).toBeVisible();
  await panel.getByLabel(copy.messageLabel).fill('');

  await operatorPage.getByLabel('Reply').fill(answer);
  await operatorPage.getByRole('button', { name: 'Send' }).click();
  await expect(messages.getByText(answer)).toBeVisible();
  // The reply reaches the shopper's open panel without a reload, shown once.
  await expect(panel.getByText(answer)).toHaveCount(1, { timeout: 5000 });

  await operatorPage.getByRole('button', { name: 'Resolve' }).click();
  await expect(panel.getByText(copy.satisfactionQuestion)).toBeVisible();
  await panel.getByRole('button', { name: copy.satisfactionYes }).click();
  await expect(panel.getByText(copy.satisfactionThanks)).toBeVisible();

  // The conversation is the server's: a reload shows it again, each message once.
  await page.reload();
  await page.getByRole('button', { name: copy.launcher }).click();
  await expect(page.getByRole('dialog', { name: copy.panelTitle }).getByText(question)).toHaveCount(1);
  await expect(page.getByRole('dialog', { name: copy.panelTitle }).getByText(answer)).toHaveCount(1);

  await operatorContext.close();
});

/** `product`'s £50 card in the cart (the checkout with an empty cart is a redirect to /cart). */
async function putInCart(page: Page, productId: string): Promise<void> {
  await page.goto(`/product/${productId}`);
  await page.getByRole('group', { name: 'Value per card' }).getByText('£50.00', { exact: true }).click();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page).toHaveURL('/cart');
}

test('the launcher shows a signed-in shopper on every chat page and nowhere else; a guest never, and no other page asks for the chat', async ({
  page,
  request,
}) => {
  test.slow();
  // Each chat request with the page that sent it: one the last page sent while the next was
  // loading is that page's, not the next one's.
  const asked: { path: string; from: string }[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (pathname.startsWith('/api/v1/support-chat'))
      asked.push({ path: pathname, from: new URL(sent.frame().url()).pathname });
  });
  const launcher = page.getByRole('button', { name: /^Chat with us/ });
  const product = await findProduct(request, 'Red Letter Days');

  /** `path` opened and drawn, its requests done: no launcher, and the chat's API never asked. */
  async function expectNoChat(path: string) {
    asked.length = 0;
    await page.goto(path);
    await expect(page.locator('#main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(launcher, path).toHaveCount(0);
    expect(
      asked.filter((request) => request.from === path),
      path,
    ).toEqual([]);
  }

  // A guest, on a public page and on the checkout (open to guests).
  await putInCart(page, product._id);
  for (const path of ['/', '/cart', '/checkout']) await expectNoChat(path);

  await signInThroughApi(page, request, uniqueEmail('chat-pages'));
  await putInCart(page, product._id);
  for (const path of ['/wallet', '/account', '/settings', '/wishlist', '/redeem', '/exchange-voucher', '/checkout']) {
    await page.goto(path);
    await expect(launcher, path).toBeVisible();
  }
  for (const path of ['/', `/product/${product._id}`, '/cart', '/about']) await expectNoChat(path);
});
