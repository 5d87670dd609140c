import * as contract from '@gvm/contract';
import { API_BASE_PATH, type EndpointShape, pageRoutes, urlSecretFields } from '@gvm/contract';
import { PAY_PAGE_PATH } from '../adapters/payments/simulator/pay-page-path';

/** A route whose URL carries secrets: which of its path parameters and query fields they are. */
export interface SecretRoute {
  /** The route's pattern as it is registered, `:name` for each parameter: `/api/v1/gifts/:token`. */
  pattern: string;
  params: readonly string[];
  query: readonly string[];
}

/** The fields of an object schema that the contract marks with `secretInUrl`. */
function markedFields(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!shape) return [];
  return Object.entries(shape)
    .filter(([, field]) => urlSecretFields.has(field as never))
    .map(([name]) => name);
}

function isEndpoint(value: unknown): value is EndpointShape {
  const endpoint = value as Partial<EndpointShape> | null;
  return typeof endpoint?.method === 'string' && typeof endpoint.path === 'string' && !!endpoint.responses;
}

/** Every endpoint of the contract: each domain exports its endpoints as `<domain>Endpoints`. */
function contractEndpoints(): EndpointShape[] {
  return Object.entries(contract)
    .filter(([name, group]) => name.endsWith('Endpoints') && typeof group === 'object' && group !== null)
    .flatMap(([, group]) => Object.values(group as object).filter(isEndpoint));
}

/** The endpoints with a marked path parameter or query field, under the API's base path. */
function secretEndpoints(): SecretRoute[] {
  return contractEndpoints()
    .map((endpoint) => ({
      pattern: `${API_BASE_PATH}${endpoint.path}`,
      params: markedFields(endpoint.params),
      query: markedFields(endpoint.query),
    }))
    .filter((route) => route.params.length > 0 || route.query.length > 0);
}

/**
 * Every route whose URL carries a secret (decision 043). The API's own are found from the marks in
 * the contract, so an endpoint that takes a marked field is covered where it is described. The
 * rest are not endpoints of the contract:
 * - the web app's pages that hold the same secrets (served by plugins/web-app.ts): the claim link,
 *   the verification link, the payment result with its poll key and provider session, and the
 *   console's customer search, whose term may be a whole voucher code a customer read out;
 * - the payment simulator's card page.
 */
export const secretRoutes: readonly SecretRoute[] = [
  ...secretEndpoints(),
  { pattern: pageRoutes.gift, params: ['token'], query: [] },
  { pattern: pageRoutes.verify, params: ['token'], query: [] },
  { pattern: pageRoutes.confirmation, params: [], query: ['key', 'session_id'] },
  { pattern: '/ops/customers', params: [], query: ['q'] },
  { pattern: PAY_PAGE_PATH, params: ['sessionId'], query: [] },
];

/**
 * Query fields kept out of the log on any path: the poll key's name, and the names of secrets that
 * no URL of ours carries (they travel in bodies) but that a client may put in a query by mistake.
 */
export const alwaysSecretQueryFields: readonly string[] = ['key', 'token', 'code', 'loginCode', 'refreshToken'];
