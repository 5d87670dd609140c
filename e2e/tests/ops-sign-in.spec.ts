import { expect, test } from './fixtures';
import { extractCode, readLatestMail } from './mailbox';
import {
  authenticatorCode,
  createOperator,
  inviteOperator,
  openConsoleAs,
  signInThroughConsole,
} from './support/operator';

/**
 * The operator's sign-in in the browser (docs/product/operators.md#sign-in): the e-mailed code,
 * then the authenticator, set up from the page's QR code and 'Setup key' the first time, and a
 * real TOTP code computed from that key (otplib) every time.
 */
test('an invited operator sets up two-step verification at the first sign-in, then signs in with the authenticator code', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { email } = await inviteOperator(request, 'support');

  // The first sign-in, step by step.
  await page.goto('/ops/login');
  await expect(page.getByRole('heading', { name: 'Operator sign-in' })).toBeVisible();
  const requestedAt = new Date();
  await page.getByLabel('Work email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const mail = await readLatestMail(request, email, { after: requestedAt });
  await page.getByLabel('Sign-in code').fill(extractCode(mail.text));
  await page.getByLabel('Sign-in code').press('Enter');
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const setupKey = await page.getByLabel('Setup key').inputValue();
  expect(setupKey).toMatch(/^[A-Z2-7]{16,}$/);
  const first = await authenticatorCode(setupKey);
  await page.getByLabel('Authenticator code').fill(first.code);
  await page.getByRole('button', { name: 'Verify' }).click();
  const menu = page.getByRole('navigation', { name: 'Console' });
  await expect(menu).toBeVisible();
  await expect(page).toHaveURL('/ops/customers');
  await expect(page.getByText(email)).toBeVisible();
  // The operator's session is a cookie no script reads, kept apart from a shopper's token.
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await page.evaluate(() => document.cookie)).not.toContain('ops_session');
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'ops_session')).toMatchObject({
    httpOnly: true,
    sameSite: 'Strict',
    path: '/api/v1/ops',
  });

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Operator sign-in' })).toBeVisible();

  // Every later sign-in: the authenticator's code alone, no set-up.
  const later = await signInThroughConsole(page, request, { email, secret: setupKey, lastStep: first.step });
  expect(later.setUp).toBe(false);
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toHaveCount(0);
  await expect(page.getByText(email)).toBeVisible();
});

test('an ended session sends the operator back to /ops/login, saying so', async ({ page, request }) => {
  test.setTimeout(60_000);
  const operator = await createOperator(request, 'finance');
  await openConsoleAs(page, operator, '/ops/reports');
  // The page's own requests answered first: one still on its way when the session ends would
  // meet the 401 itself and clear the session before the reload below (a race, not the subject).
  await page.waitForLoadState('networkidle');
  // The session ends elsewhere (signed out from another tab, or 30 minutes idle).
  const ended = await request.post('/api/v1/ops/auth/sign-out', {
    headers: { Authorization: `Bearer ${operator.token}` },
  });
  expect(ended.status()).toBe(204);
  await page.reload();
  await expect(page).toHaveURL(/\/ops\/login\?ended=1$/);
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  expect(await page.evaluate(() => document.cookie)).not.toContain('ops_csrf');
});
