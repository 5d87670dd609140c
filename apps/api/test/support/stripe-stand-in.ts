import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Stripe API calls the app makes, answering the JSON Stripe documents
 * for a Checkout Session (https://docs.stripe.com/api/checkout/sessions/object) and a Refund
 * (https://docs.stripe.com/api/refunds): POST /v1/checkout/sessions (form-encoded, replayed for a
 * repeated Idempotency-Key, as Stripe does), GET /v1/checkout/sessions/:id (with
 * `expand[]=payment_intent`), POST /v1/refunds (refusing more than is left of the payment, and a
 * key reused with other parameters, as Stripe does) and GET /v1/refunds?payment_intent=. The app
 * reaches it through STRIPE_API_URL; tests read what arrived and move sessions along.
 */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, unknown>;
}

interface StandInSession {
  [field: string]: unknown;
  id: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  payment_intent: string | null;
}

interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  status: string;
  last_payment_error: { code: string; message: string } | null;
}

/** A Refund as Stripe answers it (https://docs.stripe.com/api/refunds/object). */
export interface StandInRefund {
  [field: string]: unknown;
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
}

export interface StripeStandIn {
  url: string;
  requests: RecordedStripeRequest[];
  /** Refunds made (a replayed Idempotency-Key makes none). */
  refunds: StandInRefund[];
  session(id: string): StandInSession | undefined;
  /** The customer paid (or, with `paymentStatus: 'unpaid'`, submitted a delayed payment method). */
  complete(id: string, paymentStatus?: 'paid' | 'unpaid'): void;
  /** The delayed payment failed (the intent wants another payment method). */
  failAsyncPayment(id: string): void;
  expire(id: string): void;
  close(): Promise<void>;
}

/** `line_items[0][price_data][currency]=gbp` → `{ line_items: [{ price_data: { currency: 'gbp' } }] }`. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = (key.match(/^[^[]+|\[[^\]]*\]/g) ?? []).map((part) => part.replace(/^\[|\]$/g, ''));
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const container = node as Record<string, unknown>;
      const slot = part === '' && Array.isArray(node) ? String(node.length) : part;
      if (last) {
        container[slot] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(path[index + 1] ?? '');
      container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Record<string, unknown>;
    });
  }
  return root;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedStripeRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const intents = new Map<string, StandInIntent>();
  const replies = new Map<string, string>();
  /** The form each Idempotency-Key was first used with: Stripe refuses the key with another. */
  const keyedForms = new Map<string, string>();
  const refunds: StandInRefund[] = [];

  function createSession(form: Record<string, unknown>): StandInSession {
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const lines =
      (form.line_items as { quantity: string; price_data: { unit_amount: string; currency: string } }[]) ?? [];
    const total = lines.reduce((sum, line) => sum + Number(line.price_data.unit_amount) * Number(line.quantity), 0);
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: form.cancel_url ?? null,
      client_reference_id: form.client_reference_id ?? null,
      created: Math.floor(Date.now() / 1000),
      currency: lines[0]?.price_data.currency ?? null,
      customer: null,
      customer_email: form.customer_email ?? null,
      expires_at: Number(form.expires_at),
      livemode: false,
      metadata: form.metadata ?? {},
      mode: form.mode,
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: form.success_url ?? null,
      url: `https://checkout.stripe.com/c/pay/${id}`,
    };
    sessions.set(id, session);
    return session;
  }

  function view(session: StandInSession, expandIntent: boolean): StandInSession {
    if (!expandIntent || !session.payment_intent) return session;
    return { ...session, payment_intent: intents.get(session.payment_intent) as unknown as string };
  }

  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const form = parseStripeForm(request.method === 'GET' ? url.search.slice(1) : body);
      requests.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, form });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(6).toString('hex')}`,
        });
        response.end(JSON.stringify(payload));
      };
      if (!/^Bearer sk_test_\w+$/.test(request.headers.authorization ?? '')) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const key = request.headers['idempotency-key'];
        const replay = typeof key === 'string' ? replies.get(key) : undefined;
        if (replay) {
          response.writeHead(200, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
          response.end(replay);
          return;
        }
        const session = createSession(form);
        if (typeof key === 'string') replies.set(key, JSON.stringify(session));
        send(200, session);
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        const key = request.headers['idempotency-key'];
        if (typeof key === 'string' && keyedForms.has(key) && keyedForms.get(key) !== body) {
          send(400, {
            error: {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          });
          return;
        }
        const replay = typeof key === 'string' ? replies.get(key) : undefined;
        if (replay) {
          response.writeHead(200, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
          response.end(replay);
          return;
        }
        const intent = intents.get(String(form.payment_intent ?? ''));
        if (intent?.status !== 'succeeded') {
          send(400, {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' },
          });
          return;
        }
        const amount = Number(form.amount ?? intent.amount);
        const refunded = refunds
          .filter((made) => made.payment_intent === intent.id)
          .reduce((total, made) => total + made.amount, 0);
        if (refunded + amount > intent.amount) {
          send(400, {
            error: {
              type: 'invalid_request_error',
              code: refunded >= intent.amount ? 'charge_already_refunded' : undefined,
              message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - refunded})`,
            },
          });
          return;
        }
        const refund: StandInRefund = {
          id: `re_${randomBytes(12).toString('hex')}`,
          object: 'refund',
          amount,
          currency: 'gbp',
          metadata: form.metadata ?? {},
          payment_intent: intent.id,
          status: 'succeeded',
          created: Math.floor(Date.now() / 1000),
        };
        refunds.push(refund);
        if (typeof key === 'string') {
          replies.set(key, JSON.stringify(refund));
          keyedForms.set(key, body);
        }
        send(200, refund);
        return;
      }
      if (request.method === 'GET' && url.pathname === '/v1/refunds') {
        const intent = String(form.payment_intent ?? '');
        const data = refunds.filter((made) => !intent || made.payment_intent === intent).reverse();
        send(200, { object: 'list', url: '/v1/refunds', has_more: false, data });
        return;
      }
      const match = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
      const session = match?.[1] ? sessions.get(match[1]) : undefined;
      if (request.method === 'GET' && session) {
        const expand = form.expand;
        send(200, view(session, Array.isArray(expand) && expand.includes('payment_intent')));
        return;
      }
      send(404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such checkout.session: '${match?.[1] ?? url.pathname}'`,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function mustFind(id: string): StandInSession {
    const session = sessions.get(id);
    if (!session) throw new Error(`the stand-in has no session ${id}`);
    return session;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    refunds,
    session: (id) => sessions.get(id),
    complete(id, paymentStatus = 'paid') {
      const session = mustFind(id);
      const intent: StandInIntent = {
        id: `pi_${randomBytes(12).toString('hex')}`,
        object: 'payment_intent',
        amount: Number(session.amount_total),
        status: paymentStatus === 'paid' ? 'succeeded' : 'processing',
        last_payment_error: null,
      };
      intents.set(intent.id, intent);
      Object.assign(session, { status: 'complete', payment_status: paymentStatus, payment_intent: intent.id });
    },
    failAsyncPayment(id) {
      const intent = intents.get(mustFind(id).payment_intent ?? '');
      if (!intent) throw new Error('complete the session before failing its payment');
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: { code: 'payment_intent_payment_attempt_failed', message: 'The payment failed.' },
      });
    },
    expire(id) {
      Object.assign(mustFind(id), { status: 'expired', url: null });
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
