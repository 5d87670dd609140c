import type { EndpointShape } from '@gvm/contract';
import type { FastifySchema } from 'fastify';

type Part<E, K extends string> = E extends { [P in K]: infer S } ? S : undefined;

/** The Fastify schema of an endpoint described in the contract, as the zod type provider reads it. */
export interface EndpointSchema<E extends EndpointShape> extends FastifySchema {
  summary: string;
  params: Part<E, 'params'>;
  querystring: Part<E, 'query'>;
  body: Part<E, 'body'>;
  response: E['responses'];
}

/**
 * Method, URL and schema of a route, taken from its description in the contract (decision 013):
 * `app.route({ ...fromContract(cartEndpoints.get), handler })`. The route adds only what is the
 * server's own (hooks, rate limits, the handler).
 */
export function fromContract<const E extends EndpointShape>(
  endpoint: E,
): { method: E['method']; url: E['path']; schema: EndpointSchema<E> } {
  // Only the parts the endpoint has: Fastify warns about every part present but undefined.
  const schema = {
    summary: endpoint.summary,
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    response: endpoint.responses,
  } as EndpointSchema<E>;
  return { method: endpoint.method, url: endpoint.path, schema };
}
