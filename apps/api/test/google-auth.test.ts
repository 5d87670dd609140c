import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers';
import { type GoogleStandIn, type StandInToken, startGoogleStandIn } from './support/google-stand-in';
import { bearer, nextIp } from './support/sign-in';
import { createUserAndToken } from './support/users';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';

let google: GoogleStandIn;
let ctx: TestContext;
beforeAll(async () => {
  google = await startGoogleStandIn();
  ctx = await createTestApp({ googleClientId: CLIENT_ID, googleTokenInfoUrl: google.url });
});
afterAll(async () => {
  await ctx.close();
  await google.close();
});

let counter = 0;
/** Has the stand-in issue a token for an identity and answers the token. */
function googleToken(info: Partial<StandInToken> = {}): { accessToken: string; info: StandInToken } {
  counter += 1;
  const full: StandInToken = {
    aud: CLIENT_ID,
    azp: CLIENT_ID,
    sub: `10${counter}98765432`,
    email: `google-user-${counter}@gmail.com`,
    email_verified: 'true',
    ...info,
  };
  const accessToken = `ya29.stand-in-${counter}`;
  google.issue(accessToken, full);
  return { accessToken, info: full };
}

function exchange(payload: Record<string, unknown>, app = ctx.app) {
  return app.inject({ method: 'POST', url: '/api/v1/users/auth/google/token', payload, remoteAddress: nextIp() });
}

describe('signing up with Google', () => {
  it('creates a verified account and signs it in (201 with the e-mail)', async () => {
    const { accessToken, info } = googleToken();
    const response = await exchange({ accessToken, mode: 'signup', name: 'Katherine Johnson' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ token: expect.any(String), refreshToken: expect.any(String), email: info.email });
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(body.token) })).json();
    expect(me).toMatchObject({ email: info.email, consumer: { name: 'Katherine Johnson' }, role: 'consumer' });
    expect(me.username).toMatch(/^katherin\d{7}$/);
    const [account] = await ctx.app.db.select().from(users).where(eq(users.email, info.email));
    expect(account?.emailVerifiedAt).not.toBeNull();
    expect(account?.googleSubject).toBe(info.sub);
    const welcome = await ctx.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, account?.id ?? ''));
    expect(welcome).toHaveLength(1);
  });

  it('prefers the name Google gives', async () => {
    const { accessToken, info } = googleToken({ name: 'Dorothy Vaughan' });
    await exchange({ accessToken, mode: 'signup', name: 'Someone Else' });
    const [account] = await ctx.app.db.select().from(users).where(eq(users.email, info.email));
    expect(account?.name).toBe('Dorothy Vaughan');
  });

  it('answers 409 when the account already exists', async () => {
    const { user } = await createUserAndToken(ctx.app);
    const { accessToken } = googleToken({ email: user.email });
    const response = await exchange({ accessToken, mode: 'signup' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'An account with this email already exists' });
  });
});

describe('logging in with Google', () => {
  it('signs in an existing account when the token is for our client id', async () => {
    const { user } = await createUserAndToken(ctx.app);
    const { accessToken, info } = googleToken({ email: user.email.toUpperCase() });
    const response = await exchange({ accessToken });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('You have successfully logged in with Google.');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(body.token) });
    expect(me.json()._id).toBe(user.id);
    const [account] = await ctx.app.db.select().from(users).where(eq(users.id, user.id));
    expect(account?.googleSubject).toBe(info.sub);
  });

  it('accepts a token whose authorised party (azp) is our client id', async () => {
    const { user } = await createUserAndToken(ctx.app);
    const { accessToken } = googleToken({ email: user.email, aud: 'other-audience', azp: CLIENT_ID });
    expect((await exchange({ accessToken, mode: 'login' })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown account, so the client offers sign-up', async () => {
    const { accessToken } = googleToken();
    const response = await exchange({ accessToken, mode: 'login' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'No account exists for this Google email. Please sign up first.' });
  });

  it('refuses a token issued to another client with 401', async () => {
    const { user } = await createUserAndToken(ctx.app);
    const { accessToken } = googleToken({ email: user.email, aud: 'someone-else', azp: 'someone-else' });
    const response = await exchange({ accessToken });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Could not authenticate with Google. Please try again.' });
  });

  it('refuses an unverified e-mail address with 401', async () => {
    const { user } = await createUserAndToken(ctx.app);
    const { accessToken } = googleToken({ email: user.email, email_verified: 'false' });
    const response = await exchange({ accessToken });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a token Google does not know with 401', async () => {
    const response = await exchange({ accessToken: 'ya29.forged' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a request without an access token with 400', async () => {
    expect((await exchange({})).statusCode).toBe(400);
  });
});

describe('when Google sign-in cannot work', () => {
  it('answers 503 "Google sign-in is not configured" without a client id', async () => {
    const own = await createTestApp({ googleClientId: undefined, googleTokenInfoUrl: google.url });
    const { accessToken } = googleToken();
    const response = await exchange({ accessToken }, own.app);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'Google sign-in is not configured' });
    const config = await own.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(config.json()).toEqual({ googleClientId: null });
    await own.close();
  });

  it('answers a clear 503 when Google cannot be reached, and when it does not answer', async () => {
    const standIn = await startGoogleStandIn();
    const own = await createTestApp({ googleClientId: CLIENT_ID, googleTokenInfoUrl: standIn.url });
    const unavailable = { error: 'Google sign-in is temporarily unavailable. Please try again in a moment.' };

    standIn.hang();
    const hung = await exchange({ accessToken: 'ya29.any' }, own.app);
    expect(hung.statusCode).toBe(503);
    expect(hung.json()).toEqual(unavailable);

    await standIn.close();
    const down = await exchange({ accessToken: 'ya29.any' }, own.app);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual(unavailable);
    await own.close();
  });
});

describe('public configuration', () => {
  it('tells the web app the Google client id, without authentication', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ googleClientId: CLIENT_ID });
  });
});
