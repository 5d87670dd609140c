import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A local stand-in for the three Tillo API v2 calls the app makes, answering the JSON tillo.tech
 * documents: POST /digital/issue (a card; the same `client_request_id` again replays the first
 * successful answer, as Tillo's idempotency does), GET /brands and GET /check-floats. Every
 * request's `Signature` is checked against the documented string, keyed with the secret; a wrong
 * or missing one answers Tillo's 434 'Authentication failed'. The app reaches it through
 * TILLO_API_URL; tests steer its answers (slow, failing, out of float) and read what arrived.
 */
export const STAND_IN_KEY = 'tillo-test-key';
export const STAND_IN_SECRET = 'tillo-test-secret-never-logged';
export const STAND_IN_SECTOR = 'b2c-marketplace';

export interface RecordedTilloRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> | null;
  /** Whether the signature checked out. */
  signed: boolean;
}

export interface StandInCard {
  clientRequestId: string;
  brand: string;
  amount: number;
  currency: string;
  code: string | null;
  pin: string | null;
  url: string | null;
  reference: string;
}

/** An error answer as Tillo words it: `{ code, status: 'error', message }` with an HTTP status. */
export interface StandInError {
  httpStatus: number;
  code: string;
  message: string;
}

export interface StandInBrand {
  name: string;
  slug: string;
  currency: string;
  status: 'ENABLED' | 'DISABLED';
  digital_denominations: number[];
  digital_face_value_limits: { lower: number; upper: number } | null;
}

export interface TilloStandIn {
  url: string;
  requests: RecordedTilloRequest[];
  /** Cards issued, by client request id: replays add none. */
  cards: Map<string, StandInCard>;
  /** How many issue requests arrived at once, at most (one at a time per voucher is the rule). */
  maxConcurrentIssues: number;
  /** Each issue waits this long before answering. */
  delayMs: number;
  /** The universal float in pounds: a card above it fails with 610. */
  float: number;
  /** Answers the next issue requests with these errors, in order, before any card. */
  failNext(...errors: StandInError[]): void;
  /** Brands whose cards are refused for good (433). */
  refusedBrands: Set<string>;
  /** Brands whose cards come only as a URL. */
  urlOnlyBrands: Set<string>;
  brands: StandInBrand[];
  /** Stops answering (the connection is cut) until called again with false. */
  setUnreachable(unreachable: boolean): void;
  close(): Promise<void>;
}

export const tilloErrors = {
  outage: { httpStatus: 500, code: '603', message: 'Service unavailable for brand [argos]' },
  internal: { httpStatus: 500, code: '600', message: 'Internal error' },
  noFloat: { httpStatus: 422, code: '610', message: 'Insufficient balance on account' },
  noCredit: { httpStatus: 403, code: '615', message: 'Insufficient credit with [Argos]' },
  validation: { httpStatus: 422, code: '433', message: 'There were errors validating the request' },
  brand: { httpStatus: 400, code: '072', message: 'Brand [argos] is not available for this partner' },
} satisfies Record<string, StandInError>;

function signatureOf(parts: string[]): string {
  return createHmac('sha256', STAND_IN_SECRET).update(parts.join('-')).digest('hex');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The string Tillo signs for a request, from what arrived. */
function signedString(
  method: string,
  path: string,
  headers: IncomingHttpHeaders,
  body: Record<string, unknown> | null,
) {
  const endpoint = path.replace(/^\/+/, '').split('?')[0]?.replaceAll('/', '-') ?? '';
  const parts = [String(headers['api-key'] ?? ''), method, endpoint];
  if (method === 'POST') parts.push(String(body?.client_request_id ?? ''), String(body?.brand ?? ''));
  parts.push(String(headers.timestamp ?? ''));
  return parts;
}

export async function startTilloStandIn(): Promise<TilloStandIn> {
  const requests: RecordedTilloRequest[] = [];
  const cards = new Map<string, StandInCard>();
  const queuedErrors: StandInError[] = [];
  let inFlight = 0;
  let unreachable = false;
  const sockets = new Set<import('node:net').Socket>();

  const standIn: TilloStandIn = {
    url: '',
    requests,
    cards,
    maxConcurrentIssues: 0,
    delayMs: 0,
    float: 1_000_000,
    failNext: (...errors) => queuedErrors.push(...errors),
    refusedBrands: new Set(),
    urlOnlyBrands: new Set(),
    brands: [],
    setUnreachable: (value) => {
      unreachable = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };

  const answer = (response: import('node:http').ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const error = (response: import('node:http').ServerResponse, failure: StandInError) =>
    answer(response, failure.httpStatus, { code: failure.code, status: 'error', message: failure.message });

  async function issue(body: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
    const id = String(body.client_request_id ?? '');
    const brand = String(body.brand ?? '');
    const faceValue = (body.face_value ?? {}) as { amount?: unknown; currency?: unknown };
    const amount = Number(faceValue.amount);
    const replay = cards.get(id);
    const success = (card: StandInCard) => ({
      status: 200,
      body: {
        code: '000',
        status: 'success',
        message: 'Card created successfully',
        data: {
          brand: card.brand,
          face_value: { amount: card.amount, currency: card.currency },
          code: card.code,
          pin: card.pin,
          url: card.url,
          reference: card.reference,
          float_balance: { amount: standIn.float, currency: 'GBP' },
        },
      },
    });
    // Tillo replays the first answer of a request id it completed: never a second card.
    if (replay) return success(replay);
    const queued = queuedErrors.shift();
    const failure = (e: StandInError) => ({
      status: e.httpStatus,
      body: { code: e.code, status: 'error', message: e.message },
    });
    if (queued) return failure(queued);
    if (!/^[\w-]{5,50}$/.test(id) || !Number.isFinite(amount) || amount <= 0 || body.delivery_method !== 'code') {
      return failure(tilloErrors.validation);
    }
    if (body.sector !== STAND_IN_SECTOR) return failure(tilloErrors.validation);
    if (standIn.refusedBrands.has(brand)) return failure(tilloErrors.brand);
    if (amount > standIn.float) return failure(tilloErrors.noFloat);
    standIn.float -= amount;
    const urlOnly = standIn.urlOnlyBrands.has(brand);
    const card: StandInCard = {
      clientRequestId: id,
      brand,
      amount,
      currency: String(faceValue.currency ?? ''),
      code: urlOnly ? null : `TL${randomBytes(6).toString('hex').toUpperCase()}`,
      pin: urlOnly ? null : String(1000 + (cards.size % 9000)),
      url: urlOnly ? `https://gift.example.com/card/${randomBytes(8).toString('hex')}` : null,
      reference: `tillo-${randomBytes(6).toString('hex')}`,
    };
    cards.set(id, card);
    return success(card);
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      if (unreachable) {
        request.socket.destroy();
        return;
      }
      const path = (request.url ?? '').replace(/^\/api\/v2/, '');
      const raw = Buffer.concat(chunks).toString();
      let body: Record<string, unknown> | null = null;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      const method = request.method ?? 'GET';
      const expected = signatureOf(signedString(method, path, request.headers, body));
      const given = String(request.headers.signature ?? '');
      const signed = request.headers['api-key'] === STAND_IN_KEY && sameText(given, expected);
      requests.push({ method, path, headers: request.headers, body, signed });
      if (!signed) {
        error(response, { httpStatus: 401, code: '434', message: 'Authentication failed' });
        return;
      }
      if (method === 'POST' && path === '/digital/issue' && body) {
        inFlight += 1;
        standIn.maxConcurrentIssues = Math.max(standIn.maxConcurrentIssues, inFlight);
        try {
          if (standIn.delayMs > 0) await sleep(standIn.delayMs);
          const result = await issue(body);
          if (!response.destroyed) answer(response, result.status, result.body);
        } finally {
          inFlight -= 1;
        }
        return;
      }
      if (method === 'GET' && path.startsWith('/brands')) {
        const brands = Object.fromEntries(
          standIn.brands.map((brand) => [brand.slug, { ...brand, status: { code: brand.status, reason: '' } }]),
        );
        answer(response, 200, { code: '000', status: 'success', message: 'Success', data: { brands } });
        return;
      }
      if (method === 'GET' && path.startsWith('/check-floats')) {
        answer(response, 200, {
          code: '000',
          status: 'success',
          message: 'Success',
          data: {
            GBP: {
              'universal-float': {
                available_balance: { amount: standIn.float, currency: 'GBP' },
                pending_payments: { amount: 0, currency: 'GBP' },
              },
            },
          },
        });
        return;
      }
      error(response, { httpStatus: 404, code: '712', message: 'Not found' });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  return standIn;
}

/** The app's supplier configuration for the stand-in. */
export function standInSupplierConfig(standIn: Pick<TilloStandIn, 'url'>) {
  return {
    name: 'tillo' as const,
    apiUrl: standIn.url,
    apiKey: STAND_IN_KEY,
    apiSecret: STAND_IN_SECRET,
    sector: STAND_IN_SECTOR,
  };
}
