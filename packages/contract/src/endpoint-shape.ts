import type { z } from 'zod';

/**
 * Everything of an endpoint description that needs no zod at run time (decision 023: the web's
 * first load imports these without the schemas). `./endpoint` adds `errorResponses`.
 *
 * One description per endpoint (decision 013): its method, its path with `:params`, the
 * schemas of its params, query and body, and the schema of every answer it can give, error
 * statuses included. The API registers its routes from these, the OpenAPI document is generated
 * from them, and the web client builds its URLs and parses its answers from them: no path or
 * response type is written twice.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Any zod schema, for code that handles endpoints without importing zod itself. */
export type AnySchema = z.ZodType;
export type SchemaInput<S extends AnySchema> = z.input<S>;
export type SchemaOutput<S extends AnySchema> = z.output<S>;

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 422 | 429 | 503;
export type SuccessStatus = 200 | 201 | 202 | 204;
/** A conditional GET whose If-None-Match holds the current ETag: no body (decision 022). */
export type NotModifiedStatus = 304;

export interface EndpointShape {
  method: HttpMethod;
  path: string;
  /** One line for the API reference. */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  responses: Partial<Record<SuccessStatus | NotModifiedStatus | ErrorStatus, z.ZodType>>;
}

/** Keeps the literal types of a description, so both sides see its exact schemas. */
export function defineEndpoint<const E extends EndpointShape>(endpoint: E): E {
  return endpoint;
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller passes for the endpoint's `:params`, query and body (before the schemas' defaults). */
export type ParamsOf<E extends EndpointShape> = Input<E['params']>;
export type QueryOf<E extends EndpointShape> = Input<E['query']>;
export type BodyOf<E extends EndpointShape> = Input<E['body']>;

type SuccessKey<E extends EndpointShape> = Extract<keyof E['responses'], SuccessStatus>;
/** The body of the endpoint's success answer, as its schema parses it. */
export type SuccessOf<E extends EndpointShape> = E['responses'][SuccessKey<E>] extends infer S
  ? S extends z.ZodType
    ? z.output<S>
    : never
  : never;

/**
 * The schema an answer of `status` is parsed with: that status's own, or for a 2xx the endpoint
 * declares under another code, its first success schema. A 204 has no body and reads as null.
 */
export function successSchema<E extends EndpointShape>(endpoint: E, status?: number): z.ZodType<SuccessOf<E>> {
  const declared = status === undefined ? undefined : endpoint.responses[status as SuccessStatus];
  if (declared) return declared as z.ZodType<SuccessOf<E>>;
  for (const code of [200, 201, 202, 204] as const) {
    const schema = endpoint.responses[code];
    if (schema) return schema as z.ZodType<SuccessOf<E>>;
  }
  throw new Error(`${endpoint.method} ${endpoint.path} declares no success response`);
}

/**
 * The endpoint's path with each `:name` replaced by its value, URI-encoded:
 * `endpointPath(cartEndpoints.removeItem, { userId: 'u 1', itemId: 'x' })` → `/carts/u%201/items/x`.
 */
export function endpointPath(endpoint: Pick<EndpointShape, 'path'>, params?: Record<string, string | number>): string {
  return endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
