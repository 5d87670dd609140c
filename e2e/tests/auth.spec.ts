import { expect, test } from './fixtures';
import { extractCode, extractLink, readLatestMail } from './mailbox';
import { createAccount, uniqueEmail } from './support/accounts';
import { signIn } from './support/sign-in';

const storedTokens = (page: import('@playwright/test').Page) =>
  page.evaluate(() => ({ token: localStorage.getItem('token'), refreshToken: localStorage.getItem('refreshToken') }));

// A new account has no wishlist yet, and the home page's hearts read it: that 404 is expected (docs/product/browsing.md#wishlist).
test('signing up and opening the verification link from the mailbox lands signed in on the home page', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('signup');
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill('Grace Hopper');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page.getByText('Validation email sent')).toBeVisible();
  await expect(page.getByText(`We've sent a validation email to ${email}. Please check your inbox.`)).toBeVisible();
  await expect(page).toHaveURL(`/login?email=${encodeURIComponent(email)}`);
  await expect(page.getByRole('main').getByPlaceholder('Enter your email')).toHaveValue(email);

  const mail = await readLatestMail(request, email, { subject: /verify your e-mail/i });
  await page.goto(extractLink(mail.text, '/verify/'));
  await expect(page.getByText('Email Verified!')).toBeVisible();
  await expect(page.getByText('Your account has been verified successfully.')).toBeVisible();
  await expect(page).toHaveURL('/');
  expect((await storedTokens(page)).refreshToken).toBeTruthy();

  await page.goto('/account');
  await expect(page.getByText('Grace Hopper')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
});

test('a used or unknown verification link fails and goes to sign up', async ({ page }) => {
  await page.goto('/verify/not-a-real-token');
  await expect(page.getByText('Verification Failed').first()).toBeVisible();
  await expect(
    page.getByText('The verification link is invalid or expired. Please try signing up again.').first(),
  ).toBeVisible();
  await expect(page).toHaveURL('/signup', { timeout: 6_000 });
});

test('signing in by code with returnTo goes back to the wanted page', async ({ page, request }) => {
  const email = uniqueEmail('returnto');
  await page.goto('/login?returnTo=/settings');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await expect(page.getByText('Welcome back!')).toBeVisible();

  await signIn(page, request, email);
  await expect(page.getByText('Success!')).toBeVisible();
  await expect(page.getByText("You've successfully logged in")).toBeVisible();
  await expect(page).toHaveURL('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('returnTo'))).toBeNull();
});

test('a guest opening /wallet directly goes to /login and comes back to /wallet after signing in', async ({
  page,
  request,
}) => {
  await page.goto('/wallet');
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => localStorage.getItem('returnTo'))).toBe('/wallet');

  await signIn(page, request, uniqueEmail('wallet'));
  await expect(page).toHaveURL('/wallet');
});

test('a wrong code shows the server message and keeps the user on the code page', async ({ page, request }) => {
  const email = uniqueEmail('wrongcode');
  await createAccount(request, email);
  await page.goto('/login');
  const requestedAt = new Date();
  await page.getByRole('main').getByPlaceholder('Enter your email').fill(email);
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await expect(page.getByText('Verification code sent')).toBeVisible();
  await expect(page).toHaveURL(`/login-code?email=${encodeURIComponent(email)}`);
  await expect(page.getByRole('main').getByText(email)).toBeVisible();

  const code = extractCode(
    (await readLatestMail(request, email, { subject: /sign-in code/i, after: requestedAt })).text,
  );
  const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await page.getByPlaceholder('Enter the 6-digit code').fill(wrongCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The verification code is incorrect')).toBeVisible();
  await expect(page).toHaveURL(/\/login-code\?/);
  expect((await storedTokens(page)).token).toBeNull();

  await page.getByRole('button', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(`/login?email=${encodeURIComponent(email)}`);
});

test('logging out clears the tokens, remembers the page and lands on /login', async ({ page, request }) => {
  await page.goto('/account');
  await expect(page).toHaveURL('/login');
  await signIn(page, request, uniqueEmail('logout'));
  await expect(page).toHaveURL('/account');
  await page.getByRole('button', { name: 'Log out' }).click();

  await expect(page).toHaveURL('/login');
  expect(await storedTokens(page)).toEqual({ token: null, refreshToken: null });
  expect(await page.evaluate(() => localStorage.getItem('previousPage'))).toBe('/account');

  await page.goto('/settings');
  await expect(page).toHaveURL('/login');
});

test('logging out from the side menu remembers the page and lands on /login', async ({ page, request }) => {
  await page.goto('/login?returnTo=/settings');
  await signIn(page, request, uniqueEmail('sidemenu'));
  await expect(page).toHaveURL('/settings');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  expect(await storedTokens(page)).toEqual({ token: null, refreshToken: null });
  expect(await page.evaluate(() => localStorage.getItem('previousPage'))).toBe('/settings');
});

test("a guest clicking the header's Wallet link goes to /login and comes back after signing in", async ({
  page,
  request,
}) => {
  await page.goto('/about');
  await page.getByRole('banner').getByRole('link', { name: 'Wallet' }).click();
  await expect(page).toHaveURL('/login');
  await signIn(page, request, uniqueEmail('headerwallet'));
  await expect(page).toHaveURL('/wallet');
});

test('an expired access token is renewed with the refresh token on load', async ({ page, request }) => {
  await page.goto('/login?returnTo=/account');
  await signIn(page, request, uniqueEmail('renew'));
  await expect(page).toHaveURL('/account');
  // A JWT-shaped token whose exp lies in the past: the session check must refresh it.
  const expired = `e30.${Buffer.from(JSON.stringify({ exp: 1 })).toString('base64url')}.sig`;
  await page.evaluate((token) => localStorage.setItem('token', token), expired);

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('Test Shopper');
  const { token } = await storedTokens(page);
  expect(token).not.toBe(expired);
});

test('a renewal whose answer was lost on the way does not end the session', async ({ page, request }) => {
  await page.goto('/login?returnTo=/account');
  await signIn(page, request, uniqueEmail('lostanswer'));
  await expect(page).toHaveURL('/account');
  // On a page of the site that runs none of the app, so nothing renews the session meanwhile.
  await page.goto('/robots.txt');
  const expired = `e30.${Buffer.from(JSON.stringify({ exp: 1 })).toString('base64url')}.sig`;
  await page.evaluate((token) => localStorage.setItem('token', token), expired);
  const { refreshToken } = await storedTokens(page);

  // The server rotates the refresh token, but its answer never reaches the page (as when a page
  // is left mid-renewal): the browser still holds the token the server has just replaced.
  const renewal = await request.post('/api/v1/users/refresh-token', { data: { refreshToken } });
  expect(renewal.status()).toBe(200);

  // The next load presents the replaced token, moments later, and is still signed in.
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('Test Shopper');
  const renewed = await storedTokens(page);
  expect(renewed.refreshToken).not.toBe(refreshToken);
  expect(renewed.token).not.toBe(expired);
});

test('a refused refresh token signs the user out and remembers the page', async ({ page, request }) => {
  await page.goto('/login?returnTo=/account');
  await signIn(page, request, uniqueEmail('refused'));
  await expect(page).toHaveURL('/account');
  await page.evaluate(() => {
    localStorage.setItem('token', 'not-a-jwt');
    localStorage.setItem('refreshToken', 'revoked-or-unknown');
  });

  await page.goto('/wallet?tab=received');
  await expect(page).toHaveURL('/login');
  expect(await storedTokens(page)).toEqual({ token: null, refreshToken: null });
  expect(await page.evaluate(() => localStorage.getItem('returnTo'))).toBe('/wallet?tab=received');
});

test('logging out in another tab signs this tab out too', async ({ page, context, request }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL('/login');
  await signIn(page, request, uniqueEmail('tabs'));
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();

  const otherTab = await context.newPage();
  await otherTab.goto('/account');
  await otherTab.getByRole('button', { name: 'Log out' }).click();
  await expect(otherTab).toHaveURL('/login');

  await expect(page).toHaveURL('/login');
});

test('Continue with Google says plainly that Google sign-in is not available without a client id', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  await expect(page.getByText('Google sign-in is not available. Please continue with your email.')).toBeVisible();

  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  await expect(page.getByText('Google sign-up is not available. Please sign up with your email.')).toBeVisible();
});

test('the login form rejects an address without @ before asking the server', async ({ page }) => {
  await page.goto('/login?email=not-an-address');
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('Invalid email')).toBeVisible();
  await expect(toasts.getByText('Please enter a valid email address')).toBeVisible();
  // Decision 029: the field says it too.
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveAccessibleDescription(
    'Please enter a valid email address',
  );
  await expect(page).toHaveURL(/\/login\?/);
});
