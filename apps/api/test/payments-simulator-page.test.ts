import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentSimulator } from '../src/adapters/payments';
import { defined } from './support/checkout';
import { createPaymentsTestApp, type PaymentsTestContext, payOnPage, textOf } from './support/payments';

/**
 * The simulator's hosted card page, driven as the checkout drives it: a hosted session is opened
 * with lines and URLs, and the browser fills the form. Outcomes reaching the app are in
 * payments-simulator-outcomes.test.ts.
 */
let ctx: PaymentsTestContext;
let simulator: PaymentSimulator;

beforeAll(async () => {
  const created = await createPaymentsTestApp({}, { asyncSettleMs: 20, retryDelaysMs: [] });
  ctx = created;
  simulator = defined(created.simulator, 'simulator');
});
afterAll(() => ctx.close());

let sequence = 0;
async function openSession(lines = [{ name: 'Argos gift card £25.00', unitAmount: 2500, quantity: 2 }]) {
  sequence += 1;
  const amount = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
  return simulator.createHostedSession({
    checkoutSessionId: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    amount,
    currency: 'GBP',
    lines,
    customerEmail: 'ada@example.com',
    successUrl: 'http://localhost:3000/confirmation?session_id={CHECKOUT_SESSION_ID}&key=k1',
    pendingUrl: 'http://localhost:3000/confirmation?session_id=pending&key=k1',
    cancelUrl: 'http://localhost:3000/checkout',
    expiresAt: new Date(ctx.clock.now().getTime() + 30 * 60_000),
  });
}

const getPage = (sessionId: string) => ctx.app.inject({ method: 'GET', url: `/pay/${sessionId}` });

describe('the hosted card page', () => {
  it('shows the merchant lines, the total, the four labelled fields, the pay button and Cancel', async () => {
    const hosted = await openSession([
      { name: 'Argos gift card £25.00', unitAmount: 2500, quantity: 2 },
      { name: 'Tesco gift card £10.00', unitAmount: 1000, quantity: 1 },
    ]);
    expect(hosted.url).toBe(`http://localhost:3000/pay/${hosted.providerSessionId}`);

    const page = await getPage(hosted.providerSessionId);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.body;
    for (const [id, label] of [
      ['cardNumber', 'Card number'],
      ['expiry', 'Expiry'],
      ['cvc', 'CVC'],
      ['name', 'Name on card'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toContain(`<input id="${id}" name="${id}"`);
    }
    expect(html).toContain('<button type="submit">Pay £60.00</button>');
    expect(html).toContain('<a class="cancel" href="http://localhost:3000/checkout">Cancel</a>');
    expect(html).toContain(`<form method="post" action="/pay/${hosted.providerSessionId}"`);
    const text = textOf(html);
    expect(text).toContain('Argos gift card £25.00 × 2 £50.00');
    expect(text).toContain('Tesco gift card £10.00 £10.00');
    expect(text).toContain('Total £60.00');
  });

  it('runs no script and lets the form lead only to this app', async () => {
    const hosted = await openSession();
    const page = await getPage(hosted.providerSessionId);
    expect(page.body).not.toMatch(/<script/i);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("form-action 'self' http://localhost:3000");
    expect(policy).not.toContain('script-src');
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('escapes everything it echoes', async () => {
    const hosted = await openSession([{ name: '<script>alert(1)</script> & "co"', unitAmount: 500, quantity: 1 }]);
    const page = await getPage(hosted.providerSessionId);
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;co&quot;');

    const retried = await payOnPage(ctx.app, hosted.providerSessionId, {
      cardNumber: '"><img src=x onerror=alert(1)>',
      name: '<b>Ada</b>',
    });
    expect(retried.body).not.toContain('<img src=x');
    expect(retried.body).not.toContain('<b>Ada</b>');
    expect(retried.body).toContain('value="&lt;b&gt;Ada&lt;/b&gt;"');
  });

  it('answers an unknown session, a malformed id and an expired session with a 404 page', async () => {
    const unknown = await getPage('sim_AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(textOf(unknown.body)).toContain('Payment page not found');
    expect((await getPage('..%2F..%2Fetc')).statusCode).toBe(404);
    expect(
      (await payOnPage(ctx.app, 'sim_AAAAAAAAAAAAAAAAAAAAAAAA', { cardNumber: '4242424242424242' })).statusCode,
    ).toBe(404);

    const hosted = await openSession();
    ctx.clock.advance(31 * 60_000);
    try {
      expect((await getPage(hosted.providerSessionId)).statusCode).toBe(404);
      const late = await payOnPage(ctx.app, hosted.providerSessionId, { cardNumber: '4242 4242 4242 4242' });
      expect(late.statusCode).toBe(404);
      expect(await simulator.retrieveSession(hosted.providerSessionId)).toBe('expired');
    } finally {
      ctx.clock.advance(-31 * 60_000);
    }
  });
});

describe('the test cards', () => {
  it('4242 4242 4242 4242 pays at once and sends the browser to the success URL with the session id', async () => {
    const hosted = await openSession();
    const paid = await payOnPage(ctx.app, hosted.providerSessionId, { cardNumber: '4242 4242 4242 4242' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://localhost:3000/confirmation?session_id=${hosted.providerSessionId}&key=k1`,
    );
    expect(await simulator.retrieveSession(hosted.providerSessionId)).toBe('paid');

    // Paid once: the page takes no second card.
    const again = await payOnPage(ctx.app, hosted.providerSessionId, { cardNumber: '4242424242424242' });
    expect(again.statusCode).toBe(200);
    expect(textOf(again.body)).toContain('This payment is complete.');
    expect(textOf((await getPage(hosted.providerSessionId)).body)).toContain('This payment is complete.');
  });

  it('4000 0000 0000 0002 is declined: the page stays, nothing is charged, another card may be tried', async () => {
    const hosted = await openSession();
    const declined = await payOnPage(ctx.app, hosted.providerSessionId, { cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(200);
    expect(declined.body).toContain('<p class="alert" role="alert">Your card was declined.</p>');
    expect(declined.body).toContain('<button type="submit">Pay £50.00</button>');
    expect(await simulator.retrieveSession(hosted.providerSessionId)).toBe('open');

    const paid = await payOnPage(ctx.app, hosted.providerSessionId, { cardNumber: '4242424242424242' });
    expect(paid.statusCode).toBe(303);
  });

  it('4000 0000 0000 3220 goes to the pending URL, processing, then paid', async () => {
    const hosted = await openSession();
    const accepted = await payOnPage(ctx.app, hosted.providerSessionId, { cardNumber: '4000000000003220' });
    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe('http://localhost:3000/confirmation?session_id=pending&key=k1');
    expect(await simulator.retrieveSession(hosted.providerSessionId)).toBe('processing');
    ctx.clock.advance(20);
    await simulator.idle();
    expect(await simulator.retrieveSession(hosted.providerSessionId)).toBe('paid');
  });

  it('4000 0000 0000 0341 goes to the pending URL, processing, then failed', async () => {
    const hosted = await openSession();
    const accepted = await payOnPage(ctx.app, hosted.providerSessionId, { cardNumber: '4000-0000-0000-0341' });
    expect(accepted.headers.location).toBe('http://localhost:3000/confirmation?session_id=pending&key=k1');
    expect(await simulator.retrieveSession(hosted.providerSessionId)).toBe('processing');
    ctx.clock.advance(20);
    await simulator.idle();
    expect(await simulator.retrieveSession(hosted.providerSessionId)).toBe('failed');
  });

  it.each([
    ['any other number', { cardNumber: '4111 1111 1111 1111' }, 'Your card number is invalid.'],
    ['no number', { cardNumber: '' }, 'Enter your card number.'],
    [
      'an expiry in the past',
      { cardNumber: '4242424242424242', expiry: '01/20' },
      "Your card's expiration date is in the past.",
    ],
    ['an expiry not MM/YY', { cardNumber: '4242424242424242', expiry: '13/40' }, 'Enter the expiry date as MM/YY.'],
    [
      'a short CVC',
      { cardNumber: '4242424242424242', cvc: '12' },
      "Your card's security code (CVC) must be 3 or 4 digits.",
    ],
    ['no name', { cardNumber: '4242424242424242', name: '  ' }, 'Enter the name on your card.'],
  ])('refuses %s with its message and charges nothing', async (_case, card, message) => {
    const hosted = await openSession();
    const refused = await payOnPage(ctx.app, hosted.providerSessionId, card);
    expect(refused.statusCode).toBe(200);
    expect(textOf(refused.body)).toContain(message);
    expect(refused.body).toContain('aria-invalid="true"');
    expect(await simulator.retrieveSession(hosted.providerSessionId)).toBe('open');
  });

  it('accepts a card that expires this month', async () => {
    const now = ctx.clock.now();
    const expiry = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCFullYear() % 100).padStart(2, '0')}`;
    const hosted = await openSession();
    const paid = await payOnPage(ctx.app, hosted.providerSessionId, { cardNumber: '4242424242424242', expiry });
    expect(paid.statusCode).toBe(303);
  });

  it('opens one page for one checkout session however often it is asked (idempotency)', async () => {
    const request = {
      checkoutSessionId: '11111111-1111-4111-8111-111111111111',
      amount: 500,
      currency: 'GBP',
      lines: [{ name: 'Argos gift card £5.00', unitAmount: 500, quantity: 1 }],
      customerEmail: 'ada@example.com',
      successUrl: 'http://localhost:3000/confirmation?session_id={CHECKOUT_SESSION_ID}&key=k',
      pendingUrl: 'http://localhost:3000/confirmation?session_id=pending&key=k',
      cancelUrl: 'http://localhost:3000/checkout',
      expiresAt: new Date(ctx.clock.now().getTime() + 30 * 60_000),
    };
    const first = await simulator.createHostedSession(request);
    const second = await simulator.createHostedSession(request);
    expect(second).toEqual(first);
  });
});
