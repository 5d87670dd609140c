import type { ErrorStatus } from './endpoint-shape';
import { errorResponseSchema } from './errors';

/**
 * One description per endpoint (decision 013): `defineEndpoint` and the types live in
 * `./endpoint-shape`, which needs no zod at run time, so a page can build an endpoint's URL
 * without loading the schemas (decision 023).
 */
export * from './endpoint-shape';

/** `{ 400: errorResponseSchema, 401: errorResponseSchema }` from `errorResponses(400, 401)`. */
export function errorResponses<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): { [K in S[number]]: typeof errorResponseSchema } {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as {
    [K in S[number]]: typeof errorResponseSchema;
  };
}
