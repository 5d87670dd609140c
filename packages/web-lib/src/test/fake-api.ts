import type { AnySchema, EndpointShape, SchemaInput, SchemaOutput } from '@gvm/contract';
import { API_BASE_PATH, type HttpClient, type Transport } from '../http-client';

/** A request the code under test sent, as the server would have received it. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
  authorization: string | undefined;
  /** The console's CSRF header (`X-Ops-Csrf`), which its calls send beside the session cookie. */
  csrf?: string | undefined;
}

export interface RouteRequest extends SentRequest {
  params: Record<string, string>;
}

/** An HTTP answer, or 'network-error' for a request that never reached the server. */
export type RouteAnswer = { status: number; body?: unknown } | 'network-error';

/** 'GET /users/me' → the test's own in-memory behaviour for that route. */
export type Routes = Record<string, (request: RouteRequest) => RouteAnswer | Promise<RouteAnswer>>;

type Parsed<S> = S extends AnySchema ? SchemaOutput<S> : undefined;

/** A request to one endpoint, its params and body parsed by the endpoint's own schemas. */
export interface EndpointRequest<E extends EndpointShape> extends SentRequest {
  params: Parsed<E['params']>;
  body: Parsed<E['body']>;
}

/** An answer the endpoint's description allows (any of its statuses, with that status's body), a 500, or no answer. */
export type EndpointAnswer<E extends EndpointShape> =
  | {
      [S in keyof E['responses'] & number]: { status: S; body: SchemaInput<E['responses'][S] & AnySchema> };
    }[keyof E['responses'] & number]
  | { status: 500 | 502 | 503; body?: unknown }
  | 'network-error';

/**
 * The fake behaviour of one endpoint described in the contract, keyed by its method and path:
 * `installFakeApi({ ...fakeEndpoint(userEndpoints.me, () => ({ status: 200, body: ada })) })`.
 * Params and body reach the handler parsed by the endpoint's schemas (a body the real server
 * would refuse answers 400 here too), and the answer is typed by the endpoint's responses.
 */
export function fakeEndpoint<const E extends EndpointShape>(
  endpoint: E,
  handle: (request: EndpointRequest<E>) => EndpointAnswer<E> | Promise<EndpointAnswer<E>>,
): Routes {
  return {
    [`${endpoint.method} ${endpoint.path}`]: (request) => {
      const params = endpoint.params ? endpoint.params.safeParse(request.params) : { success: true, data: undefined };
      const body = endpoint.body ? endpoint.body.safeParse(request.body) : { success: true, data: undefined };
      if (!params.success || !body.success) return { status: 400, body: { error: 'Invalid request' } };
      return handle({ ...request, params: params.data, body: body.data } as EndpointRequest<E>) as
        | RouteAnswer
        | Promise<RouteAnswer>;
    },
  };
}

function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const actual = got[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
}

/**
 * Answers the app's API client from the test's own in-memory server in place of `fetch`, so the
 * client's own work (bearer header, refresh and retry, error normalisation, contract parsing) all
 * runs as in the browser. Every request is recorded; an undeclared route answers 404.
 */
export function installFakeApiOn(api: HttpClient, routes: Routes): { requests: SentRequest[]; restore(): void } {
  const requests: SentRequest[] = [];
  const original = api.transport;
  const transport: Transport = async (url, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const { pathname } = new URL(url, 'http://localhost');
    const path = pathname.startsWith(API_BASE_PATH) ? pathname.slice(API_BASE_PATH.length) : pathname;
    const body: unknown = typeof init.body === 'string' && init.body ? JSON.parse(init.body) : undefined;
    const headers = new Headers(init.headers);
    const header = headers.get('Authorization');
    const sent = {
      method,
      path,
      body,
      authorization: header || undefined,
      ...(headers.has('X-Ops-Csrf') ? { csrf: headers.get('X-Ops-Csrf') ?? undefined } : {}),
    };
    requests.push(sent);
    let answer: RouteAnswer = { status: 404, body: { error: `No route ${method} ${path}` } };
    for (const [route, handle] of Object.entries(routes)) {
      const [routeMethod, pattern = ''] = route.split(' ');
      const params = routeMethod === method ? match(pattern, path) : null;
      if (params) {
        answer = await handle({ ...sent, params });
        break;
      }
    }
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    const json = answer.body === undefined || answer.status === 204 ? null : JSON.stringify(answer.body);
    return new Response(json, { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  };
  api.transport = transport;
  return {
    requests,
    restore: () => {
      api.transport = original;
    },
  };
}
