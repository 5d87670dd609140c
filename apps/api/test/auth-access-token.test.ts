import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { createTestApp, type TestContext } from './helpers';
import { bearer, signInByCode } from './support/sign-in';
import { createUserAndToken } from './support/users';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const secret = new TextEncoder().encode(testConfig().jwtSecret);
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A token like the real one, with one claim or the key changed. */
function forge(
  userId: string,
  change: { issuer?: string; audience?: string; expiresAt?: number; typ?: string; key?: Uint8Array } = {},
) {
  return new SignJWT({ typ: change.typ ?? 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(change.issuer ?? 'gvm-api')
    .setAudience(change.audience ?? 'gvm-web')
    .setIssuedAt(nowSeconds() - 60)
    .setExpirationTime(change.expiresAt ?? nowSeconds() + 600)
    .sign(change.key ?? secret);
}

function getMe(authorization?: string) {
  return ctx.app.inject({
    method: 'GET',
    url: '/api/v1/users/me',
    headers: authorization ? { authorization } : {},
  });
}

describe('GET /users/me refuses anything but a valid access token', () => {
  it('accepts the token the server signed (control)', async () => {
    const { user } = await createUserAndToken(ctx.app);
    expect((await getMe(`Bearer ${await forge(user.id)}`)).statusCode).toBe(200);
  });

  it('refuses a request without a token', async () => {
    const response = await getMe();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Authentication required' });
  });

  const attacks: Array<[string, (userId: string) => Promise<string> | string]> = [
    [
      'an unsigned token (alg none)',
      (id) =>
        new UnsecuredJWT({ typ: 'access' })
          .setSubject(id)
          .setIssuer('gvm-api')
          .setAudience('gvm-web')
          .setExpirationTime('10m')
          .encode(),
    ],
    ['a token for another audience', (id) => forge(id, { audience: 'someone-else' })],
    ['a token from another issuer', (id) => forge(id, { issuer: 'evil' })],
    ['an expired token', (id) => forge(id, { expiresAt: nowSeconds() - 1 })],
    ['a token signed with another secret', (id) => forge(id, { key: new TextEncoder().encode('x'.repeat(48)) })],
    ['a token that is not an access token', (id) => forge(id, { typ: 'refresh' })],
    ['garbage', () => 'not.a.jwt'],
  ];
  for (const [name, make] of attacks) {
    it(`refuses ${name} with 401`, async () => {
      const { user } = await createUserAndToken(ctx.app);
      const response = await getMe(`Bearer ${await make(user.id)}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Your session has expired. Please log in again.' });
    });
  }

  it('refuses a refresh token in place of an access token', async () => {
    const { user } = await createUserAndToken(ctx.app);
    const session = await signInByCode(ctx.app, user.email);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(session.token) })).statusCode,
    ).toBe(200);
    expect((await getMe(`Bearer ${session.refreshToken}`)).statusCode).toBe(401);
  });
});
