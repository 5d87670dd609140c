import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { OperatorPendingSession, OperatorSession, OperatorTotpSetup } from '@gvm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVoucherCipher } from '../src/adapters/vouchers';
import { testConfig } from '../src/config';
import { loggerOptions, redactSecrets, redactUrl } from '../src/lib/log-redaction';
import {
  type CheckoutTestContext,
  checkoutPayload,
  createCheckoutTestApp,
  defined,
  startCheckout,
} from './support/checkout';
import { buyGift, sendFrom } from './support/gifts';
import { codeIn, latestMailTo, verificationTokenIn } from './support/mail';
import { authenticatorCode, createOperator, opsCall } from './support/operators';
import { sendAs } from './support/requests';
import { nextIp } from './support/sign-in';
import { createUserAndToken } from './support/users';
import { buyVoucher, orderRow } from './support/vouchers';

/**
 * Whoever reads the log must not be able to take a gift, an account or a payment's orders: claim
 * tokens, verification tokens, poll keys and sign-in codes never reach it, whether they travel
 * in a path, a query or a body (decision 043), and neither do an operator's sign-in secrets or the
 * voucher codes the console works on. The app runs with its real logger at `info`, and a whole
 * journey's log is searched for each secret.
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

/** A secret in the log: digits-only secrets (6-digit codes) only where they stand alone, not inside a timestamp. */
const holds = (log: string, secret: string) =>
  /^\d+$/.test(secret) ? new RegExp(`(?<!\\d)${secret}(?!\\d)`).test(log) : log.includes(secret);

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
    for (const secret of secrets) expect(holds(log, secret), `a secret in the log: ${secret}`).toBe(false);
  });
});

describe("the log of an operator's work in the console", () => {
  it('holds no sign-in code, authenticator key or code, session token, voucher code or claim token', async () => {
    const secrets: string[] = [];
    const answers: string[] = [];
    const ops = async (method: 'GET' | 'POST', path: string, token: string | null, payload?: object) => {
      const answer = await opsCall(ctx.app, method, path, token, payload);
      expect(answer.statusCode, `${method} ${path}: ${answer.body}`).toBeLessThan(300);
      answers.push(answer.body);
      return answer;
    };
    const codeOf = async (voucherId: string) =>
      createVoucherCipher(ctx.app.appConfig.voucherEncryptionKey).open(
        defined(defined(await orderRow(ctx, voucherId), 'voucher').codeCiphertext, 'code'),
      );

    // A customer holds an activated voucher (its code bought then) and has sent a gift not yet claimed.
    const holder = await createUserAndToken(ctx.app, { email: 'hana.holder@example.com' });
    const voucherId = await buyVoucher(ctx, holder, 30);
    expect((await sendAs(ctx.app, 'POST', `/orders/${voucherId}/activate`, holder)).statusCode).toBe(200);
    const gift = await buyGift(ctx, holder, { name: 'Gil', email: 'gil@example.com' });
    const oldCode = await codeOf(voucherId);
    secrets.push(oldCode, oldCode.replace(/-/g, ''), gift.token);

    // The operator signs in: e-mailed code, authenticator set-up, authenticator code.
    await createOperator(ctx.app, 'olive.ops@ugm.example', 'admin');
    await ops('POST', '/auth/code', null, { email: 'olive.ops@ugm.example' });
    const signInCode = codeIn(await latestMailTo(ctx.app, 'olive.ops@ugm.example'));
    const pending = (
      await ops('POST', '/auth/verify-code', null, { email: 'olive.ops@ugm.example', code: signInCode })
    ).json<OperatorPendingSession>();
    const setup = (await ops('POST', '/auth/totp/setup', pending.token)).json<OperatorTotpSetup>();
    const totpCode = await authenticatorCode(setup.setupKey, ctx.clock.now());
    const session = (await ops('POST', '/auth/totp/verify', pending.token, { code: totpCode })).json<OperatorSession>();
    secrets.push(signInCode, pending.token, setup.setupKey, setup.otpauthUri, totpCode, session.token);

    // Searches (by e-mail, by last four, and by a whole code a customer read out), pages, a reissue.
    const lastFour = oldCode.replace(/-/g, '').slice(-4);
    await ops('GET', '/customers/search?q=hana.holder', session.token);
    await ops('GET', `/customers/search?q=${lastFour}`, session.token);
    await ops('GET', `/customers/search?q=${encodeURIComponent(oldCode)}`, session.token);
    await ctx.app.inject({ method: 'GET', url: `/ops/customers?q=${encodeURIComponent(oldCode)}` });
    await ops('GET', `/customers/${holder.user.id}`, session.token);
    await ops('GET', `/vouchers/${voucherId}`, session.token);
    await ops('GET', `/vouchers/${gift.orderId}`, session.token);
    await ops('POST', `/vouchers/${voucherId}/reissue`, session.token, { reason: 'Code leaked', codeLast4: lastFour });
    const repeated = await opsCall(ctx.app, 'POST', `/vouchers/${voucherId}/reissue`, session.token, {
      reason: 'Code leaked',
      codeLast4: lastFour,
    });
    expect(repeated.statusCode).toBe(409);
    answers.push(repeated.body);
    const newCode = await codeOf(voucherId);
    secrets.push(newCode, newCode.replace(/-/g, ''));
    await ops('GET', `/vouchers/${voucherId}`, session.token);
    await ops('POST', `/vouchers/${gift.orderId}/gift/resend`, session.token, { reason: 'Not received' });
    await ops('GET', `/orders/${voucherId}`, session.token);
    await ops('POST', '/auth/sign-out', session.token);
    await ctx.app.mailWorker.drain();

    const log = lines.join('');
    expect(log).toContain('/api/v1/ops/vouchers/');
    expect(log).toContain('/ops/customers/search?q=[redacted]');
    expect(log).toContain('/ops/customers?q=[redacted]');
    for (const secret of secrets) expect(holds(log, secret), `a secret in the log: ${secret}`).toBe(false);

    // No console answer carries a whole code or a claim token: only a code's last four.
    const consoleAnswers = answers.slice(answers.findIndex((body) => body.includes('"customers"')));
    for (const secret of [oldCode, oldCode.replace(/-/g, ''), newCode, newCode.replace(/-/g, ''), gift.token]) {
      for (const body of consoleAnswers) expect(body, 'a secret in a console answer').not.toContain(secret);
    }
    const lastFours = consoleAnswers.flatMap((body) => [...body.matchAll(/"codeLast(?:4|Four)":"([^"]*)"/g)]);
    expect(lastFours.length).toBeGreaterThan(3);
    for (const [, shown] of lastFours) expect(shown).toMatch(/^[0-9A-Z]{4}$/);
  }, 60_000);
});

/**
 * A route reads a URL after decoding it, and a page or a 404 is logged whatever its spelling, so
 * every route whose URL carries a secret is sent in the spellings that reach it (or that a router
 * could read as it), and the log of each request is searched for the secret.
 */
describe('every route that carries a secret in its URL, however it is spelled', () => {
  /** A path's segments, the secret among them, and its query fields ([name, value]). */
  interface SecretUrl {
    method?: 'GET' | 'POST';
    segments: string[];
    query?: Array<[string, string]>;
  }

  const hex = (char: string) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
  /** The URL with `literal` applied to each path segment but the secrets, and `name` to each query field's name. */
  function spelled(
    { segments, query = [] }: SecretUrl,
    secrets: readonly string[],
    literal: (segment: string) => string,
    { slash = '/', trailing = '', name = (field: string) => field } = {},
  ): string {
    const path = segments.map((segment) => (secrets.includes(segment) ? segment : literal(segment)));
    const search = query.map(([field, value]) => `${name(field)}=${value}`).join('&');
    return `/${path.join(slash)}${trailing}${search ? `?x=1&${search}` : ''}`;
  }
  function spellings(url: SecretUrl, secrets: readonly string[]): string[] {
    const same = (segment: string) => segment;
    const firstEncoded = (segment: string) => `${hex(segment.charAt(0))}${segment.slice(1)}`;
    const allEncoded = (segment: string) => [...segment].map((char) => hex(char).toUpperCase()).join('');
    const twiceEncoded = (segment: string) => `%25${hex(segment.charAt(0)).slice(1)}${segment.slice(1)}`;
    const upper = (segment: string) => segment.toUpperCase();
    const plain = spelled(url, secrets, same);
    const lastSlash = plain.lastIndexOf('/', plain.includes('?') ? plain.indexOf('?') : plain.length);
    return [
      spelled(url, secrets, same),
      spelled(url, secrets, firstEncoded, { name: firstEncoded }),
      spelled(url, secrets, allEncoded, { name: allEncoded }),
      spelled(url, secrets, twiceEncoded, { name: twiceEncoded }),
      spelled(url, secrets, upper, { name: upper }),
      spelled(url, secrets, same, { slash: '//', trailing: '/' }),
      spelled(url, secrets, upper, { slash: '//', trailing: '//', name: firstEncoded }),
      // The last slash encoded: one segment to a splitter, two to a decoder.
      lastSlash > 0 ? `${plain.slice(0, lastSlash)}%2F${plain.slice(lastSlash + 1)}` : `/%2F${plain.slice(1)}`,
      // Pasted after another path, or into a page's query as the address to come back to.
      `/api/v1/no-such-route${plain}`,
      `/login?returnTo=${encodeURIComponent(plain)}`,
    ];
  }

  it('leaves none of them in the log', async () => {
    const sender = await createUserAndToken(ctx.app);
    const gift = await buyGift(ctx, sender, { name: 'Vera', email: 'vera@example.com' });
    const started = await startCheckout(
      ctx.app,
      ctx.payments,
      sender,
      checkoutPayload([{ product: ctx.argos, value: 10 }]),
    );
    const verification = `verification-${randomUUID()}`;
    const searchTerm = `CODE-${randomUUID().slice(0, 8).toUpperCase()}`;
    const session = started.providerSessionId;
    const urls: Array<[SecretUrl, string[]]> = [
      [{ segments: ['api', 'v1', 'gifts', gift.token] }, [gift.token]],
      [{ segments: ['gift', gift.token] }, [gift.token]],
      [{ segments: ['api', 'v1', 'users', 'verify', verification] }, [verification]],
      [{ segments: ['verify', verification] }, [verification]],
      [{ segments: ['pay', session] }, [session]],
      [{ method: 'POST', segments: ['pay', session] }, [session]],
      [{ segments: ['api', 'v1', 'orders', 'status'], query: [['key', started.key]] }, [started.key]],
      [{ segments: ['api', 'v1', 'orders', 'verify'], query: [['session_id', session]] }, [session]],
      [
        {
          segments: ['confirmation'],
          query: [
            ['session_id', session],
            ['key', started.key],
          ],
        },
        [session, started.key],
      ],
      [{ segments: ['api', 'v1', 'ops', 'customers', 'search'], query: [['q', searchTerm]] }, [searchTerm]],
      [{ segments: ['ops', 'customers'], query: [['q', searchTerm]] }, [searchTerm]],
    ];

    let sent = 0;
    for (const [url, secrets] of urls) {
      for (const spelling of spellings(url, secrets)) {
        sent += 1;
        const requestId = `spelling-${sent}`;
        const from = lines.length;
        await ctx.app.inject({
          method: url.method ?? 'GET',
          url: spelling,
          headers: { 'x-request-id': requestId },
        });
        const log = lines.slice(from).join('');
        expect(log, `${spelling} was logged`).toContain(`"reqId":"${requestId}"`);
        expect(log, `${spelling} was logged`).toContain('"req":{');
        for (const secret of secrets) expect(log.includes(secret), `a secret in the log of ${spelling}`).toBe(false);
      }
    }
    // The claim link's API reads the token in a spelling a router decodes.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/%67ifts/${gift.token}` })).statusCode).toBe(200);
    expect(sent).toBe(urls.length * 10);
  });
});

describe('redacting a URL', () => {
  it('hides claim and verification tokens, poll keys and console search terms, and nothing else', () => {
    expect(redactSecrets('/gift/abc-123?x=1')).toBe('/gift/[redacted]?x=1');
    expect(redactSecrets('/api/v1/gifts/abc')).toBe('/api/v1/gifts/[redacted]');
    expect(redactSecrets('/api/v1/users/verify/a%2Eb')).toBe('/api/v1/users/verify/[redacted]');
    expect(redactSecrets('/confirmation?session_id=cs_1&key=k1')).toBe(
      '/confirmation?session_id=[redacted]&key=[redacted]',
    );
    expect(redactSecrets('/api/v1/products?q=gift&page=2')).toBe('/api/v1/products?q=gift&page=2');
    expect(redactSecrets('/api/v1/orders/o1/voucher')).toBe('/api/v1/orders/o1/voucher');
    expect(redactSecrets('/api/v1/ops/customers/search?q=ABCD-EFGH')).toBe('/api/v1/ops/customers/search?q=[redacted]');
    expect(redactSecrets('/ops/customers?x=1&q=a%40b.com&y=2')).toBe('/ops/customers?x=1&q=[redacted]&y=2');
  });

  it('reads the path as a router does, and keeps the words of the route that matched', () => {
    expect(redactSecrets('/API/v1//%2567ifts/abc/')).toBe('/API/v1//%2567ifts/[redacted]/');
    expect(redactSecrets('/login?returnTo=%2Fgift%2Fabc&x=1')).toBe('/login?returnTo=[redacted]&x=1');
    expect(redactSecrets('Route GET:https://shop.example/pay/sim_1 not found')).toBe(
      'Route GET:https://shop.example/pay/[redacted] not found',
    );
    expect(redactUrl('/api/v1/orders/o1/gift/resend', '/api/v1/orders/:orderId/gift/resend')).toBe(
      '/api/v1/orders/o1/gift/resend',
    );
    expect(redactUrl('/api/v1/products/gift%2Fabc', '/api/v1/products/:id')).toBe('/api/v1/products/[redacted]');
  });

  it('is what the app logs with by default', () => {
    expect(loggerOptions(testConfig())).toMatchObject({ serializers: { req: expect.any(Function) } });
  });
});
