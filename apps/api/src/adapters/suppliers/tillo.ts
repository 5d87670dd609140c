import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { toMajorUnits, toMinorUnits } from '@gvm/contract';
import {
  type IssueCodeRequest,
  type IssuedCode,
  type SupplierBrand,
  SupplierError,
  type SupplierFloat,
  type VoucherSupplier,
} from './supplier';

/**
 * Tillo's API v2, as tillo.tech documents it (decision 068). No SDK: every request is signed with
 * an HMAC-SHA256 of a dash-joined string, keyed with the API secret, and carries `API-Key`,
 * `Timestamp` (UTC milliseconds) and `Signature` (hex). For the digital issue the string is
 * `{key}-POST-digital-issue-{client_request_id}-{brand}-{timestamp}`; the reads sign
 * `{key}-GET-{endpoint}-{timestamp}` the same way. The secret signs and is never sent or logged.
 */
export interface TilloOptions {
  apiUrl: string;
  apiKey: string;
  apiSecret: string;
  sector: string;
  clock?: () => Date;
  /** How long one request may take before it counts as a timeout (retryable). */
  timeoutMs?: number;
}

/** Tillo's error codes by what they mean for us (tillo.tech/error_codes). */
const RETRYABLE_CODES = new Set(['600', '602', '603', '604']);
const NO_FLOAT_CODES = new Set(['610', '615']);

/** Long enough for a brand's slow processor behind Tillo; shorter than a code request's lease. */
export const TILLO_TIMEOUT_MS = 20_000;

interface TilloAnswer {
  code?: unknown;
  status?: unknown;
  message?: unknown;
  data?: unknown;
}

/** A request's answer: its HTTP status and body. */
interface Answered {
  status: number;
  text: string;
}

/** Thrown when a request took longer than the timeout (its connection is cut). */
class TimedOut extends Error {
  override name = 'TimeoutError';
}

/**
 * One HTTP request through Node's own client and a keep-alive agent (fetch's streams cost about a
 * millisecond of CPU a call, which activations at a hundred a second feel). The whole request,
 * connection included, must be answered within `timeoutMs`.
 */
function send(
  agents: { http: http.Agent; https: https.Agent },
  url: URL,
  options: { method: string; headers: Record<string, string>; body: string | undefined; timeoutMs: number },
): Promise<Answered> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const headers =
      options.body === undefined
        ? options.headers
        : { ...options.headers, 'Content-Length': String(Buffer.byteLength(options.body)) };
    const request = (secure ? https : http).request(
      url,
      { method: options.method, headers, agent: secure ? agents.https : agents.http },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
        response.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
      },
    );
    const timer = setTimeout(() => request.destroy(new TimedOut()), options.timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(options.body);
  });
}

/** The signature of one request: hex HMAC-SHA256 of the parts joined by dashes. */
export function tilloSignature(secret: string, parts: readonly string[]): string {
  return createHmac('sha256', secret).update(parts.join('-')).digest('hex');
}

const asString = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
const asNumber = (value: unknown): number | null => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Which kind of failure an answer is: Tillo's 600/602/603/604 and any 5xx (or 429) are worth
 * asking again; 610 and 615 are the float; anything else it refused (433 validation, 072 brand)
 * will not work for this voucher however often it is asked.
 */
export function failureOf(httpStatus: number, answer: TilloAnswer | null): SupplierError {
  const code = asString(answer?.code) ?? `http-${httpStatus}`;
  const message = asString(answer?.message) ?? `Tillo answered HTTP ${httpStatus}`;
  if (NO_FLOAT_CODES.has(code)) return new SupplierError('no-float', code, message);
  if (RETRYABLE_CODES.has(code) || httpStatus >= 500 || httpStatus === 429) {
    return new SupplierError('retryable', code, message);
  }
  return new SupplierError('final', code, message);
}

export function createTilloSupplier(options: TilloOptions): VoucherSupplier {
  const clock = options.clock ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? TILLO_TIMEOUT_MS;
  // Connections kept open between requests; idle ones never keep the process alive.
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

  async function call(
    method: 'GET' | 'POST',
    endpoint: string,
    signed: readonly string[],
    body?: unknown,
  ): Promise<TilloAnswer> {
    const timestamp = String(clock().getTime());
    const signature = tilloSignature(options.apiSecret, [options.apiKey, method, ...signed, timestamp]);
    let response: Answered;
    try {
      response = await send(agents, new URL(`${options.apiUrl}/${endpoint}`), {
        method,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'API-Key': options.apiKey,
          Timestamp: timestamp,
          Signature: signature,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs,
      });
    } catch (error) {
      const timedOut = error instanceof TimedOut;
      throw new SupplierError(
        'retryable',
        timedOut ? 'timeout' : 'connection',
        timedOut ? `Tillo did not answer within ${timeoutMs} ms` : 'Tillo could not be reached',
      );
    }
    let answer: TilloAnswer | null = null;
    try {
      answer = JSON.parse(response.text) as TilloAnswer;
    } catch {
      // Not JSON (a proxy's error page): judged by its status alone below.
    }
    const ok = response.status >= 200 && response.status < 300;
    const succeeded = ok && isRecord(answer) && (answer.status === 'success' || answer.code === '000');
    if (!succeeded) throw failureOf(response.status, isRecord(answer) ? answer : null);
    return answer as TilloAnswer;
  }

  return {
    name: 'tillo',

    /**
     * POST /digital/issue for a code (`delivery_method: 'code'`) that we show ourselves
     * (`fulfilment_by: 'partner'`): the same `client_request_id` again answers the first answer.
     */
    async issueCode(request: IssueCodeRequest): Promise<IssuedCode> {
      const answer = await call('POST', 'digital/issue', ['digital-issue', request.clientRequestId, request.brand], {
        client_request_id: request.clientRequestId,
        brand: request.brand,
        face_value: { amount: toMajorUnits(request.faceValue), currency: request.currency },
        delivery_method: 'code',
        fulfilment_by: 'partner',
        sector: options.sector,
      });
      const data = isRecord(answer.data) ? answer.data : {};
      const card = {
        code: asString(data.code),
        pin: asString(data.pin),
        url: asString(data.url),
        reference: asString(data.reference) ?? asString(data.transaction_reference) ?? request.clientRequestId,
      };
      if (!card.code && !card.url) {
        throw new SupplierError('final', 'no-card', 'Tillo answered success without a code or a URL');
      }
      return card;
    },

    /** GET /brands: the brands on our account, by slug, with their values and status. */
    async listBrands(): Promise<SupplierBrand[]> {
      const answer = await call('GET', 'brands', ['brands']);
      const data = isRecord(answer.data) ? answer.data : {};
      const listed = data.brands ?? answer.data;
      // A list of brands, or an object of them by slug.
      const entries: Record<string, unknown>[] = Array.isArray(listed)
        ? listed.filter(isRecord)
        : isRecord(listed)
          ? Object.entries(listed).map(([slug, brand]) => (isRecord(brand) ? { slug, ...brand } : { slug }))
          : [];
      return entries.flatMap((brand) => {
        const slug = asString(brand.slug) ?? asString(brand.identifier);
        if (!slug) return [];
        const status = isRecord(brand.status) ? asString(brand.status.code) : asString(brand.status);
        const limits = isRecord(brand.digital_face_value_limits) ? brand.digital_face_value_limits : {};
        const denominations: unknown[] = Array.isArray(brand.digital_denominations) ? brand.digital_denominations : [];
        const minor = (value: unknown) => {
          const number = asNumber(value);
          return number === null ? null : toMinorUnits(number);
        };
        return [
          {
            slug,
            name: asString(brand.name) ?? slug,
            currency: asString(brand.currency) ?? 'GBP',
            available: (status ?? 'ENABLED').toUpperCase() === 'ENABLED',
            denominations: denominations.flatMap((value) => minor(value) ?? []),
            minValue: minor(limits.lower),
            maxValue: minor(limits.upper),
          },
        ];
      });
    },

    /** GET /check-floats: the available balance of each float, by currency. */
    async readFloat(): Promise<SupplierFloat[]> {
      const answer = await call('GET', 'check-floats', ['check-floats']);
      const data = isRecord(answer.data) ? answer.data : {};
      const byCurrency = isRecord(data.floats) ? data.floats : data;
      return Object.entries(byCurrency).flatMap(([currency, floats]) =>
        isRecord(floats)
          ? Object.entries(floats).flatMap(([name, float]) => {
              const balance = isRecord(float) && isRecord(float.available_balance) ? float.available_balance : null;
              const amount = asNumber(balance?.amount);
              return amount === null
                ? []
                : [{ name, currency: asString(balance?.currency) ?? currency, available: toMinorUnits(amount) }];
            })
          : [],
      );
    },
  };
}
