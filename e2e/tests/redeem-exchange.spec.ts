import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from './support/accounts';
import { findProduct } from './support/catalogue';
import { buyGift } from './support/purchase';
import { signIn } from './support/sign-in';

const REDEEMED_HEADING = 'Gift Voucher Successfully Added to Your Account';
const GIFT_MERCHANT = 'Red Letter Days';

/** Each journey buys through the real checkout and signs two people in. */
test.describe.configure({ timeout: 120_000 });

/** A second person in their own browser, signed in (signing up on the way) as `email`. */
async function personAt(browser: Browser, origin: string, email: string, name: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, page.request, email, { name });
  return page;
}

/** The wallet's Manage Vouchers tab: the list of received or sent gifts. */
async function transfers(page: Page, title: 'Received Vouchers' | 'Sent Vouchers') {
  await page.goto('/wallet');
  await page.getByRole('tab', { name: 'Manage Vouchers' }).click();
  return page.getByRole('list', { name: title });
}

async function myVouchers(page: Page) {
  await page.goto('/wallet');
  await page.getByRole('tab', { name: 'My Vouchers' }).click();
  return page.getByRole('list', { name: 'My vouchers' });
}

test('a gift between two people: claimed from its e-mailed link, then exchanged for another merchant', async ({
  page,
  request,
  browser,
}) => {
  const product = await findProduct(request, GIFT_MERCHANT);
  const recipientEmail = uniqueEmail('recipient');
  const { giftLink } = await buyGift(page, request, product, { name: 'Bea Recipient', email: recipientEmail });

  const bea = await personAt(browser, new URL(page.url()).origin, recipientEmail, 'Bea Recipient');
  await bea.goto(giftLink);
  await expect(bea.getByRole('heading', { level: 1 })).toContainText('Ada Giver sent you a gift');
  await bea.getByRole('button', { name: 'Redeem Gift' }).click();
  await expect(bea).toHaveURL('/confirmation');
  await expect(bea.getByRole('heading', { level: 1, name: REDEEMED_HEADING })).toBeVisible();
  await bea.getByRole('link', { name: 'Go To My Account' }).click();
  await expect(bea).toHaveURL('/wallet');
  const vouchers = await myVouchers(bea);
  await expect(vouchers.getByRole('listitem')).toHaveCount(1);
  await expect(vouchers).toContainText(GIFT_MERCHANT);

  // Both sides see the gift as confirmed: Bea under Received, the giver (still signed in) under Sent.
  const received = await transfers(bea, 'Received Vouchers');
  await expect(received.getByRole('listitem').filter({ hasText: GIFT_MERCHANT })).toContainText('Confirmed');
  const sent = await transfers(page, 'Sent Vouchers');
  const sentGift = sent.getByRole('listitem').filter({ hasText: 'To Bea Recipient' });
  await expect(sentGift).toContainText(GIFT_MERCHANT);
  await expect(sentGift).toContainText('Confirmed');

  // The same link cannot be claimed again.
  await bea.goto(giftLink);
  await expect(bea.getByText('This gift has already been claimed.')).toBeVisible();

  // Exchange it from the wallet for the first other merchant offered.
  const beaVouchers = await myVouchers(bea);
  await beaVouchers.getByRole('link', { name: 'Exchange' }).click();
  await expect(bea).toHaveURL(/\/exchange-voucher\?id=.+&amount=50&country=GB&currency=GBP/);
  const options = bea.getByRole('list', { name: 'Exchange options' });
  const first = options.getByRole('button').first();
  await expect(first).toContainText('Exchange for £50.00');
  await expect(options).not.toContainText(GIFT_MERCHANT);
  const newMerchant = (await first.locator('.font-semibold').textContent()) ?? '';
  await first.click();
  const dialog = bea.getByRole('alertdialog', { name: 'Confirm Exchange' });
  await dialog.getByRole('button', { name: 'Confirm Exchange' }).click();
  await expect(bea).toHaveURL('/exchange-confirmation');
  await expect(
    bea.getByRole('heading', { level: 1, name: 'Gift Voucher Successfully Exchanged and Added to Your Account' }),
  ).toBeVisible();
  await expect(bea.getByText('Successfully exchanged your voucher')).toBeVisible();
  const after = await myVouchers(bea);
  await expect(after.getByRole('listitem')).toHaveCount(1);
  await expect(after).not.toContainText(GIFT_MERCHANT);
  await expect(after).toContainText(newMerchant);
  await bea.context().close();
});

test('a gift redeemed by its sender’s e-mail, then converted into UGM Credit', async ({ page, request, browser }) => {
  const product = await findProduct(request, GIFT_MERCHANT);
  const recipientEmail = uniqueEmail('recipient');
  const { buyerEmail } = await buyGift(page, request, product, { name: 'Cy Recipient', email: recipientEmail });

  const cy = await personAt(browser, new URL(page.url()).origin, recipientEmail, 'Cy Recipient');
  await cy.goto('/redeem');
  await expect(cy.getByRole('heading', { level: 1, name: 'REDEEM VOUCHER' })).toBeVisible();
  await cy.getByRole('tab', { name: 'Redeem via Email' }).click();
  const find = cy.getByRole('button', { name: 'Find Gift' });
  await expect(find).toBeDisabled();
  await cy.getByLabel("Sender's email").fill(buyerEmail);
  await find.click();
  const gifts = cy.getByRole('group', { name: `Pending gifts from ${buyerEmail}` });
  await gifts.getByRole('listitem').filter({ hasText: GIFT_MERCHANT }).click();
  await expect(gifts.getByRole('radio', { name: new RegExp(GIFT_MERCHANT) })).toBeChecked();
  await cy.getByRole('button', { name: 'Redeem Gift' }).click();
  await expect(cy).toHaveURL('/confirmation');
  await expect(cy.getByRole('heading', { level: 1, name: REDEEMED_HEADING })).toBeVisible();

  const vouchers = await myVouchers(cy);
  await expect(vouchers).toContainText(GIFT_MERCHANT);
  await vouchers.getByRole('link', { name: 'Exchange' }).click();
  await cy.getByRole('button', { name: 'Convert This Into UGM Credit' }).click();
  await expect(cy).toHaveURL('/wallet');
  await expect(cy.getByText('Successfully converted to UGM Credit')).toBeVisible();
  await expect(cy.getByRole('main')).toContainText('50.00');
  await expect(cy.getByRole('main').getByText('Wallet Funding').first()).toBeVisible();
  await myVouchers(cy);
  await expect(cy.getByText('No Active Vouchers')).toBeVisible();
  await cy.context().close();
});
