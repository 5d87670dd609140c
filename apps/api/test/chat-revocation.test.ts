import type { SessionTokens } from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokens } from '../src/db/schema';
import { signAccessToken } from '../src/lib/tokens';
import { minutes } from './support/app';
import { chatAppForFile, openChatSocket } from './support/chat';
import { signedInOperator } from './support/inbox';
import { opsCall } from './support/operators';
import { bearer, nextIp, signInByCode } from './support/sign-in';
import { createUserAndToken } from './support/users';

const ctx = chatAppForFile();
const socketFor = (token: string) => ctx.socketFor(token);

const SESSION_ENDED = 4403;
const UNAUTHENTICATED = 4401;

describe('a socket stops working with its session', () => {
  it('closes when the shopper logs out', async () => {
    const email = `chat-logout-${Date.now()}@example.com`;
    await createUserAndToken(ctx.app, { email });
    const tokens: SessionTokens = await signInByCode(ctx.app, email);
    const socket = await socketFor(tokens.token);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: bearer(tokens.token),
      payload: { refreshToken: tokens.refreshToken },
      remoteAddress: nextIp(),
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await socket.closed).code).toBe(SESSION_ENDED);
    // The token cannot open a new one either.
    const again = await openChatSocket(ctx.socketUrl);
    again.send({ type: 'auth', token: tokens.token });
    expect((await again.closed).code).toBe(UNAUTHENTICATED);
  });

  it("closes on 'Sign out everywhere' and when the account is disabled, on every device", async () => {
    const admin = await signedInOperator(ctx.app, ctx.clock, 'admin');
    const shopper = await createUserAndToken(ctx.app);
    const phone = await socketFor(shopper.token);
    const laptop = await socketFor(shopper.token);
    const signOut = await opsCall(
      ctx.app,
      'POST',
      `/customers/${shopper.user.id}/sign-out-everywhere`,
      admin.token,
      {},
    );
    expect(signOut.statusCode).toBe(200);
    expect((await phone.closed).code).toBe(SESSION_ENDED);
    expect((await laptop.closed).code).toBe(SESSION_ENDED);

    const other = await createUserAndToken(ctx.app);
    const socket = await socketFor(other.token);
    const disabled = await opsCall(ctx.app, 'POST', `/customers/${other.user.id}/disable`, admin.token, {
      reason: 'Fraud report',
    });
    expect(disabled.statusCode).toBe(200);
    expect((await socket.closed).code).toBe(SESSION_ENDED);
  });

  it('closes when the session is revoked elsewhere (found by the re-check), and for an operator who signs out', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const socket = await socketFor(shopper.token);
    // Revoked in the database only, as another instance would: the periodic re-check finds it.
    await ctx.app.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.familyId, shopper.sessionId));
    ctx.clock.advance(6_000);
    expect((await socket.closed).code).toBe(SESSION_ENDED);

    const operator = await signedInOperator(ctx.app, ctx.clock, 'support');
    const operatorSocket = await socketFor(operator.token);
    expect((await opsCall(ctx.app, 'POST', '/auth/sign-out', operator.token)).statusCode).toBeLessThan(300);
    expect((await operatorSocket.closed).code).toBe(SESSION_ENDED);
  });

  it("closes an operator's socket 30 minutes after their last request: the socket alone does not keep the session", async () => {
    const operator = await signedInOperator(ctx.app, ctx.clock, 'support');
    const socket = await socketFor(operator.token);
    ctx.clock.advance(minutes(29));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    ctx.clock.advance(minutes(1));
    expect((await socket.closed).code).toBe(SESSION_ENDED);
  });
});

describe('token expiry', () => {
  it('closes a shopper socket when its access token expires, unless a fresh token came first', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const issued = ctx.clock.now();
    const token = await signAccessToken(
      ctx.app.appConfig.jwtSecret,
      { userId: shopper.user.id, sessionId: shopper.sessionId },
      issued,
    );
    const renewed = await socketFor(token);
    const lapsed = await socketFor(token);
    ctx.clock.advance(minutes(14));
    const fresh = await signAccessToken(
      ctx.app.appConfig.jwtSecret,
      { userId: shopper.user.id, sessionId: shopper.sessionId },
      ctx.clock.now(),
    );
    renewed.send({ type: 'auth', token: fresh });
    await renewed.next('ready', (event) => Date.parse(event.expiresAt) > issued.getTime() + minutes(20));
    ctx.clock.advance(minutes(2));
    expect((await lapsed.closed).code).toBe(UNAUTHENTICATED);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(renewed.socket.readyState).toBe(renewed.socket.OPEN);
  });

  it('refuses a fresh token of another shopper on an open socket', async () => {
    const first = await createUserAndToken(ctx.app);
    const second = await createUserAndToken(ctx.app);
    // Tokens of the app's clock, which earlier tests moved on.
    const tokenOf = (user: typeof first) =>
      signAccessToken(
        ctx.app.appConfig.jwtSecret,
        { userId: user.user.id, sessionId: user.sessionId },
        ctx.clock.now(),
      );
    const socket = await socketFor(await tokenOf(first));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    socket.send({ type: 'auth', token: await tokenOf(second) });
    expect((await socket.closed).code).toBe(UNAUTHENTICATED);
  });
});
