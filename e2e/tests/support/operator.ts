import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  currentOperatorSchema,
  type OperatorRole,
  operatorPendingSessionSchema,
  operatorSessionSchema,
  operatorTotpSetupSchema,
  teamMemberSchema,
} from '@gvm/contract/ops';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { extractCode, readLatestMail } from '../mailbox';

/** The admin named in OPS_ADMINS (e2e/server.mjs): the one operator nobody invites. */
export const OPS_ADMIN_EMAIL = 'ops-admin@example.com';

const OPS = '/api/v1/ops';
const STEP_SECONDS = 30;

/** An operator a test made, and what signing them in again needs. */
export interface TestOperator {
  email: string;
  role: OperatorRole;
  /** The authenticator's key, as the operator's app would keep it. */
  secret: string;
  /** The last time step whose code the server accepted: each code works once (decision 045). */
  lastStep: number;
  /** The operator session's token, once signed in. */
  token: string;
}

/** A fresh work address for one test, so each test owns its operators. */
export function uniqueOperatorEmail(role: string): string {
  return `ops-${role}-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
}

function currentStep(): number {
  return Math.floor(Date.now() / 1000 / STEP_SECONDS);
}

/**
 * A real authenticator code (RFC 6238 by otplib) for a time step later than `lastStep`: the
 * current one, or the next, which the server takes for clock drift; beyond that it waits.
 */
export async function authenticatorCode(
  secret: string,
  lastStep = Number.NEGATIVE_INFINITY,
): Promise<{ code: string; step: number }> {
  while (currentStep() + 1 <= lastStep) await new Promise((resolve) => setTimeout(resolve, 500));
  const step = Math.max(currentStep(), lastStep + 1);
  return { code: await generate({ secret, epoch: step * STEP_SECONDS }), step };
}

async function postJson(request: APIRequestContext, url: string, token: string | null, data?: object) {
  const response = await request.post(`${OPS}${url}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    ...(data ? { data } : {}),
  });
  if (!response.ok()) throw new Error(`POST ${OPS}${url} answered ${response.status()}: ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

/** The e-mailed code step through the API: a pending session. */
async function pendingSession(request: APIRequestContext, email: string) {
  const requestedAt = new Date();
  await postJson(request, '/auth/code', null, { email });
  const mail = await readLatestMail(request, email, { after: requestedAt });
  const code = extractCode(mail.text);
  return operatorPendingSessionSchema.parse(await postJson(request, '/auth/verify-code', null, { email, code }));
}

/**
 * Signs an operator in through the API only (e-mailed code, then a real TOTP code), setting up
 * the authenticator when `secret` is not known yet.
 */
async function signInThroughApi(
  request: APIRequestContext,
  email: string,
  known?: { secret: string; lastStep: number },
): Promise<{ token: string; secret: string; lastStep: number }> {
  const pending = await pendingSession(request, email);
  let secret = known?.secret;
  if (pending.next === 'totp-setup' || !secret) {
    secret = operatorTotpSetupSchema.parse(await postJson(request, '/auth/totp/setup', pending.token)).setupKey;
  }
  const { code, step } = await authenticatorCode(secret, known?.lastStep);
  const session = operatorSessionSchema.parse(await postJson(request, '/auth/totp/verify', pending.token, { code }));
  return { token: session.token, secret, lastStep: step };
}

async function isSignedIn(request: APIRequestContext, token: string): Promise<boolean> {
  const response = await request.get(`${OPS}/me`, { headers: { Authorization: `Bearer ${token}` } });
  return response.ok();
}

/** The port of the server `request` talks to: the shared one, or a test's own (marketplace-server.ts). */
async function serverPort(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/v1/health');
  return new URL(response.url()).port;
}

/**
 * The OPS_ADMINS admin's session, shared by every test of the run: its authenticator code works
 * once per 30 seconds, so two workers cannot each sign it in. The first to need it signs it in
 * (under a lock folder in the run's output folder, which Playwright empties at the start of a
 * run) and leaves the session in a file there; the others read it. Each server has its own admin
 * (a test may start a marketplace of its own), so the file and the lock are per server.
 */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const folder = test.info().project.outputDir;
  mkdirSync(folder, { recursive: true });
  const port = await serverPort(request);
  const file = path.join(folder, `ops-admin-session-${port}.json`);
  const lock = path.join(folder, `ops-admin-session-${port}.lock`);
  const read = (): { token: string; secret: string; lastStep: number } | null => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as { token: string; secret: string; lastStep: number };
    } catch {
      return null;
    }
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const stored = read();
    if (stored && (await isSignedIn(request, stored.token))) return stored.token;
    try {
      mkdirSync(lock);
    } catch {
      // Another worker is signing the admin in; a lock older than a minute was left by a crash.
      const lockedAt = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - lockedAt > 60_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('The OPS_ADMINS admin was not signed in in time');
      await new Promise((resolve) => setTimeout(resolve, 300));
      continue;
    }
    try {
      const again = read();
      if (again && (await isSignedIn(request, again.token))) return again.token;
      const session = await signInThroughApi(request, OPS_ADMIN_EMAIL, again ?? undefined);
      writeFileSync(file, JSON.stringify(session));
      return session.token;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/**
 * Invites a fresh operator with `role` through Team's API: by the OPS_ADMINS admin, or by the
 * admin whose session token is `as`.
 */
export async function inviteOperator(
  request: APIRequestContext,
  role: OperatorRole,
  options: { email?: string; as?: string } = {},
) {
  const email = options.email ?? uniqueOperatorEmail(role);
  const token = options.as ?? (await adminToken(request));
  return teamMemberSchema.parse(await postJson(request, '/team', token, { email, role }));
}

/**
 * (a) + (c): a fresh operator of `role`, invited by the admin and signed in through the API with
 * a real TOTP code (its authenticator set up on the way).
 */
export async function createOperator(request: APIRequestContext, role: OperatorRole): Promise<TestOperator> {
  const { email } = await inviteOperator(request, role);
  const session = await signInThroughApi(request, email);
  return { email, role, ...session };
}

/**
 * (c) The fast way in for tests not about signing in: gives the page's browser the cookies the
 * sign-in's answer would have set (decision 073: the HttpOnly session for /api/v1/ops, and its
 * CSRF token for /ops, a hash of it) and opens `path`.
 */
export async function openConsoleAs(
  page: Page,
  operator: Pick<TestOperator, 'token'>,
  path = '/ops',
  // The server the page opens: by default the tests' own (playwright.config.ts: localhost on
  // E2E_PORT); the cluster's tests open one instance straight.
  origin = `http://localhost:${process.env.E2E_PORT ?? 3100}`,
): Promise<void> {
  const common = { sameSite: 'Strict' as const, secure: false };
  await page.context().addCookies([
    { name: 'ops_session', value: operator.token, url: `${origin}${OPS}`, httpOnly: true, ...common },
    { name: 'ops_csrf', value: csrfTokenOf(operator.token), url: `${origin}/ops`, httpOnly: false, ...common },
  ]);
  await page.goto(path);
  // The menu: a column from 768 px; below, behind the header's 'Menu' button.
  await expect(
    page.getByRole('navigation', { name: 'Console' }).or(page.getByRole('button', { name: /^Menu/ })),
  ).toBeVisible();
}

/** The console's CSRF token for a session, as the API derives it (apps/api operators/session-cookie.ts). */
export function csrfTokenOf(sessionToken: string): string {
  return createHash('sha256').update(`ops-csrf:${sessionToken}`).digest('base64url');
}

/**
 * (b) Signs `operator` in through the console's form as a person would: work e-mail, the
 * e-mailed code from the dev mailbox, then a real TOTP code; the first time, the authenticator is
 * set up from the 'Setup key' the page shows. Updates `operator` (secret, last step, token).
 */
export async function signInThroughConsole(
  page: Page,
  request: APIRequestContext,
  operator: { email: string; secret?: string; lastStep?: number },
): Promise<{ secret: string; lastStep: number; setUp: boolean }> {
  if (new URL(page.url()).pathname !== '/ops/login') await page.goto('/ops/login');
  await expect(page.getByRole('heading', { name: 'Operator sign-in' })).toBeVisible();
  const requestedAt = new Date();
  await page.getByLabel('Work email').fill(operator.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const codeField = page.getByLabel('Sign-in code');
  await expect(codeField).toBeVisible();
  const mail = await readLatestMail(request, operator.email, { after: requestedAt });
  await codeField.fill(extractCode(mail.text));
  await page.getByRole('button', { name: 'Continue' }).click();
  const totpField = page.getByLabel('Authenticator code');
  await expect(totpField).toBeVisible();
  const setUp = await page.getByRole('heading', { name: 'Set up two-step verification' }).isVisible();
  const secret = setUp ? await page.getByLabel('Setup key').inputValue() : operator.secret;
  if (!secret) throw new Error(`No authenticator key known for ${operator.email}`);
  const { code, step } = await authenticatorCode(secret, operator.lastStep);
  await totpField.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
  operator.secret = secret;
  operator.lastStep = step;
  return { secret, lastStep: step, setUp };
}

/** The signed-in operator as GET /ops/me answers for `token`. */
export async function operatorMe(request: APIRequestContext, token: string) {
  const response = await request.get(`${OPS}/me`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return currentOperatorSchema.parse(await response.json());
}
