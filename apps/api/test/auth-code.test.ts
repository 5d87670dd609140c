import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCodes, notifications, users } from '../src/db/schema';
import { type ClockedTestContext, createClockedTestApp, minutes } from './support/app';
import { codeIn, latestMailTo, mailsTo } from './support/mail';
import { bearer, nextIp, requestCode } from './support/sign-in';
import { createUserAndToken } from './support/users';

let ctx: ClockedTestContext;
beforeAll(async () => {
  ctx = await createClockedTestApp();
});
afterAll(() => ctx.close());

async function newShopper(options: { verified?: boolean } = {}) {
  return (await createUserAndToken(ctx.app, { verified: options.verified ?? true })).user;
}

function generateCode(email: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/users/generate-code',
    payload: { email },
    remoteAddress: nextIp(),
  });
}

function logIn(email: string, loginCode: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email, loginCode },
    remoteAddress: nextIp(),
  });
}

/** A code that is certainly not the one sent. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('requesting a sign-in code', () => {
  it('e-mails a 6-digit code to a known address and keeps only its hash', async () => {
    const user = await newShopper();
    const response = await generateCode(user.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const code = codeIn(await latestMailTo(ctx.app, user.email));
    const [row] = await ctx.app.db.select().from(loginCodes).where(eq(loginCodes.email, user.email));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
  });

  it('answers an unknown address with the same status and body, and e-mails an invitation to sign up', async () => {
    const known = await newShopper();
    const knownAnswer = await generateCode(known.email);
    const unknownAnswer = await generateCode('nobody-here@example.com');
    expect(unknownAnswer.statusCode).toBe(knownAnswer.statusCode);
    expect(unknownAnswer.body).toBe(knownAnswer.body);
    const invitation = await latestMailTo(ctx.app, 'nobody-here@example.com');
    expect(invitation.text).toContain('/signup');
    expect(invitation.text).not.toMatch(/\b\d{6}\b/);
  });

  it('normalises the address: trimmed and lower-case', async () => {
    const user = await newShopper();
    const response = await generateCode(`  ${user.email.toUpperCase()} `);
    expect(response.statusCode).toBe(200);
    expect(await mailsTo(ctx.app, user.email)).toHaveLength(1);
  });

  it('refuses an invalid e-mail address with a 400 that says so', async () => {
    for (const email of ['not-an-email', '', 42]) {
      const response = await generateCode(email);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Please enter a valid email address');
    }
  });
});

describe('signing in with a code', () => {
  it('answers a token pair, records the sign-in and counts the address as verified', async () => {
    const user = await newShopper({ verified: false });
    const loginCode = await requestCode(ctx.app, user.email);
    const response = await logIn(user.email, loginCode);
    expect(response.statusCode).toBe(200);
    const { token, refreshToken } = response.json();
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(refreshToken).toMatch(/^[\w-]{43}$/);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
    expect(me.json()._id).toBe(user.id);
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastSignInAt?.getTime()).toBe(ctx.clock.now().getTime());
    expect(row?.emailVerifiedAt).not.toBeNull();
  });

  it('accepts the address in any case and with spaces around it', async () => {
    const user = await newShopper();
    const loginCode = await requestCode(ctx.app, user.email);
    expect((await logIn(` ${user.email.toUpperCase()}  `, loginCode)).statusCode).toBe(200);
  });

  it('refuses a wrong code with 401 "The verification code is incorrect"', async () => {
    const user = await newShopper();
    const loginCode = await requestCode(ctx.app, user.email);
    const response = await logIn(user.email, otherThan(loginCode));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'The verification code is incorrect' });
  });

  it('refuses a code that is not 6 digits with a 400', async () => {
    const user = await newShopper();
    const response = await logIn(user.email, '12ab');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Please enter the 6-digit verification code');
  });

  it('accepts a code until 10 minutes have passed, and not after', async () => {
    const early = await newShopper();
    const earlyCode = await requestCode(ctx.app, early.email);
    ctx.clock.advance(minutes(10) - 1000);
    expect((await logIn(early.email, earlyCode)).statusCode).toBe(200);

    const late = await newShopper();
    const lateCode = await requestCode(ctx.app, late.email);
    ctx.clock.advance(minutes(10));
    const response = await logIn(late.email, lateCode);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('This verification code has expired. Please request a new one.');
  });

  it('accepts a code once only', async () => {
    const user = await newShopper();
    const loginCode = await requestCode(ctx.app, user.email);
    expect((await logIn(user.email, loginCode)).statusCode).toBe(200);
    const again = await logIn(user.email, loginCode);
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe('This verification code has already been used. Please request a new one.');
  });

  it('voids a code after 5 wrong tries, even for the right code afterwards', async () => {
    const user = await newShopper();
    const loginCode = await requestCode(ctx.app, user.email);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await logIn(user.email, otherThan(loginCode));
      expect(wrong.json().error).toBe('The verification code is incorrect');
    }
    const right = await logIn(user.email, loginCode);
    expect(right.statusCode).toBe(401);
    expect(right.json().error).toBe('Too many incorrect attempts. Please request a new verification code.');
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    const user = await newShopper();
    const loginCode = await requestCode(ctx.app, user.email);
    for (let attempt = 1; attempt <= 4; attempt++) await logIn(user.email, otherThan(loginCode));
    expect((await logIn(user.email, loginCode)).statusCode).toBe(200);
  });

  it('voids the earlier code when a new one is requested', async () => {
    const user = await newShopper();
    const first = await requestCode(ctx.app, user.email);
    let second = await requestCode(ctx.app, user.email);
    // The two codes are independent random draws; in the rare case they coincide, draw again.
    while (second === first) second = await requestCode(ctx.app, user.email);
    const old = await logIn(user.email, first);
    expect(old.statusCode).toBe(401);
    expect(old.json().error).toBe(
      'This verification code has been replaced by a newer one. Please use the latest code we sent you.',
    );
    expect((await logIn(user.email, second)).statusCode).toBe(200);
  });

  it('answers an address without an account exactly like a wrong code', async () => {
    await generateCode('stranger@example.com');
    const response = await logIn('stranger@example.com', '123456');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'The verification code is incorrect' });
  });

  it('gives exactly one session to twenty simultaneous submissions of the right code', async () => {
    const user = await newShopper();
    const loginCode = await requestCode(ctx.app, user.email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => logIn(user.email, loginCode)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 401)).toHaveLength(19);
    const [used] = await ctx.app.db.select().from(loginCodes).where(eq(loginCodes.email, user.email));
    expect(used?.usedAt).not.toBeNull();
  });
});

describe('the first sign-in', () => {
  it('brings a welcome notification and a welcome e-mail, once only', async () => {
    const user = await newShopper({ verified: false });
    for (let visit = 1; visit <= 2; visit++) {
      const loginCode = await requestCode(ctx.app, user.email);
      expect((await logIn(user.email, loginCode)).statusCode).toBe(200);
    }
    const welcomes = await ctx.app.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(welcomes).toHaveLength(1);
    expect(welcomes[0]?.message).toMatch(/^Welcome/);
    const welcomeMails = (await mailsTo(ctx.app, user.email)).filter((mail) => /^Welcome/.test(mail.subject));
    expect(welcomeMails).toHaveLength(1);
  });
});
