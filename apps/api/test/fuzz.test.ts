import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { App } from '../src/app-types';
import { testConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { type ProductRow, products } from '../src/db/schema';
import { fixtureProduct } from './fixtures';
import { createTestDatabase } from './helpers';
import { createTestClock } from './support/app';
import type { CheckoutTestContext } from './support/checkout';
import { createFakePayments } from './support/fake-payments';
import { type GoogleStandIn, startGoogleStandIn } from './support/google-stand-in';
import { nextIp } from './support/sign-in';
import { createUserAndToken, type TestUser } from './support/users';
import { buyVoucher } from './support/vouchers';

/**
 * Decision 027: hostile input never makes the API fail. For every operation of the OpenAPI
 * document, signed in as a shopper who owns a cart, a wishlist and a voucher, each path parameter,
 * query parameter and body field in turn receives NUL bytes, lone surrogates, 1 MB strings, wrong
 * types, null and extra fields, and each body is replaced whole by non-objects and broken JSON.
 * No answer may be a 5xx, every refusal has the `{ error }` shape, and no request may log an
 * unhandled error. The inputs are a fixed list, so every run sends the same requests.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
  $ref?: string;
}

interface Operation {
  method: string;
  /** The path as Fastify routes it, `:name` for each parameter. */
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

const MEGABYTE = 1024 * 1024;
const hostileStrings = ['\u0000', 'a\u0000\'"; --', '\ud800', 'x\udfff', 'ok\u001b[31m', 'x'.repeat(MEGABYTE)];
/** Every field, whatever its type, gets each of these (JSON cannot carry undefined). */
const hostileValues: unknown[] = [
  ...hostileStrings,
  12345,
  -1,
  1e308,
  0.5,
  true,
  null,
  {},
  [],
  { nested: '\u0000' },
  ['\u0000'],
  'x'.repeat(100 * 1024),
];
/** Path segments, already URL-encoded: NUL, quotes, a lone surrogate's bytes, broken %-encoding, length. */
const hostileSegments = [
  '%00',
  "%00'%22",
  '%ED%A0%80',
  '%E0%A4%A',
  '%FF',
  '..',
  '%2E%2E%2F%2E%2E',
  '%20',
  '12345',
  'null',
  'a'.repeat(100),
  'a'.repeat(101),
  '00000000-0000-0000-0000-000000000000',
];
/** Query values, already URL-encoded. */
const hostileQueryValues = [
  '%00',
  "%00'%22",
  '%ED%A0%80',
  '%ud800',
  '%E0%A4%A',
  `${'x'.repeat(MEGABYTE)}`,
  '-1',
  '1e308',
  'NaN',
  '',
];

describe('hostile input on every operation of the OpenAPI document', () => {
  let database: DatabaseHandle;
  let app: App;
  let shopper: TestUser;
  let google: GoogleStandIn;
  const logged: Array<{ level: number; msg?: string; err?: unknown; reqId?: string }> = [];
  /** Known-good values by parameter or field name, so a request gets past its first checks. */
  const known: Record<string, unknown> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    const payments = createFakePayments();
    const clock = createTestClock();
    const stream = { write: (line: string) => logged.push(JSON.parse(line)) };
    // Google sign-in configured against a local stand-in, so its route runs past 'not configured'.
    google = await startGoogleStandIn();
    const googleClientId = 'fuzz-client.apps.googleusercontent.com';
    google.issue('fuzz', { aud: googleClientId, sub: '1', email: 'fuzz-google@example.com', email_verified: 'true' });
    app = await buildApp({
      config: testConfig({
        loginCodeIpLimit: 1_000_000,
        signupIpLimit: 1_000_000,
        googleClientId,
        googleTokenInfoUrl: google.url,
      }),
      database,
      logger: { level: 'warn', stream },
      clock: clock.now,
      payments,
    });
    await app.ready();
    const rows = await app.db
      .insert(products)
      .values([
        fixtureProduct({ code: 'ARGOS-GB', merchantName: 'Argos', minPrice: 500, maxPrice: 50000, denominations: [] }),
        fixtureProduct({ code: 'TESCO-GB', merchantName: 'Tesco', category: 'supermarkets', denominations: [1000] }),
        fixtureProduct({ code: 'DUNNES-IE', merchantName: 'Dunnes', currency: 'EUR', countries: ['IE'] }),
      ])
      .returning();
    const [argos, tesco, dunnes] = rows as [ProductRow, ProductRow, ProductRow];
    shopper = await createUserAndToken(app, { email: 'fuzz-shopper@example.com' });
    const context: CheckoutTestContext = {
      app,
      database,
      clock,
      payments,
      argos,
      tesco,
      dunnes,
      close: async () => undefined,
    };
    const orderId = await buyVoucher(context, shopper, 25);

    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url: `/api/v1${url}`, headers: shopper.headers, remoteAddress: nextIp(), payload });
    await call('POST', '/carts', { userId: shopper.user.id });
    const cart = await call('POST', `/carts/${shopper.user.id}/items`, {
      productId: argos.id,
      quantity: 1,
      selectedValue: 25,
    });
    const wishlist = await call('POST', '/wishlists', {});
    Object.assign(known, {
      userId: shopper.user.id,
      userID: shopper.user.id,
      mongoUserId: shopper.user.id,
      productId: argos.id,
      code: argos.code,
      productCode: argos.code,
      file: `${argos.code}.svg`,
      orderId,
      itemId: cart.json<{ items?: Array<{ _id: string }> }>().items?.[0]?._id ?? 'missing-item',
      wishlistId: wishlist.json<{ _id?: string }>()._id ?? 'missing-wishlist',
      email: 'fuzz-recipient@example.com',
      senderEmail: 'fuzz-sender@example.com',
      businessEmail: 'fuzz-partner@example.com',
      currency: 'GBP',
      merchant: 'Argos',
      accessToken: 'fuzz',
      id: argos.id,
      selectedValue: 25,
      value: 25,
      valuePurchased: 25,
      walletCredit: 0,
    });
    logged.length = 0;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await google?.close();
  });

  it('answers no 5xx, refuses in the { error } shape, and logs no unhandled error', { timeout: 300_000 }, async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<OpenApiDocument>();
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(40);
    // Sign-out last, so the rest runs signed in.
    operations.sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const baselines: string[] = [];
    let sent = 0;
    const send = async (operation: Operation, request: HostileRequest) => {
      const url = `/api/v1${request.path}${request.query ? `?${request.query}` : ''}`;
      const response = await app.inject({
        method: operation.method as 'GET',
        url,
        headers: {
          ...shopper.headers,
          ...(request.payload !== undefined && { 'content-type': 'application/json' }),
        },
        remoteAddress: nextIp(),
        ...(request.payload !== undefined && { payload: request.payload }),
      });
      sent += 1;
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (request.what === 'as valid as guessed') {
        baselines.push(
          `${response.statusCode} ${operation.method} ${url.slice(0, 80)} ${request.payload?.slice(0, 150) ?? ''} -> ${response.body.slice(0, 120)}`,
        );
      }
      const label = `${operation.method} ${operation.path} [${request.what}]`;
      if (response.statusCode >= 500)
        failures.push(`${label} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
      else if (response.statusCode >= 400 && !hasErrorShape(response.body)) {
        failures.push(`${label} answered ${response.statusCode} without { error }: ${response.body.slice(0, 200)}`);
      }
      const errors = logged.splice(0).filter((line) => line.level >= 50);
      for (const line of errors)
        failures.push(`${label} logged '${line.msg}': ${JSON.stringify(line.err).slice(0, 300)}`);
    };

    for (const operation of operations) {
      for (const request of hostileRequests(operation, known)) await send(operation, request);
    }

    expect(sent).toBeGreaterThan(2000);
    // Not only refusals: most guessed-valid requests get through to a service and succeed.
    expect(baselines.filter((line) => line.startsWith('2')).length).toBeGreaterThan(35);
    expect(failures.slice(0, 40)).toEqual([]);
  });

  /** The same document, read the same way: a check that would pass on an empty list proves nothing. */
  it('reads every kind of input from the document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<OpenApiDocument>();
    const operations = operationsOf(document);
    const search = operations.find((operation) => operation.path === '/products/search');
    expect(Object.keys(search?.query ?? {})).toContain('q');
    const byCode = operations.find((operation) => operation.path === '/products/code/:code');
    expect(byCode?.pathParams).toEqual(['code']);
    const register = operations.find((operation) => operation.path === '/users/register');
    expect(fieldPaths(resolved(register?.body, document))).toContainEqual(['consumer', 'name']);
  });
});

function hasErrorShape(body: string): boolean {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null && typeof (parsed as { error?: unknown }).error === 'string';
  } catch {
    return false;
  }
}

let currentDocument: OpenApiDocument | undefined;

function operationsOf(document: OpenApiDocument): Operation[] {
  currentDocument = document;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path: path.replace(/^\/api\/v1/, '').replace(/\{(\w+)\}/g, ':$1'),
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}])),
        body: resolved(operation.requestBody?.content?.['application/json']?.schema, document),
      });
    }
  }
  return operations;
}

function resolved(schema: JsonSchema | undefined, document = currentDocument): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.split('/').pop() ?? '';
  return resolved(document?.components?.schemas?.[name], document);
}

interface HostileRequest {
  what: string;
  path: string;
  query?: string;
  /** A JSON text (or deliberately broken text); undefined sends no body. */
  payload?: string;
}

const isBodyMethod = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH';

/** The requests for one operation: each input in turn hostile, the others as valid as can be guessed. */
function hostileRequests(operation: Operation, known: Record<string, unknown>): HostileRequest[] {
  const goodSegments = Object.fromEntries(
    operation.pathParams.map((name) => [name, String(knownSegment(operation.path, name, known))]),
  );
  const pathWith = (segments: Record<string, string>) =>
    operation.path.replace(/:(\w+)/g, (_match, name: string) => segments[name] ?? 'fuzz-id');
  const goodPath = pathWith(goodSegments);
  const goodQuery = Object.fromEntries(
    Object.entries(operation.query).map(([name, schema]) => [name, String(sample(schema, name, known))]),
  );
  const queryWith = (values: Record<string, string>) =>
    Object.entries(values)
      .map(([name, value]) => `${encodeURIComponent(name)}=${value}`)
      .join('&');
  const goodQueryText = queryWith(
    Object.fromEntries(Object.entries(goodQuery).map(([name, value]) => [name, encodeURIComponent(value)])),
  );
  const body = operation.body;
  const goodBody = body ? sample(body, '', known) : undefined;
  const withBody = isBodyMethod(operation.method);
  const goodPayload = withBody ? JSON.stringify(goodBody ?? {}) : undefined;

  const requests: HostileRequest[] = [
    { what: 'as valid as guessed', path: goodPath, query: goodQueryText, payload: goodPayload },
  ];

  for (const name of operation.pathParams) {
    for (const segment of hostileSegments) {
      requests.push({
        what: `path ${name}=${segment.slice(0, 20)}`,
        path: pathWith({ ...goodSegments, [name]: segment }),
        query: goodQueryText,
        payload: goodPayload,
      });
    }
  }

  for (const name of Object.keys(operation.query)) {
    const others = Object.fromEntries(
      Object.entries(goodQuery)
        .filter(([other]) => other !== name)
        .map(([other, value]) => [other, encodeURIComponent(value)]),
    );
    for (const value of hostileQueryValues) {
      requests.push({
        what: `query ${name}=${value.slice(0, 20)}`,
        path: goodPath,
        query: queryWith({ ...others, [name]: value }),
        payload: goodPayload,
      });
    }
    // Repeated and bracketed names: an array or a key the parser may nest.
    const rest = queryWith(others);
    for (const extra of [`${name}=a&${name}=b`, `${name}[]=a`, `${name}[x]=%00`]) {
      requests.push({
        what: `query ${extra}`,
        path: goodPath,
        query: rest ? `${rest}&${extra}` : extra,
        payload: goodPayload,
      });
    }
  }
  requests.push({
    what: 'query extra field',
    path: goodPath,
    query: `${goodQueryText}&unexpected=%00`,
    payload: goodPayload,
  });

  if (withBody) {
    for (const fieldPath of body ? fieldPaths(body) : []) {
      for (const value of hostileValues) {
        requests.push({
          what: `body ${fieldPath.join('.')}=${JSON.stringify(value)?.slice(0, 20)}`,
          path: goodPath,
          query: goodQueryText,
          payload: JSON.stringify(setAt(goodBody, fieldPath, value)),
        });
      }
    }
    const wholeBodies: Array<[string, string]> = [
      ['null', 'null'],
      ['array', '[]'],
      ['string', '"\\u0000"'],
      ['number', '42'],
      ['empty object', '{}'],
      ['broken JSON', '{"a":'],
      ['__proto__', '{"__proto__":{"polluted":true}}'],
      ['constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}'],
      ['1 MB string', JSON.stringify('x'.repeat(MEGABYTE))],
      ['extra fields', JSON.stringify(extraFields(goodBody))],
    ];
    for (const [what, payload] of wholeBodies) {
      requests.push({ what: `body ${what}`, path: goodPath, query: goodQueryText, payload });
    }
  }
  return requests;
}

function extraFields(body: unknown): unknown {
  const base = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  return { ...base, unexpected: '\u0000', role: 'admin', isAdmin: true, userId: 'someone-else', price: -1 };
}

/** A path parameter's known value: `:id` is a product under /products and a voucher under /orders. */
function knownSegment(path: string, name: string, known: Record<string, unknown>): unknown {
  if (name === 'id' && path.startsWith('/orders/')) return known.orderId;
  return known[name] ?? 'fuzz-id';
}

/** Every property path of an object schema, nested objects and the first item of arrays included. */
function fieldPaths(
  schema: JsonSchema | undefined,
  prefix: Array<string | number> = [],
  depth = 0,
): Array<Array<string | number>> {
  const target = pick(schema);
  if (!target || depth > 5) return [];
  if (target.properties) {
    return Object.entries(target.properties).flatMap(([key, child]) => [
      [...prefix, key],
      ...fieldPaths(child, [...prefix, key], depth + 1),
    ]);
  }
  if (target.items) return [[...prefix, 0], ...fieldPaths(target.items, [...prefix, 0], depth + 1)];
  return [];
}

/** The branch of a union to build a sample from (the first that is not null). */
function pick(schema: JsonSchema | undefined): JsonSchema | undefined {
  const resolvedSchema = resolved(schema);
  if (!resolvedSchema) return undefined;
  const options = resolvedSchema.anyOf ?? resolvedSchema.oneOf;
  if (options) return pick(options.find((option) => resolved(option)?.type !== 'null') ?? options[0]);
  if (resolvedSchema.allOf) return Object.assign({}, ...resolvedSchema.allOf.map((part) => pick(part)));
  return resolvedSchema;
}

/** Candidates for a string with a pattern of its own (codes, usernames, country codes…). */
const patternCandidates = ['123456', 'fuzz_user', 'GB', 'abc', 'fuzz', '2030-01-01', 'a@b.co'];

/** A value the schema most likely accepts, preferring what `known` says about the field's name. */
function sample(schema: JsonSchema | undefined, name: string, known: Record<string, unknown>): unknown {
  const target = pick(schema);
  if (!target) return 'fuzz';
  if (target.const !== undefined) return target.const;
  if (target.enum) return target.enum.find((value) => value !== '') ?? target.enum[0];
  if (target.default !== undefined && name !== '' && known[name] === undefined) return target.default;
  const type = Array.isArray(target.type) ? target.type.find((t) => t !== 'null') : target.type;
  if (type === 'object' || target.properties) {
    return Object.fromEntries(
      Object.entries(target.properties ?? {})
        .filter(([, child]) => Object.keys(child).length > 0)
        .map(([key, child]) => [key, sample(child, key, known)]),
    );
  }
  if (type === 'array') return [sample(target.items, name, known)];
  if ((type === 'integer' || type === 'number') && typeof known[name] === 'number') return known[name];
  if (type === 'integer' || type === 'number') {
    const low = target.minimum ?? (target.exclusiveMinimum !== undefined ? target.exclusiveMinimum + 1 : 1);
    return Math.min(Math.max(low, 1), target.maximum ?? Number.MAX_SAFE_INTEGER);
  }
  if (type === 'boolean') return false;
  const knownValue = known[name];
  if (typeof knownValue === 'string') return knownValue;
  if (target.format === 'email' || /email/i.test(name)) return 'fuzz@example.com';
  const patterns = patternsOf(target);
  const candidate = patternCandidates.find((value) => patterns.every((pattern) => pattern.test(value)));
  const value = candidate ?? 'fuzz';
  return value.padEnd(target.minLength ?? 0, 'z');
}

function patternsOf(schema: JsonSchema): RegExp[] {
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)];
  return patterns.filter((pattern): pattern is string => typeof pattern === 'string').map((p) => new RegExp(p));
}

function setAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    list[head] = setAt(list[head], rest, replacement);
    return list;
  }
  const object = typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
  (object as Record<string, unknown>)[head] = setAt((object as Record<string, unknown>)[head], rest, replacement);
  return object;
}
