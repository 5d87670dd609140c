import { expect, test } from './fixtures';
import { extractCode, extractLink, readLatestMail } from './mailbox';
import { createAccount, uniqueEmail } from './support/accounts';
import { findProduct } from './support/catalogue';
import { createOperator, openConsoleAs } from './support/operator';
import { buyGift } from './support/purchase';

// A shopper pays through the simulator and operators sign in with real TOTP codes; with two
// workers on two cores a page may wait for the other's test.
test.beforeEach(() => test.slow());

/** docs/product/operators.md#customers in the browser: finding a customer and helping them. */

test('support finds the buyer of a gift, resends it and corrects its recipient; money buttons stay hidden', async ({
  page,
  request,
}) => {
  const product = await findProduct(request, 'Red Letter Days');
  const rightEmail = uniqueEmail('friend');
  const typoEmail = rightEmail.replace('@', '@typo.');
  const gift = await buyGift(page, request, product, { name: 'Bo', email: typoEmail });
  const support = await createOperator(request, 'support');

  await openConsoleAs(page, support, '/ops/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await page.getByLabel('Search customers, orders or vouchers').fill(gift.buyerEmail.split('@')[0] ?? '');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: gift.buyerEmail }).click();

  await expect(page.getByRole('heading', { level: 1, name: gift.buyerEmail })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out everywhere' })).toBeVisible();
  // Support may not disable an account: it is not there at all, nor the menu it would be in.
  await expect(page.getByRole('button', { name: 'More actions' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Disable account' })).toHaveCount(0);
  await expect(page.getByText(`to ${typoEmail}`)).toBeVisible();
  await page
    .getByRole('link', { name: /Red Letter Days/ })
    .first()
    .click();

  await expect(page.getByRole('heading', { level: 1, name: /Red Letter Days voucher/ })).toBeVisible();
  // Not activated: no code yet, it is bought from the supplier then (decision 068).
  await expect(page.getByText('No code yet (bought from the supplier when the holder activates)')).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText('Paid');
  await expect(timeline).toContainText(`Gift e-mail to ${typoEmail}`);
  await expect(page.getByRole('button', { name: 'Reissue code' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Resend gift e-mail' }).click();
  await page.getByLabel('Reason (optional)').fill('Customer asked on the phone');
  await page.getByRole('button', { name: 'Confirm resend' }).click();
  await expect(page.getByRole('status')).toHaveText('Gift e-mail resent');
  await expect(timeline).toContainText(`${support.email} (operator)`);

  const correctedAt = new Date();
  await page.getByRole('button', { name: 'Correct recipient' }).click();
  await page.getByLabel('Recipient email').fill(rightEmail);
  await page.getByRole('button', { name: 'Confirm new recipient' }).click();
  await expect(page.getByRole('status')).toHaveText('Recipient updated');
  await expect(timeline).toContainText(`${typoEmail} → ${rightEmail}`);
  const mail = await readLatestMail(request, rightEmail, { after: correctedAt });
  expect(extractLink(mail.text, '/gift/')).not.toBe(gift.giftLink);
  // The old link is dead.
  const old = await request.get(`/api/v1/gifts/${gift.giftLink.split('/gift/')[1]}`);
  expect(old.status()).toBe(404);
});

test('an admin disables an account and the shopper is refused sign-in with the plain message', async ({
  page,
  request,
}) => {
  const shopperEmail = uniqueEmail('disabled');
  await createAccount(request, shopperEmail, 'Dee Sabled');
  const admin = await createOperator(request, 'admin');

  await openConsoleAs(page, admin, `/ops/customers?q=${encodeURIComponent(shopperEmail)}`);
  await page.getByRole('link', { name: shopperEmail }).click();
  await expect(page.getByRole('heading', { level: 1, name: shopperEmail })).toBeVisible();
  // Disabling is not a button among the details: it is behind 'More actions', and asks again.
  await expect(page.getByRole('button', { name: 'Disable account' })).toHaveCount(0);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Disable account…' }).click();
  // The disable form's own reason: an admin's page also has 'Adjust credit', with a reason of its own.
  const disabling = page.getByRole('form', { name: 'Disable account' });
  await disabling.getByRole('button', { name: 'Confirm disable account' }).click();
  await expect(disabling.getByRole('alert')).toHaveText('Please give a reason');
  await disabling.getByLabel('Reason').fill('Account taken over');
  await disabling.getByRole('button', { name: 'Confirm disable account' }).click();
  await expect(page.getByRole('status')).toHaveText('The account has been disabled.');
  await expect(page.getByText(/^Disabled since/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable account' })).toBeVisible();

  await page.goto('/login');
  const requestedAt = new Date();
  await page.getByRole('main').getByPlaceholder('Enter your email').fill(shopperEmail);
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await expect(page).toHaveURL(/\/login-code\?/);
  const mail = await readLatestMail(request, shopperEmail, { subject: /sign-in code/i, after: requestedAt });
  await page.getByPlaceholder('Enter the 6-digit code').fill(extractCode(mail.text));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('This account has been disabled. Please contact support.')).toBeVisible();
  await expect(page).toHaveURL(/\/login-code/);
});
