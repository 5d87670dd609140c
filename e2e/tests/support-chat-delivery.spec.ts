import { CHAT_PAGE_PATH, chatShopperCopy as copy } from '@gvm/contract/support-chat-text';
import { expect, test } from './fixtures';
import { extractLink, readLatestMail } from './mailbox';
import { uniqueEmail } from './support/accounts';
import {
  chatPanel,
  conversationIdOf,
  launcher,
  openChatPanel,
  openConversationInConsole,
  replyFromConsole,
  sendFromPanel,
  shopperChat,
  uniqueTag,
} from './support/chat';
import { createOperator } from './support/operator';
import { signInThroughApi } from './support/sign-in';

/**
 * How support's replies reach a shopper (docs/product/support-chat.md, decision 051): the
 * launcher's unread count while the panel is closed, 'Support is typing…' while the operator
 * writes, and the e-mail when the shopper has left. A fresh shopper and a fresh support operator
 * per test; the shopper on /wallet in the test's page, the operator in a browser context of
 * their own at the conversation's page in the console.
 */

// An operator made with real codes, a shopper signed in, two pages: more than 30 seconds on a busy machine.
test.describe.configure({ timeout: 120_000 });

test('a reply to a closed panel counts on the launcher until the panel is opened', async ({
  page,
  request,
  browser,
}) => {
  const tag = uniqueTag();
  const question = `Where is my voucher? (${tag})`;
  const answer = `It is in your wallet now (${tag}).`;
  const support = await createOperator(request, 'support');
  const { token } = await signInThroughApi(page, request, uniqueEmail('chat-unread'), { name: `Una Read ${tag}` });

  await page.goto('/wallet');
  await openChatPanel(page);
  await sendFromPanel(page, question);
  await page.keyboard.press('Escape');
  await expect(chatPanel(page)).toHaveCount(0);
  await expect(launcher(page)).toBeFocused();
  const badge = page.getByTestId('chat-unread-badge');
  await expect(badge).toHaveCount(0);

  const operatorPage = await openConversationInConsole(browser, support, await conversationIdOf(request, token));
  await replyFromConsole(operatorPage, answer);

  // The reply arrives over the socket with the panel closed: named and shown on the launcher.
  await expect(launcher(page, copy.launcherUnread(1))).toBeVisible();
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText('1');

  // Opening the panel shows the reply and reads it: the count goes, here and on the server.
  await openChatPanel(page, copy.launcherUnread(1));
  await expect(chatPanel(page).getByText(answer)).toBeVisible();
  await expect(badge).toHaveCount(0);
  await expect.poll(async () => (await shopperChat(request, token)).conversation?.unread).toBe(0);
  await page.keyboard.press('Escape');
  await expect(launcher(page)).toBeVisible();
  await expect(badge).toHaveCount(0);

  await operatorPage.context().close();
});

test("the shopper sees 'Support is typing…' while the operator writes, until they stop or send", async ({
  page,
  request,
  browser,
}) => {
  const tag = uniqueTag();
  const question = `Can I change the recipient? (${tag})`;
  const answer = `Yes, I have changed it for you (${tag}).`;
  const support = await createOperator(request, 'support');
  const { token } = await signInThroughApi(page, request, uniqueEmail('chat-typing'), { name: `Ty Ping ${tag}` });

  await page.goto('/wallet');
  const panel = await openChatPanel(page);
  await sendFromPanel(page, question);
  const operatorPage = await openConversationInConsole(browser, support, await conversationIdOf(request, token));
  const reply = operatorPage.getByLabel('Reply');
  const typing = panel.getByText(copy.operatorTyping);
  await expect(typing).toHaveCount(0);

  // Typing goes out only over the console's live socket, which a console just opened may still be
  // connecting (typing is not queued): the operator writes on, as a person does, until it shows.
  await expect(async () => {
    await reply.pressSequentially('Yes, I have', { delay: 50 });
    await expect(typing).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  // They stop writing: the indicator goes by itself a few seconds after their last key.
  await expect(typing).toHaveCount(0, { timeout: 15_000 });

  await reply.pressSequentially(' changed it', { delay: 50 });
  await expect(typing).toBeVisible();
  await reply.fill(answer);
  await operatorPage.getByRole('button', { name: 'Send' }).click();
  // They send: the reply takes the indicator's place.
  await expect(panel.getByText(answer)).toHaveCount(1);
  await expect(typing).toHaveCount(0);

  await operatorPage.context().close();
});

test('a reply to a shopper who left is e-mailed, and its link opens the chat with the reply', async ({
  page,
  request,
  browser,
}) => {
  const tag = uniqueTag();
  const email = uniqueEmail('chat-away');
  const question = `My code does not work at the till (${tag}).`;
  const answer = `Sorry about that, Al: here is a new one (${tag}).`;
  const support = await createOperator(request, 'support');
  const { token } = await signInThroughApi(page, request, email, { name: `Al Away ${tag}` });

  await page.goto('/wallet');
  await openChatPanel(page);
  await sendFromPanel(page, question);
  const operatorPage = await openConversationInConsole(browser, support, await conversationIdOf(request, token));
  await expect(operatorPage.getByText(question)).toBeVisible();

  // The shopper closes the page: no socket of theirs is left anywhere.
  const shopperContext = page.context();
  await page.close();

  const repliedAt = new Date();
  await replyFromConsole(operatorPage, answer);
  const mail = await readLatestMail(request, email, {
    subject: /^Support replied to your chat with /,
    after: repliedAt,
  });
  expect(mail.text).toContain(answer);
  const link = extractLink(mail.text, '/wallet');
  expect(link).toBe(CHAT_PAGE_PATH);

  // Back later in the same browser, still signed in: the link opens the panel on the reply.
  const back = await shopperContext.newPage();
  await back.goto(link);
  const panel = chatPanel(back);
  await expect(panel).toBeVisible();
  await expect(panel.getByText(answer)).toHaveCount(1);
  await expect(panel.getByText(question)).toHaveCount(1);

  await operatorPage.context().close();
});
