import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInIps, users } from '../src/db/schema';
import { KNOWN_SIGN_IN_IP_DAYS } from '../src/modules/auth/known-ips';
import { hashSignInIp } from '../src/modules/auth/secrets';
import { type ClockedTestContext, createClockedTestApp, minutes } from './support/app';
import { codeIn, latestMailTo, mailsTo, verificationTokenIn } from './support/mail';
import { nextIp, requestCode } from './support/sign-in';
import { createUserAndToken } from './support/users';

let ctx: ClockedTestContext;
beforeAll(async () => {
  ctx = await createClockedTestApp();
});
afterAll(() => ctx.close());

function generateCode(email: string, remoteAddress = nextIp()) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/users/generate-code', payload: { email }, remoteAddress });
}

const PER_ADDRESS_MESSAGE =
  'Too many verification codes have been requested for this email. Please wait up to an hour and try again.';

describe('limits on requesting sign-in codes', () => {
  it('allows 5 codes per address per hour, then answers 429 with a clear message', async () => {
    const { user } = await createUserAndToken(ctx.app);
    for (let request = 1; request <= 5; request++) expect((await generateCode(user.email)).statusCode).toBe(200);
    const sixth = await generateCode(user.email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: PER_ADDRESS_MESSAGE });
    expect(await mailsTo(ctx.app, user.email)).toHaveLength(5);
  });

  it('limits an address without an account the same way, so the limit reveals nothing', async () => {
    const email = 'no-account-limit@example.com';
    for (let request = 1; request <= 5; request++) expect((await generateCode(email)).statusCode).toBe(200);
    const sixth = await generateCode(email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: PER_ADDRESS_MESSAGE });
  });

  it('counts the address however it is written', async () => {
    const { user } = await createUserAndToken(ctx.app);
    for (let request = 1; request <= 5; request++) await generateCode(user.email);
    expect((await generateCode(` ${user.email.toUpperCase()}`)).statusCode).toBe(429);
  });

  it('allows the address again once the hour has passed', async () => {
    const { user } = await createUserAndToken(ctx.app);
    for (let request = 1; request <= 5; request++) await generateCode(user.email);
    expect((await generateCode(user.email)).statusCode).toBe(429);
    ctx.clock.advance(minutes(61));
    expect((await generateCode(user.email)).statusCode).toBe(200);
  });

  it('allows 20 requests per IP address per 15 minutes, then answers 429 with a clear message', async () => {
    const ip = nextIp();
    for (let request = 1; request <= 20; request++) {
      expect((await generateCode(`ip-limit-${request}@example.com`, ip)).statusCode).toBe(200);
    }
    const over = await generateCode('ip-limit-21@example.com', ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      error: 'Too many verification codes requested. Please wait a few minutes and try again.',
    });
    expect(over.headers['retry-after']).toBeDefined();
    expect(await mailsTo(ctx.app, 'ip-limit-21@example.com')).toHaveLength(0);
    expect((await generateCode('ip-limit-21@example.com', nextIp())).statusCode).toBe(200);
  });

  it('lets the operator set the per-IP limit', async () => {
    const own = await createClockedTestApp({ loginCodeIpLimit: 2 });
    const inject = (email: string) =>
      own.app.inject({
        method: 'POST',
        url: '/api/v1/users/generate-code',
        payload: { email },
        remoteAddress: '10.9.9.9',
      });
    expect((await inject('a@example.com')).statusCode).toBe(200);
    expect((await inject('b@example.com')).statusCode).toBe(200);
    expect((await inject('c@example.com')).statusCode).toBe(429);
    await own.close();
  });
});

describe('a lock-out caused by strangers (decision 020)', () => {
  /** Signs in by code, submitting the code from `ip`: that IP is then one the account knows. */
  async function signInFrom(email: string, ip: string) {
    const loginCode = await requestCode(ctx.app, email);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email, loginCode },
      remoteAddress: ip,
    });
    expect(response.statusCode).toBe(200);
  }

  async function lockOut(email: string) {
    for (let request = 1; request <= 5; request++) expect((await generateCode(email)).statusCode).toBe(200);
    expect((await generateCode(email)).statusCode).toBe(429);
  }

  function logIn(email: string, loginCode: string, remoteAddress = nextIp()) {
    return ctx.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email, loginCode }, remoteAddress });
  }

  it('lets the owner through from an IP address they have signed in from, and the code works', async () => {
    const { user } = await createUserAndToken(ctx.app);
    const home = nextIp();
    await signInFrom(user.email, home);
    ctx.clock.advance(minutes(61));
    await lockOut(user.email);
    const fromHome = await generateCode(user.email, home);
    expect(fromHome.statusCode).toBe(200);
    const code = codeIn(await latestMailTo(ctx.app, user.email));
    expect((await logIn(user.email, code, home)).statusCode).toBe(200);
  });

  it('still refuses a stranger, and an IP that only ever asked for codes never becomes known', async () => {
    const { user } = await createUserAndToken(ctx.app);
    const stranger = nextIp();
    for (let request = 1; request <= 5; request++) {
      expect((await generateCode(user.email, stranger)).statusCode).toBe(200);
    }
    expect((await generateCode(user.email, stranger)).statusCode).toBe(429);
    expect((await generateCode(user.email)).statusCode).toBe(429);
  });

  it('gives known IP addresses a budget of their own, also 5 an hour', async () => {
    const { user } = await createUserAndToken(ctx.app);
    const home = nextIp();
    await signInFrom(user.email, home);
    ctx.clock.advance(minutes(61));
    await lockOut(user.email);
    for (let request = 1; request <= 5; request++) expect((await generateCode(user.email, home)).statusCode).toBe(200);
    const over = await generateCode(user.email, home);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: PER_ADDRESS_MESSAGE });
    ctx.clock.advance(minutes(61));
    expect((await generateCode(user.email, home)).statusCode).toBe(200);
  });

  it('remembers an IP address of another account as unknown to this one', async () => {
    const first = (await createUserAndToken(ctx.app)).user;
    const second = (await createUserAndToken(ctx.app)).user;
    const shared = nextIp();
    await signInFrom(first.email, shared);
    ctx.clock.advance(minutes(61));
    await lockOut(second.email);
    expect((await generateCode(second.email, shared)).statusCode).toBe(429);
  });

  it('counts a sign-in by verification link too, and keeps only a keyed hash of the address', async () => {
    const email = `link-visitor-${Date.now()}@example.com`;
    const home = '192.0.2.77';
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      payload: { email, consumer: { name: 'Ada' }, role: 'consumer', username: 'linkvisitor', selectedPersonas: [] },
      remoteAddress: nextIp(),
    });
    expect(registered.statusCode).toBe(201);
    const token = verificationTokenIn(await latestMailTo(ctx.app, email));
    const verified = await ctx.app.inject({ method: 'GET', url: `/api/v1/users/verify/${token}`, remoteAddress: home });
    expect(verified.statusCode).toBe(200);
    await lockOut(email);
    expect((await generateCode(email, home)).statusCode).toBe(200);

    const [account] = await ctx.app.db.select().from(users).where(eq(users.email, email));
    const rows = await ctx.app.db
      .select()
      .from(signInIps)
      .where(eq(signInIps.userId, account?.id ?? ''));
    expect(rows.map((row) => row.ipHash)).toEqual([hashSignInIp(ctx.app.appConfig.jwtSecret, account?.id ?? '', home)]);
    expect(rows[0]?.ipHash).not.toBe(createHash('sha256').update(home).digest('hex'));
  });

  it('forgets an address not signed in from for 180 days: a stranger again, its hash deleted at the next sign-in', async () => {
    const days = (n: number) => minutes(n * 24 * 60);
    const { user } = await createUserAndToken(ctx.app);
    const [home, office] = [nextIp(), nextIp()];
    await signInFrom(user.email, home);
    await signInFrom(user.email, office);
    ctx.clock.advance(days(100));
    await signInFrom(user.email, office);
    // Home last signed in 181 days ago, the office 81.
    ctx.clock.advance(days(KNOWN_SIGN_IN_IP_DAYS - 100 + 1));
    await lockOut(user.email);
    expect((await generateCode(user.email, home)).statusCode).toBe(429);
    expect((await generateCode(user.email, office)).statusCode).toBe(200);

    const loginCode = codeIn(await latestMailTo(ctx.app, user.email));
    expect((await logIn(user.email, loginCode, office)).statusCode).toBe(200);
    const rows = await ctx.app.db.select().from(signInIps).where(eq(signInIps.userId, user.id));
    expect(rows.map((row) => row.ipHash)).toEqual([hashSignInIp(ctx.app.appConfig.jwtSecret, user.id, office)]);
  });
});
