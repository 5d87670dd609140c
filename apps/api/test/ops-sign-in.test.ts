import type { CurrentOperator, OperatorPendingSession, OperatorTotpSetup } from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, operatorSessions, operators } from '../src/db/schema';
import { type ClockedTestContext, createClockedTestApp, hours, minutes } from './support/app';
import { mailsTo } from './support/mail';
import {
  authenticatorCode,
  createOperator,
  opsCall,
  pendingSession,
  requestOperatorCode,
  signInOperator,
} from './support/operators';

const ADMIN = 'boss@ugm.example';

// One app for the file (building one takes seconds); each test signs in an operator of its own.
let ctx: ClockedTestContext;
beforeAll(async () => {
  ctx = await createClockedTestApp({ opsAdmins: [ADMIN] });
});
afterAll(async () => {
  await ctx.close();
});

let counter = 0;
/** A fresh admin of the test's own. */
async function freshAdmin(): Promise<string> {
  counter += 1;
  const email = `admin-${counter}@ugm.example`;
  await createOperator(ctx.app, email, 'admin');
  return email;
}

describe('operator sign-in: e-mailed code, then the authenticator', () => {
  it('makes an OPS_ADMINS address an admin and signs it in with a real TOTP code', async () => {
    const code = await requestOperatorCode(ctx.app, 'Boss@UGM.example ');
    const verified = await opsCall(ctx.app, 'POST', '/auth/verify-code', null, { email: ADMIN, code });
    expect(verified.statusCode).toBe(200);
    const pending = verified.json<OperatorPendingSession>();
    expect(pending.next).toBe('totp-setup');

    const setup = await opsCall(ctx.app, 'POST', '/auth/totp/setup', pending.token);
    expect(setup.statusCode).toBe(200);
    const { otpauthUri, setupKey } = setup.json<OperatorTotpSetup>();
    expect(setupKey).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUri).toContain(`secret=${setupKey}`);
    expect(otpauthUri).toContain(encodeURIComponent(ADMIN));

    // The pending session opens nothing else.
    expect((await opsCall(ctx.app, 'GET', '/me', pending.token)).statusCode).toBe(403);

    const totp = await authenticatorCode(setupKey, ctx.clock.now());
    const full = await opsCall(ctx.app, 'POST', '/auth/totp/verify', pending.token, { code: totp });
    expect(full.statusCode).toBe(200);
    const { token } = full.json<{ token: string; expiresAt: string }>();

    const me = await opsCall(ctx.app, 'GET', '/me', token);
    expect(me.statusCode).toBe(200);
    expect(me.json<CurrentOperator>()).toMatchObject({ email: ADMIN, role: 'admin' });
    expect(me.json<CurrentOperator>().capabilities).toContain('team');

    // The pending token ended with the step it was for.
    expect((await opsCall(ctx.app, 'POST', '/auth/totp/setup', pending.token)).statusCode).toBe(401);

    const rows = await ctx.app.db.select().from(auditLog);
    expect(rows.map((row) => row.action).sort()).toEqual([
      'operator.admin-from-config',
      'operator.sign-in',
      'operator.two-step-set-up',
    ]);
    const written = JSON.stringify(rows);
    for (const secret of [code, setupKey, totp, token, pending.token]) expect(written).not.toContain(secret);
    expect(rows.every((row) => row.ip.length > 0)).toBe(true);

    // The secret is sealed at rest.
    const [operator] = await ctx.app.db.select().from(operators).where(eq(operators.email, ADMIN));
    expect(operator?.totpSecretSealed).toBeTruthy();
    expect(operator?.totpSecretSealed).not.toContain(setupKey);
  });

  it('answers an unknown address like a known one, sends it nothing, and lets no code in', async () => {
    const known = await opsCall(ctx.app, 'POST', '/auth/code', null, { email: ADMIN });
    const unknown = await opsCall(ctx.app, 'POST', '/auth/code', null, { email: 'stranger@example.com' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await mailsTo(ctx.app, 'stranger@example.com')).toHaveLength(0);
    const attempt = await opsCall(ctx.app, 'POST', '/auth/verify-code', null, {
      email: 'stranger@example.com',
      code: '123456',
    });
    expect(attempt.statusCode).toBe(401);
  });

  it('sends no code to a disabled operator', async () => {
    await createOperator(ctx.app, 'gone@ugm.example', 'support');
    await ctx.app.db
      .update(operators)
      .set({ disabledAt: ctx.clock.now() })
      .where(eq(operators.email, 'gone@ugm.example'));
    expect((await opsCall(ctx.app, 'POST', '/auth/code', null, { email: 'gone@ugm.example' })).statusCode).toBe(200);
    expect(await mailsTo(ctx.app, 'gone@ugm.example')).toHaveLength(0);
  });

  it('uses an e-mailed code once', async () => {
    const ADMIN = await freshAdmin();
    const code = await requestOperatorCode(ctx.app, ADMIN);
    const first = await opsCall(ctx.app, 'POST', '/auth/verify-code', null, { email: ADMIN, code });
    const second = await opsCall(ctx.app, 'POST', '/auth/verify-code', null, { email: ADMIN, code });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(401);
    expect(second.json<{ error: string }>().error).toMatch(/already been used/);
  });

  it('voids an e-mailed code after 5 wrong tries', async () => {
    const ADMIN = await freshAdmin();
    const code = await requestOperatorCode(ctx.app, ADMIN);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await opsCall(ctx.app, 'POST', '/auth/verify-code', null, { email: ADMIN, code: wrong })).statusCode,
      ).toBe(401);
    }
    const late = await opsCall(ctx.app, 'POST', '/auth/verify-code', null, { email: ADMIN, code });
    expect(late.statusCode).toBe(401);
    expect(late.json<{ error: string }>().error).toMatch(/Too many incorrect attempts/);
  });

  it('limits codes to 5 an hour per address', async () => {
    const ADMIN = await freshAdmin();
    for (let i = 0; i < 5; i += 1) {
      expect((await opsCall(ctx.app, 'POST', '/auth/code', null, { email: ADMIN })).statusCode).toBe(200);
    }
    expect((await opsCall(ctx.app, 'POST', '/auth/code', null, { email: ADMIN })).statusCode).toBe(429);
    ctx.clock.advance(hours(1) + 1000);
    expect((await opsCall(ctx.app, 'POST', '/auth/code', null, { email: ADMIN })).statusCode).toBe(200);
  });

  it('uses an authenticator code once: the same code in a new sign-in is refused until the next step', async () => {
    const ADMIN = await freshAdmin();
    const first = await signInOperator(ctx.app, ctx.clock, ADMIN);
    ctx.clock.advance(-30_000); // back into the step the first sign-in used
    const pending = await pendingSession(ctx.app, ADMIN);
    expect(pending.next).toBe('totp');
    expect((await opsCall(ctx.app, 'POST', '/auth/totp/setup', pending.token)).statusCode).toBe(409);
    const reused = await authenticatorCode(first.secret, ctx.clock.now());
    const refused = await opsCall(ctx.app, 'POST', '/auth/totp/verify', pending.token, { code: reused });
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ error: string }>().error).toMatch(/already been used/);
    ctx.clock.advance(30_000);
    const next = await authenticatorCode(first.secret, ctx.clock.now());
    expect((await opsCall(ctx.app, 'POST', '/auth/totp/verify', pending.token, { code: next })).statusCode).toBe(200);
  });

  it('gives exactly one session for one authenticator code sent many times at once', async () => {
    const ADMIN = await freshAdmin();
    const first = await signInOperator(ctx.app, ctx.clock, ADMIN);
    const sessions = [];
    for (let i = 0; i < 4; i += 1) {
      ctx.clock.advance(minutes(1));
      sessions.push(await pendingSession(ctx.app, ADMIN));
    }
    const code = await authenticatorCode(first.secret, ctx.clock.now());
    const answers = await Promise.all(
      sessions.map((pending) => opsCall(ctx.app, 'POST', '/auth/totp/verify', pending.token, { code })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
  }, 30_000);

  it('ends the pending session at the fifth wrong authenticator code', async () => {
    const ADMIN = await freshAdmin();
    const first = await signInOperator(ctx.app, ctx.clock, ADMIN);
    const pending = await pendingSession(ctx.app, ADMIN);
    const right = await authenticatorCode(first.secret, ctx.clock.now());
    const wrong = right === '000000' ? '000001' : '000000';
    for (let i = 0; i < 4; i += 1) {
      const answer = await opsCall(ctx.app, 'POST', '/auth/totp/verify', pending.token, { code: wrong });
      expect(answer.json<{ error: string }>().error).toBe('The authenticator code is incorrect');
    }
    const fifth = await opsCall(ctx.app, 'POST', '/auth/totp/verify', pending.token, { code: wrong });
    expect(fifth.json<{ error: string }>().error).toMatch(/Too many incorrect authenticator codes/);
    expect((await opsCall(ctx.app, 'POST', '/auth/totp/verify', pending.token, { code: right })).statusCode).toBe(401);
  });

  it('signs out: the token stops working and the sign-out is audited', async () => {
    const ADMIN = await freshAdmin();
    const { token } = await signInOperator(ctx.app, ctx.clock, ADMIN);
    expect((await opsCall(ctx.app, 'POST', '/auth/sign-out', token)).statusCode).toBe(204);
    expect((await opsCall(ctx.app, 'GET', '/me', token)).statusCode).toBe(401);
    const actions = (await ctx.app.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toContain('operator.sign-out');
  });

  it('never puts a code or key in the e-mail outbox but the e-mailed code itself', async () => {
    const ADMIN = await freshAdmin();
    const operator = await signInOperator(ctx.app, ctx.clock, ADMIN);
    const outbox = JSON.stringify(await ctx.app.db.select().from(mailOutbox));
    expect(outbox).not.toContain(operator.secret);
    expect(outbox).not.toContain(operator.token);
  });
});

describe('operator sessions', () => {
  it('end after 30 minutes idle, and each use moves the idle timer on', async () => {
    const ADMIN = await freshAdmin();
    const { token } = await signInOperator(ctx.app, ctx.clock, ADMIN);
    ctx.clock.advance(minutes(29));
    expect((await opsCall(ctx.app, 'GET', '/me', token)).statusCode).toBe(200);
    ctx.clock.advance(minutes(29));
    expect((await opsCall(ctx.app, 'GET', '/me', token)).statusCode).toBe(200);
    ctx.clock.advance(minutes(30));
    expect((await opsCall(ctx.app, 'GET', '/me', token)).statusCode).toBe(401);
  });

  it('end 8 hours after sign-in however busy', async () => {
    const ADMIN = await freshAdmin();
    const { token } = await signInOperator(ctx.app, ctx.clock, ADMIN);
    for (let elapsed = 0; elapsed < hours(7) + minutes(40); elapsed += minutes(20)) {
      ctx.clock.advance(minutes(20));
      expect((await opsCall(ctx.app, 'GET', '/me', token)).statusCode).toBe(200);
    }
    ctx.clock.advance(minutes(20));
    expect((await opsCall(ctx.app, 'GET', '/me', token)).statusCode).toBe(401);
    const [operator] = await ctx.app.db.select().from(operators).where(eq(operators.email, ADMIN));
    const sessions = await ctx.app.db
      .select()
      .from(operatorSessions)
      .where(eq(operatorSessions.operatorId, operator?.id ?? ''));
    expect(sessions.every((session) => session.endedAt !== null)).toBe(true);
  });

  it('a pending session lasts 10 minutes', async () => {
    const ADMIN = await freshAdmin();
    const pending = await pendingSession(ctx.app, ADMIN);
    ctx.clock.advance(minutes(10));
    expect((await opsCall(ctx.app, 'POST', '/auth/totp/setup', pending.token)).statusCode).toBe(401);
  });
});
