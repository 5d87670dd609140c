import type { OperatorPendingSession, OperatorRole, OperatorSession, OperatorTotpSetup } from '@gvm/contract';
import { generate } from 'otplib';
import type { App } from '../../src/app-types';
import { operators } from '../../src/db/schema';
import type { TestClock } from './app';
import { codeIn, latestMailTo } from './mail';
import { bearer, nextIp } from './sign-in';

/** An operator row made directly, as Team's invitation would make it. */
export async function createOperator(app: App, email: string, role: OperatorRole): Promise<string> {
  const [row] = await app.db.insert(operators).values({ email, role }).returning({ id: operators.id });
  if (!row) throw new Error('operator not created');
  return row.id;
}

/** The authenticator app's code for a moment, as otplib computes it (RFC 6238). */
export function authenticatorCode(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

export function opsCall(
  app: App,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  token: string | null,
  payload?: object,
  ip = nextIp(),
) {
  return app.inject({
    method,
    url: `/api/v1/ops${path}`,
    headers: token ? bearer(token) : {},
    remoteAddress: ip,
    ...(payload ? { payload } : {}),
  });
}

/** Asks for an operator's sign-in code and answers it, read from the e-mail. */
export async function requestOperatorCode(app: App, email: string): Promise<string> {
  const response = await opsCall(app, 'POST', '/auth/code', null, { email });
  if (response.statusCode !== 200) throw new Error(`code answered ${response.statusCode}: ${response.body}`);
  return codeIn(await latestMailTo(app, email.trim().toLowerCase()));
}

/** The e-mailed code step: a pending session. */
export async function pendingSession(app: App, email: string): Promise<OperatorPendingSession> {
  const code = await requestOperatorCode(app, email);
  const response = await opsCall(app, 'POST', '/auth/verify-code', null, { email, code });
  if (response.statusCode !== 200) throw new Error(`verify-code answered ${response.statusCode}: ${response.body}`);
  return response.json<OperatorPendingSession>();
}

export interface SignedInTestOperator {
  email: string;
  token: string;
  /** The authenticator's secret, for signing in again. */
  secret: string;
}

/**
 * The whole sign-in as the console does it: e-mailed code, then the authenticator's set-up (the
 * first time) and a real TOTP code at the app's clock. Moves the clock past the time step used,
 * so the next sign-in of anyone gets a fresh code.
 */
export async function signInOperator(
  app: App,
  clock: TestClock,
  email: string,
  knownSecret?: string,
): Promise<SignedInTestOperator> {
  const pending = await pendingSession(app, email);
  let secret = knownSecret;
  if (!secret) {
    const setup = await opsCall(app, 'POST', '/auth/totp/setup', pending.token);
    if (setup.statusCode !== 200) throw new Error(`setup answered ${setup.statusCode}: ${setup.body}`);
    secret = setup.json<OperatorTotpSetup>().setupKey;
  }
  const code = await authenticatorCode(secret, clock.now());
  const verified = await opsCall(app, 'POST', '/auth/totp/verify', pending.token, { code });
  if (verified.statusCode !== 200) throw new Error(`totp verify answered ${verified.statusCode}: ${verified.body}`);
  clock.advance(30_000);
  return { email, token: verified.json<OperatorSession>().token, secret };
}
