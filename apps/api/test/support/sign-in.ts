import type { SessionTokens } from '@gvm/contract';
import type { App } from '../../src/app-types';
import { codeIn, latestMailTo } from './mail';

/** Each call comes from its own address, so per-IP limits never couple unrelated tests. */
let ipCounter = 0;
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Asks for a code for `email` and answers the code from the e-mail it caused. */
export async function requestCode(app: App, email: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/users/generate-code',
    payload: { email },
    remoteAddress: nextIp(),
  });
  if (response.statusCode !== 200) throw new Error(`generate-code answered ${response.statusCode}: ${response.body}`);
  return codeIn(await latestMailTo(app, email.trim().toLowerCase()));
}

/** Signs in the way a shopper does: request a code, read it from the e-mail, submit it. */
export async function signInByCode(app: App, email: string): Promise<SessionTokens> {
  const loginCode = await requestCode(app, email);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email, loginCode },
    remoteAddress: nextIp(),
  });
  if (response.statusCode !== 200) throw new Error(`login answered ${response.statusCode}: ${response.body}`);
  return response.json<SessionTokens>();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
