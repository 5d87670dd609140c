import { addDays, devMailboxEndpoints, formatDeliveryDay, successSchema, ukDayOf } from '@gvm/contract';
import { expect, test } from './fixtures';
import { extractLink, readLatestMail } from './mailbox';
import { uniqueEmail } from './support/accounts';
import { findProduct } from './support/catalogue';
import { buyGift, PAYING_CARD, payWith } from './support/purchase';
import { signInThroughApi } from './support/sign-in';

// Each test signs a shopper in through the mailbox and pays through the simulator, as the credit
// and redeem specs do; with two workers on two cores a page may wait for the other's test.
test.beforeEach(() => test.slow());

/** Decision 025 in the browser: a gift for tomorrow waits; a mistyped address is corrected. */

test("a gift scheduled for tomorrow is paid now, reads 'Scheduled for {date}' and is not e-mailed yet", async ({
  page,
  request,
}) => {
  const product = await findProduct(request, 'Red Letter Days');
  const recipientEmail = uniqueEmail('birthday');
  const tomorrow = addDays(ukDayOf(new Date()), 1);

  await signInThroughApi(page, request, uniqueEmail('planner'), { name: 'Ada Planner' });
  await page.goto(`/product/${product._id}`);
  await page.getByRole('group', { name: 'Value per card' }).getByText('£50.00', { exact: true }).click();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page).toHaveURL('/cart');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();

  const item = page.getByRole('list', { name: 'Checkout items' }).getByRole('listitem').first();
  await item.getByRole('button', { name: 'Send as a gift' }).click();
  await item.getByLabel('Recipient name').fill('Bo');
  await item.getByLabel('Recipient email').fill(recipientEmail);
  await expect(item.getByLabel('Delivery date')).toHaveValue(ukDayOf(new Date()));
  await item.getByLabel('Delivery date').fill(tomorrow);
  await item.getByRole('button', { name: 'Add Recipient' }).click();
  await expect(item.getByRole('list', { name: `${product.merchant.name} gift recipients` })).toContainText(
    `Send on ${formatDeliveryDay(tomorrow)}`,
  );

  await payWith(page, PAYING_CARD, 'Ada Planner');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Gift Voucher Successfully');

  await page.goto('/wallet');
  await page.getByRole('tab', { name: 'Manage Vouchers' }).click();
  const card = page.getByRole('list', { name: 'Sent Vouchers' }).getByRole('listitem').filter({ hasText: 'To Bo' });
  await expect(card).toContainText(`Scheduled for ${formatDeliveryDay(tomorrow)}`);
  await expect(card.getByRole('button', { name: 'Send now' })).toBeVisible();
  await card.getByText('History').click();
  await expect(card.getByRole('list', { name: 'Gift history' })).toContainText(
    `Scheduled for ${formatDeliveryDay(tomorrow)}`,
  );

  // Nothing went to the recipient: the e-mail waits for tomorrow 09:00 UK time.
  const messages = await request.get(devMailboxEndpoints.messages.path, { params: { to: recipientEmail } });
  expect(successSchema(devMailboxEndpoints.messages).parse(await messages.json()).messages).toEqual([]);
});

test('a typo in a sent gift is corrected: the new address receives the e-mail and the old link stops', async ({
  page,
  request,
}) => {
  const product = await findProduct(request, 'Red Letter Days');
  const rightEmail = uniqueEmail('friend');
  const typoEmail = rightEmail.replace('@', '@typo.');
  const gift = await buyGift(page, request, product, { name: 'Bo', email: typoEmail });

  await page.goto('/wallet');
  await page.getByRole('tab', { name: 'Manage Vouchers' }).click();
  const card = page.getByRole('list', { name: 'Sent Vouchers' }).getByRole('listitem').filter({ hasText: 'To Bo' });
  await expect(card).toContainText('Pending Confirmation');
  await expect(card).toContainText(typoEmail);
  await card.getByRole('button', { name: 'Correct recipient' }).click();
  await card.getByLabel('Recipient email').fill(rightEmail);
  const changedAt = new Date();
  await card.getByRole('button', { name: 'Save recipient' }).click();
  await expect(card.getByRole('status')).toHaveText('Recipient updated');
  await expect(card).toContainText(rightEmail);

  const mail = await readLatestMail(request, rightEmail, { after: changedAt, subject: /sent you a gift/ });
  const newLink = extractLink(mail.text, '/gift/');
  expect(newLink).not.toBe(gift.giftLink);
  await card.getByText('History').click();
  await expect(card.getByRole('list', { name: 'Gift history' })).toContainText(
    `Recipient changed from Bo (${typoEmail}) to Bo (${rightEmail})`,
  );

  // The old link finds nothing; the new one opens the gift.
  await page.goto(gift.giftLink);
  await expect(page.getByText('Check the link in your e-mail, or ask the sender to send it again.')).toBeVisible();
  await page.goto(newLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Giver sent you a gift, Bo!' })).toBeVisible();
});
