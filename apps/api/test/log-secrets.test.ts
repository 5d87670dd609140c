import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { loggerOptions, redactSecrets } from '../src/lib/log-redaction';
import { type CheckoutTestContext, checkoutPayload, createCheckoutTestApp, startCheckout } from './support/checkout';
import { buyGift, sendFrom } from './support/gifts';
import { codeIn, latestMailTo, verificationTokenIn } from './support/mail';
import { sendAs } from './support/requests';
import { nextIp } from './support/sign-in';
import { createUserAndToken } from './support/users';

/**
 * Whoever reads the log must not be able to take a gift, an account or a payment's orders: claim
 * tokens, verification tokens, poll keys and sign-in codes never reach it, whether they travel
 * in a path, a query or a body (decision 043). The app runs with its real logger at `info`, and a
 * whole journey's log is searched for each secret.
 */
let ctx: CheckoutTestContext;
const lines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  ctx = await createCheckoutTestApp({ logger: { ...loggerOptions({ logLevel: 'info' }), stream } });
});
afterAll(() => ctx.close());

describe('the log of a whole gift journey', () => {
  it('holds the requests but none of the secrets they carried', async () => {
    const secrets: string[] = [];

    // A recipient signs up and verifies the address; the sender signs in by code.
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      payload: { email: 'rhea@example.com', consumer: { name: 'Rhea' }, role: 'consumer', username: 'rhea' },
      remoteAddress: nextIp(),
    });
    expect(signUp.statusCode).toBeLessThan(300);
    const verificationToken = verificationTokenIn(await latestMailTo(ctx.app, 'rhea@example.com'));
    secrets.push(verificationToken);
    const verified = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/users/verify/${encodeURIComponent(verificationToken)}`,
      remoteAddress: nextIp(),
    });
    expect(verified.statusCode).toBe(200);
    await ctx.app.inject({ method: 'GET', url: `/verify/${encodeURIComponent(verificationToken)}` });

    const sender = await createUserAndToken(ctx.app, { email: 'sid@example.com' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/generate-code',
      payload: { email: 'sid@example.com' },
      remoteAddress: nextIp(),
    });
    const loginCode = codeIn(await latestMailTo(ctx.app, 'sid@example.com'));
    secrets.push(loginCode);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: 'sid@example.com', loginCode },
      remoteAddress: nextIp(),
    });
    expect(login.statusCode).toBe(200);
    secrets.push(login.json<{ refreshToken: string }>().refreshToken);

    // A card payment polled by its key, then a gift bought and claimed by its link.
    const started = await startCheckout(
      ctx.app,
      ctx.payments,
      sender,
      checkoutPayload([{ product: ctx.argos, value: 25 }]),
    );
    secrets.push(started.key);
    expect((await sendAs(ctx.app, 'GET', `/orders/status?key=${started.key}`, sender)).statusCode).toBe(200);

    const gift = await buyGift(ctx, sender, { name: 'Rhea', email: 'rhea@example.com' });
    secrets.push(gift.token);
    await ctx.app.inject({ method: 'GET', url: `/gift/${gift.token}` });
    expect((await sendFrom(ctx.app, 'GET', `/gifts/${gift.token}`, null)).statusCode).toBe(200);
    const recipient = await createUserAndToken(ctx.app, { email: 'rhea.second@example.com' });
    await sendFrom(ctx.app, 'POST', '/orders/redeem-link', recipient, { link: gift.link });
    await sendFrom(ctx.app, 'GET', `/gifts/${gift.token}x`, null);
    await ctx.app.inject({ method: 'GET', url: `/api/v1/no-such-route/gift/${gift.token}` });
    await ctx.app.mailWorker.drain();

    const log = lines.join('');
    expect(log).toContain('/api/v1/gifts/[redacted]');
    expect(log).toContain('/gift/[redacted]');
    expect(log).toContain('/orders/status?key=[redacted]');
    for (const secret of secrets) expect(log, 'a secret in the log').not.toContain(secret);
  });
});

describe('redacting a URL', () => {
  it('hides claim and verification tokens and poll keys, and nothing else', () => {
    expect(redactSecrets('/gift/abc-123?x=1')).toBe('/gift/[redacted]?x=1');
    expect(redactSecrets('/api/v1/gifts/abc')).toBe('/api/v1/gifts/[redacted]');
    expect(redactSecrets('/api/v1/users/verify/a%2Eb')).toBe('/api/v1/users/verify/[redacted]');
    expect(redactSecrets('/confirmation?session_id=cs_1&key=k1')).toBe('/confirmation?session_id=cs_1&key=[redacted]');
    expect(redactSecrets('/api/v1/products?q=gift&page=2')).toBe('/api/v1/products?q=gift&page=2');
    expect(redactSecrets('/api/v1/orders/o1/voucher')).toBe('/api/v1/orders/o1/voucher');
  });

  it('is what the app logs with by default', () => {
    expect(loggerOptions(testConfig())).toMatchObject({ serializers: { req: expect.any(Function) } });
  });
});
