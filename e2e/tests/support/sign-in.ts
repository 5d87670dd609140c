import { apiUrl, authEndpoints, successSchema } from '@gvm/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { extractCode, readLatestMail } from '../mailbox';
import { createAccount } from './accounts';

export interface SignInOptions {
  /** The account's name when it has to be created; 'Test Shopper' by default. */
  name?: string;
}

/**
 * Signs `email` in through the real UI, as a shopper would: creates the account if needed,
 * asks for a code on /login, reads the code from the dev mailbox and enters it. Resolves once
 * the browser has left the sign-in pages (for the remembered returnTo, or home).
 *
 * To come back to a protected page, open it first and wait for the redirect to land, so the
 * page is remembered: `await page.goto('/wallet'); await expect(page).toHaveURL('/login');`
 * (or start at `/login?returnTo=/wallet`). When already on /login it signs in from there.
 */
export async function signIn(
  page: Page,
  request: APIRequestContext,
  email: string,
  options: SignInOptions = {},
): Promise<void> {
  await createAccount(request, email, options.name);
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  const requestedAt = new Date();
  await page.getByRole('main').getByPlaceholder('Enter your email').fill(email);
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await expect(page).toHaveURL(/\/login-code\?/);
  const mail = await readLatestMail(request, email, { subject: /sign-in code/i, after: requestedAt });
  await page.getByPlaceholder('Enter the 6-digit code').fill(extractCode(mail.text));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Signs `email` in through the API, for tests whose subject comes after signing in: the same
 * e-mailed code, given to `POST /users/login`, and the session kept where the web app keeps it
 * (`token` and `refreshToken` in localStorage, apps/web/src/lib/auth/token-storage.ts). The page
 * is left on a plain page of the site, so the caller's next `goto` opens the app signed in.
 * Signing in through the UI is the subject of auth.spec.ts and keeps its own tests. Resolves with
 * the session's access token and the user's id (the token's subject), for API calls as them.
 */
export async function signInThroughApi(
  page: Page,
  request: APIRequestContext,
  email: string,
  options: SignInOptions = {},
): Promise<{ token: string; userId: string }> {
  await createAccount(request, email, options.name);
  const requestedAt = new Date();
  const asked = await request.post(apiUrl(authEndpoints.generateCode.path), { data: { email } });
  expect(asked.ok(), await asked.text()).toBe(true);
  const mail = await readLatestMail(request, email, { subject: /sign-in code/i, after: requestedAt });
  const login = await request.post(apiUrl(authEndpoints.login.path), {
    data: { email, loginCode: extractCode(mail.text) },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { token, refreshToken } = successSchema(authEndpoints.login).parse(await login.json());
  await page.goto('/robots.txt');
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem('token', access);
      localStorage.setItem('refreshToken', refresh);
    },
    [token, refreshToken] as const,
  );
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string };
  return { token, userId: payload.sub };
}
