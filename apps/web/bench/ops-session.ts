import { randomBytes } from 'node:crypto';
import { opsEndpoints } from '@gvm/contract/ops';
import { outreachEndpoints } from '@gvm/contract/outreach';
import { generate } from 'otplib';
import { post, readCode, signedInStorage, subject } from './session';

/** The admin named in OPS_ADMINS by the server the bench starts (e2e/server.mjs). */
export const OPS_ADMIN_EMAIL = 'ops-admin@example.com';

const api = (path: string) => `/api/v1${path}`;

/**
 * Signs the OPS_ADMINS admin in through the API, as the browser tests do (e2e/tests/support/
 * operator.ts): the e-mailed code from the dev mailbox, then the authenticator, set up on the way
 * (the bench's server starts on an empty database) and answered with a real TOTP code (otplib).
 * Returns the operator session's token, which the console's browser keeps as the `ops_session`
 * cookie (decision 073).
 */
export async function operatorToken(baseURL: string, email = OPS_ADMIN_EMAIL): Promise<string> {
  await post(baseURL, api(opsEndpoints.requestCode.path), { email });
  const code = await readCode(baseURL, email);
  const pending = (await post(baseURL, api(opsEndpoints.verifyCode.path), { email, code })) as {
    token: string;
    next: string;
  };
  if (pending.next !== 'totp-setup') {
    throw new Error(`${email} has set up an authenticator already: the bench needs a fresh server`);
  }
  const { setupKey } = (await post(baseURL, api(opsEndpoints.totpSetup.path), undefined, pending.token)) as {
    setupKey: string;
  };
  const totp = await generate({ secret: setupKey, epoch: Math.floor(Date.now() / 1000) });
  const session = (await post(baseURL, api(opsEndpoints.totpVerify.path), { code: totp }, pending.token)) as {
    token: string;
  };
  return session.token;
}

/**
 * Something for the console's pages to show: a customer (a shopper registered and signed in once),
 * a contact message and a partner application, sent through the public forms. Returns the
 * customer's id.
 */
export async function consoleData(baseURL: string): Promise<{ customerId: string }> {
  const { token } = await signedInStorage(baseURL);
  if (!token) throw new Error('The shopper was not signed in');
  await post(baseURL, api(outreachEndpoints.sendSupportMessage.path), {
    name: 'Bench Shopper',
    email: 'bench-shopper@example.com',
    subject: 'support',
    message: 'My voucher code does not work at the till.',
  });
  await post(baseURL, api(outreachEndpoints.applyForPartnership.path), {
    companyName: 'Bench Books Ltd',
    contactName: 'Bench Partner',
    businessEmail: 'partner@bench-books.example.com',
    businessCategory: 'other',
    aboutBusiness: 'An independent bookshop.',
  });
  return { customerId: subject(token) };
}

/** Invites a fresh support operator by Team's API with the admin's `token`; answers the work e-mail. */
export async function inviteOperator(baseURL: string, token: string): Promise<string> {
  const email = `bench-ops-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
  await post(baseURL, api(opsEndpoints.invite.path), { email, role: 'support' }, token);
  return email;
}

/** The first item's id of a console list (`GET /ops/messages`: `messages`), with the operator's token. */
export async function firstListed(baseURL: string, path: string, key: string, token: string): Promise<string> {
  const response = await fetch(new URL(api(path), baseURL), { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  const items = ((await response.json()) as Record<string, { id: string }[] | undefined>)[key] ?? [];
  const id = items[0]?.id;
  if (!id) throw new Error(`GET ${path} listed nothing`);
  return id;
}
