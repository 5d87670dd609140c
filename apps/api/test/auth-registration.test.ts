import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailVerifications, signupEmails, users } from '../src/db/schema';
import { type ClockedTestContext, createClockedTestApp, hours } from './support/app';
import { latestMailTo, mailsTo, verificationTokenIn } from './support/mail';
import { bearer, nextIp } from './support/sign-in';
import { createUserAndToken } from './support/users';

let ctx: ClockedTestContext;
beforeAll(async () => {
  ctx = await createClockedTestApp();
});
afterAll(() => ctx.close());

let counter = 0;
function signUpForm(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    email: `new-shopper-${counter}@example.com`,
    consumer: { name: 'Ada Lovelace' },
    role: 'consumer',
    username: `adalovel${counter}`,
    selectedPersonas: ['giver'],
    ...overrides,
  };
}

function register(payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/users/register', payload, remoteAddress: nextIp() });
}

function verify(token: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/v1/users/verify/${token}`, remoteAddress: nextIp() });
}

const INVALID_LINK = { error: 'The verification link is invalid or expired. Please try signing up again.' };

describe('signing up', () => {
  it('creates an unverified consumer account and e-mails a verification link', async () => {
    const form = signUpForm();
    const response = await register(form);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      message: `We've sent a validation email to ${form.email}. Please check your inbox.`,
    });
    const [account] = await ctx.app.db.select().from(users).where(eq(users.email, form.email));
    expect(account).toMatchObject({
      name: 'Ada Lovelace',
      role: 'consumer',
      personas: ['giver'],
      emailVerifiedAt: null,
    });
    const token = verificationTokenIn(await latestMailTo(ctx.app, form.email));
    const [stored] = await ctx.app.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, account?.id ?? ''));
    expect(stored?.tokenHash).not.toBe(token);
  });

  it('normalises the e-mail address and the username', async () => {
    const form = signUpForm({ email: '  Mixed.Case@Example.COM ', username: 'MixedCase42' });
    expect((await register(form)).statusCode).toBe(201);
    const [account] = await ctx.app.db.select().from(users).where(eq(users.email, 'mixed.case@example.com'));
    expect(account?.username).toBe('mixedcase42');
  });

  it('answers an address that already has an account exactly as a new one, and tells its owner to sign in', async () => {
    const { user } = await createUserAndToken(ctx.app, { name: 'Real Owner' });
    const newForm = signUpForm();
    const existingForm = signUpForm({
      email: ` ${user.email.toUpperCase()} `,
      consumer: { name: 'Visit evil.example' },
    });
    const fresh = await register(newForm);
    const existing = await register(existingForm);
    expect(existing.statusCode).toBe(fresh.statusCode);
    expect(existing.headers['content-type']).toBe(fresh.headers['content-type']);
    expect(existing.json()).toEqual({
      success: true,
      message: `We've sent a validation email to ${user.email}. Please check your inbox.`,
    });
    expect(existing.body).toBe(fresh.body.replace(newForm.email, user.email));

    const [account] = await ctx.app.db.select().from(users).where(eq(users.id, user.id));
    expect(account).toEqual(user);
    const mails = await mailsTo(ctx.app, user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('You already have an account at UGM Gift Marketplace');
    expect(mail?.text).toContain('you already have an account with this address');
    expect(mail?.text).toContain(`/login?email=${encodeURIComponent(user.email)}`);
    expect(mail?.text).not.toContain('/verify/');
    expect(mail?.text).not.toContain('evil.example');
  });

  it('does the same work for an address with an account as for a new one: one sign-up row, one e-mail', async () => {
    const { user } = await createUserAndToken(ctx.app);
    const form = signUpForm();
    await register(form);
    await register(signUpForm({ email: user.email }));
    for (const email of [form.email, user.email]) {
      expect(await ctx.app.db.select().from(signupEmails).where(eq(signupEmails.email, email))).toHaveLength(1);
      expect(await mailsTo(ctx.app, email)).toHaveLength(1);
    }
  });

  it("refuses the account's own username with the same 409 a new address gets", async () => {
    const { user } = await createUserAndToken(ctx.app);
    const forNew = await register(signUpForm({ username: user.username }));
    const forOwner = await register(signUpForm({ email: user.email, username: user.username }));
    expect(forNew.statusCode).toBe(409);
    expect(forOwner.statusCode).toBe(409);
    expect(forOwner.body).toBe(forNew.body);
  });

  it('refuses a username that is taken, so the client can retry with another suffix', async () => {
    const { user } = await createUserAndToken(ctx.app);
    const taken = await register(signUpForm({ username: user.username }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'This username is taken' });
    expect((await register(signUpForm({ username: `${user.username}1` }))).statusCode).toBe(201);
  });

  it('validates the form: e-mail, name, username and role', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'nope' }, 'Please enter a valid email address'],
      [{ consumer: { name: '   ' } }, 'Please enter your name'],
      [{ username: 'ab' }, 'Username must be at least 3 characters'],
      [{ username: 'a'.repeat(31) }, 'Username must be at most 30 characters'],
      [{ username: 'ada-lovelace' }, 'Username may only contain letters, digits and underscores'],
      [{ role: 'admin' }, 'Only consumer accounts can be registered'],
    ];
    for (const [change, message] of cases) {
      const response = await register(signUpForm(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().error).toBe(message);
    }
  });

  it('writes no account for a refused form', async () => {
    const before = await ctx.app.db.select().from(users);
    await register(signUpForm({ role: 'admin' }));
    expect(await ctx.app.db.select().from(users)).toHaveLength(before.length);
  });

  it('lets an address that never verified sign up again with a fresh link', async () => {
    const form = signUpForm();
    await register(form);
    const again = await register({ ...form, consumer: { name: 'Ada King' } });
    expect(again.statusCode).toBe(201);
    expect(await mailsTo(ctx.app, form.email)).toHaveLength(2);
    const [account] = await ctx.app.db.select().from(users).where(eq(users.email, form.email));
    expect(account?.name).toBe('Ada King');
  });

  it('puts nothing the form supplied into any e-mail to the address, the welcome included', async () => {
    const form = signUpForm({ consumer: { name: 'Win a prize at evil.example' } });
    await register(form);
    await register({ ...form, consumer: { name: 'Claim now: evil.example/x' } });
    // Even once the link is opened: the welcome e-mail greets nobody by name either.
    expect((await verify(verificationTokenIn(await latestMailTo(ctx.app, form.email)))).statusCode).toBe(200);
    const mails = await mailsTo(ctx.app, form.email);
    expect(mails.map((mail) => mail.subject)).toContain('Welcome to UGM Gift Marketplace');
    for (const mail of mails) {
      expect(mail.text).not.toContain('evil.example');
      expect(mail.html).not.toContain('evil.example');
      expect(mail.text).not.toContain(form.username);
    }
  });
});

describe('the limit on sign-up e-mails', () => {
  const TOO_MANY = {
    error: 'Too many sign-up emails have been sent to this address. Please wait up to an hour and try again.',
  };

  it('allows 5 per address per hour, whether it has an account or not, then answers 429 for both', async () => {
    const { user } = await createUserAndToken(ctx.app);
    const fresh = signUpForm().email;
    for (const email of [fresh, user.email]) {
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await register(signUpForm({ email }))).statusCode, `${email} #${attempt}`).toBe(201);
      }
      const sixth = await register(signUpForm({ email: email.toUpperCase() }));
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual(TOO_MANY);
      expect(await mailsTo(ctx.app, email)).toHaveLength(5);
    }
  });

  it('allows the address again once the hour has passed', async () => {
    const email = signUpForm().email;
    for (let attempt = 1; attempt <= 5; attempt++) await register(signUpForm({ email }));
    expect((await register(signUpForm({ email }))).statusCode).toBe(429);
    ctx.clock.advance(hours(1) + 1000);
    expect((await register(signUpForm({ email }))).statusCode).toBe(201);
  });

  it('holds under 20 simultaneous sign-ups of one new address: 5 e-mails, one account, no error', async () => {
    const email = signUpForm().email;
    const answers = await Promise.all(Array.from({ length: 20 }, () => register(signUpForm({ email }))));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(15).fill(429)]);
    expect(await ctx.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(await mailsTo(ctx.app, email)).toHaveLength(5);
  });
});

describe('the verification link', () => {
  async function signUpAndReadLink() {
    const form = signUpForm();
    await register(form);
    return { form, token: verificationTokenIn(await latestMailTo(ctx.app, form.email)) };
  }

  it('verifies the address and signs the user in', async () => {
    const { form, token } = await signUpAndReadLink();
    const response = await verify(token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Your account has been verified successfully.');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(body.token) });
    expect(me.json()).toMatchObject({ email: form.email, username: form.username, consumer: { name: 'Ada Lovelace' } });
    const [account] = await ctx.app.db.select().from(users).where(eq(users.email, form.email));
    expect(account?.emailVerifiedAt).not.toBeNull();
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/refresh-token',
      payload: { refreshToken: body.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('works once only', async () => {
    const { token } = await signUpAndReadLink();
    expect((await verify(token)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);
  });

  it('opened again by the account it verified, says so (409); anyone else still gets the invalid-link answer', async () => {
    const { token } = await signUpAndReadLink();
    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/users/verify/${token}`,
      headers: bearer(first.json().token),
      remoteAddress: nextIp(),
    });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ error: 'Your email address is already verified.' });

    const other = await createUserAndToken(ctx.app);
    const someoneElse = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/users/verify/${token}`,
      headers: bearer(other.token),
      remoteAddress: nextIp(),
    });
    expect(someoneElse.statusCode).toBe(400);
    expect(someoneElse.json()).toEqual(INVALID_LINK);
    const badToken = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/users/verify/${token}`,
      headers: { authorization: 'Bearer not-a-token' },
      remoteAddress: nextIp(),
    });
    expect(badToken.statusCode).toBe(400);
  });

  it('works for 24 hours and not after', async () => {
    const fresh = await signUpAndReadLink();
    const stale = await signUpAndReadLink();
    ctx.clock.advance(hours(24) - 1000);
    expect((await verify(fresh.token)).statusCode).toBe(200);
    ctx.clock.advance(1000);
    const response = await verify(stale.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_LINK);
  });

  it('refuses a made-up token with the same message', async () => {
    const response = await verify('made-up-token');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_LINK);
  });

  it('makes the address unavailable for another sign-up once verified: the owner is told to sign in instead', async () => {
    const { form, token } = await signUpAndReadLink();
    await verify(token);
    const response = await register(signUpForm({ email: form.email, consumer: { name: 'Someone Else' } }));
    expect(response.statusCode).toBe(201);
    const [account] = await ctx.app.db.select().from(users).where(eq(users.email, form.email));
    expect(account).toMatchObject({ name: 'Ada Lovelace', username: form.username });
    expect((await latestMailTo(ctx.app, form.email)).subject).toBe(
      'You already have an account at UGM Gift Marketplace',
    );
  });
});
