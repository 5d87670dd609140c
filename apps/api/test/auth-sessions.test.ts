import type { SessionTokens } from '@gvm/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { testConfig } from '../src/config';
import { refreshTokens } from '../src/db/schema';
import { SESSION_CHECK_TTL_MS } from '../src/modules/auth/session-registry';
import { LOST_ANSWER_GRACE_MS } from '../src/modules/auth/session-service';
import { type ClockedTestContext, createClockedTestApp, hours } from './support/app';
import { bearer, signInByCode } from './support/sign-in';
import { createUserAndToken } from './support/users';

let ctx: ClockedTestContext;
beforeAll(async () => {
  ctx = await createClockedTestApp();
});
afterAll(() => ctx.close());

async function signIn(): Promise<SessionTokens> {
  const { user } = await createUserAndToken(ctx.app);
  return signInByCode(ctx.app, user.email);
}

function refresh(refreshToken: string, remoteAddress?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/users/refresh-token',
    payload: { refreshToken },
    remoteAddress,
  });
}

function logout(refreshToken: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/users/logout', payload: { refreshToken } });
}

/** How many refresh tokens of the access token's session (family) can still be used. */
async function liveTokensOf(accessToken: string): Promise<number> {
  const sessionId = sessionIdOf(accessToken);
  const rows = await ctx.app.db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt), isNull(refreshTokens.rotatedAt)),
    );
  return rows.length;
}

const SESSION_ENDED = { error: 'Your session has ended. Please log in again.' };

describe('refreshing a session', () => {
  it('rotates the refresh token and answers a working access token', async () => {
    const session = await signIn();
    const response = await refresh(session.refreshToken);
    expect(response.statusCode).toBe(200);
    const next = response.json<SessionTokens>();
    expect(next.refreshToken).not.toBe(session.refreshToken);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(next.token) });
    expect(me.statusCode).toBe(200);
    expect((await refresh(next.refreshToken)).statusCode).toBe(200);
  });

  it('treats a rotated token presented again as theft and ends the whole family', async () => {
    const session = await signIn();
    const next = (await refresh(session.refreshToken)).json<SessionTokens>();
    ctx.clock.advance(LOST_ANSWER_GRACE_MS);
    const replay = await refresh(session.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(SESSION_ENDED);
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
  });

  it('leaves other sessions of the same user alone when one family is revoked', async () => {
    const { user } = await createUserAndToken(ctx.app);
    const phone = await signInByCode(ctx.app, user.email);
    const laptop = await signInByCode(ctx.app, user.email);
    await refresh(phone.refreshToken);
    ctx.clock.advance(LOST_ANSWER_GRACE_MS);
    expect((await refresh(phone.refreshToken)).statusCode).toBe(401);
    expect((await refresh(laptop.refreshToken)).statusCode).toBe(200);
  });

  it('answers a token again whose answer was lost, and retires the pair nobody received', async () => {
    const session = await signIn();
    const lost = (await refresh(session.refreshToken)).json<SessionTokens>();
    ctx.clock.advance(LOST_ANSWER_GRACE_MS - 1);
    const again = await refresh(session.refreshToken);
    expect(again.statusCode).toBe(200);
    const kept = again.json<SessionTokens>();
    expect(kept.refreshToken).not.toBe(lost.refreshToken);
    expect((await refresh(kept.refreshToken)).statusCode).toBe(200);
    // The lost pair turning up after all is someone else holding it: the family ends.
    expect((await refresh(lost.refreshToken)).statusCode).toBe(401);
    expect(await liveTokensOf(session.token)).toBe(0);
  });

  it('ends the family when a rotated token comes back after its successor was used', async () => {
    const session = await signIn();
    const next = (await refresh(session.refreshToken)).json<SessionTokens>();
    expect((await refresh(next.refreshToken)).statusCode).toBe(200);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect(await liveTokensOf(session.token)).toBe(0);
  });

  it('keeps at most one usable refresh token when the same one arrives fifty times at once', async () => {
    const session = await signIn();
    // Fifty addresses, so the per-IP refresh limit does not answer for the rule under test.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => refresh(session.refreshToken, `192.0.2.${i + 1}`)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.map((answer) => answer.statusCode).filter((status) => status !== 200 && status !== 401)).toEqual([]);
    expect(await liveTokensOf(session.token)).toBeLessThanOrEqual(1);
  });

  it('ends 30 days after sign-in however often it was refreshed', async () => {
    const session = await signIn();
    let current = session.refreshToken;
    for (let day = 1; day <= 29; day++) {
      ctx.clock.advance(hours(24));
      const answer = await refresh(current);
      expect(answer.statusCode, `day ${day}`).toBe(200);
      current = answer.json<SessionTokens>().refreshToken;
    }
    ctx.clock.advance(hours(24));
    expect((await refresh(current)).statusCode).toBe(401);
  });

  it('refuses an unknown or missing refresh token', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/v1/users/refresh-token', payload: {} });
    expect(missing.statusCode).toBe(400);
  });
});

describe('logging out', () => {
  it('revokes the session family, needs no access token and may be repeated', async () => {
    const session = await signIn();
    const next = (await refresh(session.refreshToken)).json<SessionTokens>();
    expect((await logout(next.refreshToken)).statusCode).toBe(204);
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
    expect((await logout(next.refreshToken)).statusCode).toBe(204);
    expect((await logout('never-issued')).statusCode).toBe(204);
  });
});

describe('access tokens end with their session', () => {
  const me = (app: App, token: string) =>
    app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
  const EXPIRED = { error: 'Your session has expired. Please log in again.' };

  it('refuses the access token of a logged-out session at once on the instance that logged out', async () => {
    const session = await signIn();
    expect((await me(ctx.app, session.token)).statusCode).toBe(200);
    expect((await logout(session.refreshToken)).statusCode).toBe(204);
    const after = await me(ctx.app, session.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(EXPIRED);
  });

  it('refuses it on every other instance once the cache window has passed', async () => {
    // A second instance over the same database and clock, with its own cache.
    const other = await buildApp({ config: testConfig(), database: ctx.database, logger: false, clock: ctx.clock.now });
    await other.ready();
    try {
      const session = await signIn();
      const refreshed = (await refresh(session.refreshToken)).json<SessionTokens>();
      for (const token of [session.token, refreshed.token]) expect((await me(other, token)).statusCode).toBe(200);
      expect((await logout(refreshed.refreshToken)).statusCode).toBe(204);
      // Within the window the other instance may still answer from what it learned before.
      ctx.clock.advance(SESSION_CHECK_TTL_MS + 1);
      for (const token of [session.token, refreshed.token]) {
        const after = await me(other, token);
        expect(after.statusCode).toBe(401);
        expect(after.json()).toEqual(EXPIRED);
      }
    } finally {
      await other.close();
    }
  });

  it('refuses the access tokens of a family ended by a reused refresh token', async () => {
    const session = await signIn();
    const next = (await refresh(session.refreshToken)).json<SessionTokens>();
    expect((await me(ctx.app, next.token)).statusCode).toBe(200);
    ctx.clock.advance(LOST_ANSWER_GRACE_MS);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    ctx.clock.advance(SESSION_CHECK_TTL_MS + 1);
    expect((await me(ctx.app, next.token)).statusCode).toBe(401);
    expect((await me(ctx.app, session.token)).statusCode).toBe(401);
  });

  it("leaves the user's other sessions working", async () => {
    const { user } = await createUserAndToken(ctx.app);
    const phone = await signInByCode(ctx.app, user.email);
    const laptop = await signInByCode(ctx.app, user.email);
    await logout(phone.refreshToken);
    ctx.clock.advance(SESSION_CHECK_TTL_MS + 1);
    expect((await me(ctx.app, phone.token)).statusCode).toBe(401);
    expect((await me(ctx.app, laptop.token)).statusCode).toBe(200);
  });

  it('trusts what it learned about a session for the cache window, and no longer', async () => {
    const session = await signIn();
    expect((await me(ctx.app, session.token)).statusCode).toBe(200);
    // Revoked behind the cache's back (as another instance would): still served from the cache...
    await revokeInDatabase(session.token);
    const answers = await Promise.all(Array.from({ length: 20 }, () => me(ctx.app, session.token)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    // ...until the window passes.
    ctx.clock.advance(SESSION_CHECK_TTL_MS + 1);
    expect((await me(ctx.app, session.token)).statusCode).toBe(401);
  });
});

/** Revokes the family an access token names straight in the database. */
async function revokeInDatabase(token: string): Promise<void> {
  await ctx.app.db
    .update(refreshTokens)
    .set({ revokedAt: ctx.clock.now() })
    .where(eq(refreshTokens.familyId, sessionIdOf(token)));
}

/** The session (refresh-token family) id an access token carries. */
function sessionIdOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;
}
