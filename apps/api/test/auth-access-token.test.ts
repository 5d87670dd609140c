import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { refreshTokens } from '../src/db/schema';
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

interface Session {
  userId: string;
  sessionId: string;
}

/** A token like the real one, with one claim or the key changed. */
function forge(
  { userId, sessionId }: Session,
  change: {
    issuer?: string;
    audience?: string;
    expiresAt?: number;
    typ?: string;
    key?: Uint8Array;
    sid?: string | null;
  } = {},
) {
  const sid = change.sid === undefined ? sessionId : change.sid;
  return new SignJWT({ typ: change.typ ?? 'access', ...(sid === null ? {} : { sid }) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(change.issuer ?? 'gvm-api')
    .setAudience(change.audience ?? 'gvm-web')
    .setIssuedAt(nowSeconds() - 60)
    .setExpirationTime(change.expiresAt ?? nowSeconds() + 600)
    .sign(change.key ?? secret);
}

async function newSession(): Promise<Session> {
  const { user, sessionId } = await createUserAndToken(ctx.app);
  return { userId: user.id, sessionId };
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
    expect((await getMe(`Bearer ${await forge(await newSession())}`)).statusCode).toBe(200);
  });

  it('refuses a request without a token', async () => {
    const response = await getMe();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Authentication required' });
  });

  const attacks: Array<[string, (session: Session) => Promise<string> | string]> = [
    [
      'an unsigned token (alg none)',
      ({ userId, sessionId }) =>
        new UnsecuredJWT({ typ: 'access', sid: sessionId })
          .setSubject(userId)
          .setIssuer('gvm-api')
          .setAudience('gvm-web')
          .setExpirationTime('10m')
          .encode(),
    ],
    ['a token for another audience', (session) => forge(session, { audience: 'someone-else' })],
    ['a token from another issuer', (session) => forge(session, { issuer: 'evil' })],
    ['an expired token', (session) => forge(session, { expiresAt: nowSeconds() - 1 })],
    [
      'a token signed with another secret',
      (session) => forge(session, { key: new TextEncoder().encode('x'.repeat(48)) }),
    ],
    ['a token that is not an access token', (session) => forge(session, { typ: 'refresh' })],
    ['a token without a session id', (session) => forge(session, { sid: null })],
    ['a token naming a session that never existed', (session) => forge(session, { sid: randomUUID() })],
    ['a token naming a session id that is not a UUID', (session) => forge(session, { sid: 'not-a-session' })],
    [
      'a token whose session has been revoked',
      async (session) => {
        await ctx.app.db
          .update(refreshTokens)
          .set({ revokedAt: new Date() })
          .where(eq(refreshTokens.familyId, session.sessionId));
        return forge(session);
      },
    ],
    ['garbage', () => 'not.a.jwt'],
  ];
  for (const [name, make] of attacks) {
    it(`refuses ${name} with 401`, async () => {
      const response = await getMe(`Bearer ${await make(await newSession())}`);
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
