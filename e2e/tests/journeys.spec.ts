import type { Product } from '@gvm/contract';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { extractLink, readLatestMail } from './mailbox';
import { uniqueEmail } from './support/accounts';
import { findProduct } from './support/catalogue';
import { buyGift, buyThroughApi, enterCard, PAYING_CARD } from './support/purchase';
import { signInThroughApi } from './support/sign-in';

/**
 * Journeys tried as a new shopper would, on a phone and on a desktop, each ending where the
 * shopper meant to be (decision 072): the payment result at its message
 * (docs/product/README.md#page-shell), a gift recipient and a new customer back after signing up
 * (docs/product/accounts.md#coming-back-after-signing-up), a wallet card's Exchange free of the
 * chat launcher (docs/product/support-chat.md#in-the-browser).
 */

// Each journey signs someone up or in through the mailbox and pays through the simulator.
test.beforeEach(() => test.slow());

const screens = [
  { name: 'a phone', width: 390, height: 844 },
  { name: 'a desktop', width: 1280, height: 800 },
];

/** Adds `product` at £50 to the cart from its page, as a shopper does; lands on /cart. */
async function addToCart(page: Page, product: Product): Promise<void> {
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.merchant.name })).toBeVisible();
  await page.getByRole('group', { name: 'Value per card' }).getByText('£50.00', { exact: true }).click();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page).toHaveURL('/cart');
}

/** Fills the sign-up form (its address already there) and sends it; lands on /login?email. */
async function signUp(page: Page, email: string, name: string): Promise<void> {
  await expect(page).toHaveURL(`/signup?email=${encodeURIComponent(email)}`);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await page.getByLabel('Full Name').fill(name);
  await page.getByRole('main').getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(`/login?email=${encodeURIComponent(email)}`);
}

/**
 * From /login, a code asked for an address with no account: the code page offers 'Sign up' (as it
 * does for every address), and the e-mail says there is no account.
 */
async function askCodeThenSignUp(page: Page, request: APIRequestContext, email: string) {
  const askedAt = new Date();
  await page.getByRole('main').getByPlaceholder('Enter your email').fill(email);
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await expect(page).toHaveURL(/\/login-code\?/);
  const mail = await readLatestMail(request, email, { after: askedAt });
  expect(mail.text).toContain('no account exists for this address');
  await page.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
}

/** Opens the verification link the sign-up e-mailed to `email`. */
async function openVerificationLink(page: Page, request: APIRequestContext, email: string) {
  const mail = await readLatestMail(request, email, { subject: /verify your e-mail/i });
  await page.goto(extractLink(mail.text, '/verify/'));
  await expect(page.getByText('Email Verified!')).toBeVisible();
}

/** Whether `target` is what a tap at its centre reaches (nothing drawn over it). */
async function reachableAtCentre(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && element.contains(top);
  });
}

async function giftFromSomeone(browser: Browser, baseURL: string, product: Product, recipient: string) {
  const giver = await browser.newContext({ baseURL });
  try {
    const page = await giver.newPage();
    return await buyGift(page, page.request, product, { name: 'Rosa Recipient', email: recipient });
  } finally {
    await giver.close();
  }
}

for (const screen of screens) {
  test.describe(`on ${screen.name} (${screen.width} px)`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('the payment result opens at its heading, after a checkout loaded afresh and paid from its foot', async ({
      page,
      request,
    }) => {
      const product = await findProduct(request, 'Red Letter Days');
      await signInThroughApi(page, request, uniqueEmail('scroll-buyer'), { name: 'Ada Buyer' });
      await addToCart(page, product);
      await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
      await page.getByRole('button', { name: 'Make Payment' }).click();
      await expect(page).toHaveURL(/\/pay\//);
      // 'Cancel' on the card page loads /checkout afresh.
      await page.getByRole('link', { name: 'Cancel' }).click();
      await expect(page).toHaveURL('/checkout');
      await expect(page.getByText('Welcome back!')).toBeVisible();
      await page.mouse.wheel(0, 10_000);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

      await page.getByRole('button', { name: 'Make Payment' }).click();
      await expect(page).toHaveURL(/\/pay\//);
      await enterCard(page, PAYING_CARD);
      await expect(page).toHaveURL(/\/confirmation\?session_id=/);
      const heading = page.getByRole('heading', { level: 1, name: 'Gift Voucher Successfully Added to Your Account' });
      await expect(heading).toBeInViewport();
      // Still there once the page has settled (a late restore would move it away).
      await page.waitForTimeout(500);
      await expect(heading).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });

    test('a gift recipient without an account signs up from the gift and comes back to it, claimed in one tap', async ({
      page,
      request,
      browser,
      baseURL,
    }) => {
      const product = await findProduct(request, 'Red Letter Days');
      const recipient = uniqueEmail('new-recipient');
      const { giftLink } = await giftFromSomeone(browser, baseURL ?? '', product, recipient);

      await page.goto(giftLink);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Ada Giver sent you a gift');
      await page.getByRole('button', { name: 'Log In To Continue' }).click();
      await expect(page).toHaveURL(/\/login\?returnTo=%2Fgift%2F/);
      await askCodeThenSignUp(page, request, recipient);
      await signUp(page, recipient, 'Rosa Recipient');
      await openVerificationLink(page, request, recipient);

      await expect(page).toHaveURL(giftLink);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Ada Giver sent you a gift');
      await page.getByRole('button', { name: 'Redeem Gift' }).click();
      await expect(page).toHaveURL('/confirmation');
      await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();

      await page.goto('/wallet');
      await page.getByRole('tab', { name: 'My Vouchers' }).click();
      await expect(page.getByRole('heading', { level: 3, name: 'Red Letter Days' })).toBeVisible();
    });

    test('a new customer asks for a code at checkout, signs up and is brought back to checkout with the cart', async ({
      page,
      request,
    }) => {
      const product = await findProduct(request, 'Red Letter Days');
      const email = uniqueEmail('new-customer');
      await addToCart(page, product);
      await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
      await page.getByRole('button', { name: 'Login to Pay' }).click();
      await expect(page).toHaveURL('/login?returnTo=%2Fcheckout');
      await askCodeThenSignUp(page, request, email);
      await signUp(page, email, 'Nina Newcomer');
      await openVerificationLink(page, request, email);

      await expect(page).toHaveURL('/checkout');
      await expect(page.getByText('Welcome back!')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Checkout items' })).toContainText('Red Letter Days');
      await expect(page.getByRole('button', { name: 'Make Payment' })).toBeEnabled();
    });

    test("the chat launcher leaves every voucher card's Exchange button free to tap", async ({ page, request }) => {
      const product = await findProduct(request, 'Red Letter Days');
      const { token } = await signInThroughApi(page, request, uniqueEmail('wallet-chat'), { name: 'Wes Wallet' });
      await buyThroughApi(request, token, [{ product, value: 50, quantity: 3 }]);
      await page.goto('/wallet');
      await page.getByRole('tab', { name: 'My Vouchers' }).click();
      await expect(page.getByRole('button', { name: 'Chat with us', exact: true })).toBeVisible();
      const exchanges = page.getByRole('main').getByRole('link', { name: 'Exchange' });
      await expect(exchanges).toHaveCount(3);

      // Each card scrolled just far enough to show its buttons, at the foot of the screen where
      // the launcher stands: the button is still what a tap on it reaches.
      for (const exchange of await exchanges.all()) {
        await exchange.evaluate((element) => element.scrollIntoView({ block: 'end' }));
        expect(await reachableAtCentre(exchange)).toBe(true);
      }
    });
  });
}
