import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClockedTestContext, createClockedTestApp, minutes } from './support/app';
import { mailsTo } from './support/mail';
import { nextIp } from './support/sign-in';
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
