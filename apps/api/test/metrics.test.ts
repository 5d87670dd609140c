import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from './support/checkout';
import {
  checkoutStatusOf,
  createPaymentsTestApp,
  openCheckout,
  type PaymentsTestContext,
  payOnPage,
  personalCheckout,
} from './support/payments';
import { createUserAndToken } from './support/users';

/**
 * /metrics (docs/deploy.md, "Operating it"): Prometheus's text, only to the METRICS_TOKEN bearer,
 * with routes labelled by their pattern so no id or secret of a URL reaches it.
 */
const token = 'metrics-token-that-is-at-least-32-characters';
let ctx: PaymentsTestContext & { simulator: import('../src/adapters/payments').PaymentSimulator | undefined };

beforeAll(async () => {
  ctx = await createPaymentsTestApp({ metricsToken: token }, { asyncSettleMs: 300, retryDelaysMs: [20, 40] });
});
afterAll(() => ctx.close());

const scrape = (authorization?: string) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('/metrics', () => {
  it('answers only the configured bearer token', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${token.slice(0, -1)}x`)).statusCode).toBe(401);
    const answer = await scrape(`Bearer ${token}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    expect(answer.body).toContain('process_cpu_seconds_total');
  });

  it('labels requests by route pattern, never by the URL with its ids and secrets', async () => {
    const secret = 'a-claim-token-nobody-may-read-123';
    await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    await ctx.app.inject({ method: 'GET', url: `/api/v1/gifts/${secret}` });
    const { body } = await scrape(`Bearer ${token}`);
    expect(body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/health",status_code="200"\} \d+/,
    );
    expect(body).toContain('route="/api/v1/gifts/:token"');
    expect(body).not.toContain(secret);
  });

  it('counts payment outcomes and shows the outbox backlog and the chat sockets', async () => {
    const buyer = await createUserAndToken(ctx.app, { name: 'Ada Buyer' });
    const url = await openCheckout(ctx.app, buyer, personalCheckout(ctx.argos, 25));
    const sessionId = defined(new URL(url).pathname.split('/').at(-1), 'session id');
    expect((await payOnPage(ctx.app, sessionId, { cardNumber: '4242424242424242' })).statusCode).toBe(303);
    await defined(ctx.simulator, 'simulator').idle();
    expect(await checkoutStatusOf(ctx.app, sessionId)).toBe('paid');
    const { body } = await scrape(`Bearer ${token}`);
    expect(body).toMatch(/payment_events_total\{provider="simulator",state="paid"\} 1/);
    expect(body).toMatch(/^mail_outbox_waiting \d+$/m);
    expect(body).toMatch(/^mail_outbox_oldest_waiting_seconds [\d.e+-]+$/m);
    expect(body).toMatch(/^chat_sockets\{party="shopper"\} 0$/m);
  });
});

describe('without METRICS_TOKEN', () => {
  it('has no /metrics', async () => {
    const other = await createPaymentsTestApp();
    try {
      expect((await other.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
