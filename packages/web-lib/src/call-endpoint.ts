import {
  type AnySchema,
  type BodyOf,
  type EndpointShape,
  endpointPath,
  type ParamsOf,
  type QueryOf,
  type SuccessOf,
  successSchema,
} from '@gvm/contract';
import type { HttpClient, HttpRequest } from './http-client';

/** What a call may add to its request: `skipAuthRefresh` for calls whose 401 is an answer. */
export type CallOptions = Pick<HttpRequest, 'skipAuthRefresh' | 'signal' | 'headers'>;

/**
 * An endpoint's description fetched on first call: `() => import('@gvm/contract/catalog').then((m) =>
 * m.catalogEndpoints.search)`. The shell and the first pages call their endpoints this way, so the
 * schemas (and zod) load with the first request instead of with the page (decision 023).
 */
export type LazyEndpoint<E extends EndpointShape> = () => Promise<E>;

export type EndpointInput<E extends EndpointShape> = (E extends { params: AnySchema }
  ? { params: ParamsOf<E> }
  : unknown) &
  (E extends { query: AnySchema } ? { query?: QueryOf<E> } : unknown) &
  (E extends { body: AnySchema } ? { body: BodyOf<E> } : unknown);

type EndpointArgs<E extends EndpointShape> = E extends { params: AnySchema } | { body: AnySchema }
  ? [input: EndpointInput<E>, options?: CallOptions]
  : [input?: EndpointInput<E>, options?: CallOptions];

/**
 * Calls an endpoint described in the contract (decision 013): its URL is built from the
 * description's path and the given params, and its success answer is parsed with the
 * description's schema, so a response the page reads always has the contract's shape.
 */
export type CallEndpoint = <const E extends EndpointShape>(
  endpoint: E | LazyEndpoint<E>,
  ...args: EndpointArgs<E>
) => Promise<SuccessOf<E>>;

/**
 * `callEndpoint` through `client`; `early` gives the answer the page's HTML already asked for, if
 * any (the shop's early requests, decision 038); `beforeParse`, awaited between an answer's
 * arrival and its parsing, lets the browser run other work first (decision 075).
 */
export function endpointCaller(
  client: HttpClient,
  early: (method: string, url: string | undefined) => Promise<Response> | undefined = () => undefined,
  beforeParse?: () => Promise<void> | undefined,
): CallEndpoint {
  return async function callEndpoint<const E extends EndpointShape>(
    endpoint: E | LazyEndpoint<E>,
    ...[input, options]: EndpointArgs<E>
  ): Promise<SuccessOf<E>> {
    const description = typeof endpoint === 'function' ? await endpoint() : endpoint;
    const { params, query, body } = (input ?? {}) as {
      params?: Record<string, string>;
      query?: object;
      body?: unknown;
    };
    const url = endpointPath(description, params);
    const response = await client.request({
      ...options,
      method: description.method,
      url,
      params: query,
      data: body,
      // The answer the page's HTML already asked for, if it did (decision 038).
      early: early(description.method, query === undefined ? url : undefined),
    });
    // A 204 has no body: the contract reads it as null.
    const data: unknown = response.status === 204 ? null : response.data;
    await beforeParse?.();
    return successSchema(description, response.status).parse(data);
  };
}
