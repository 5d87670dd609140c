import { endpointCaller } from '@gvm/web-lib/call-endpoint';
import { takeEarlyResponse } from './early-requests';
import { api } from './http-client';

export { ApiError, failureMessage, responseError, serverMessage, toApiError } from '@gvm/web-lib/api-error';
export type { CallOptions, EndpointInput, LazyEndpoint } from '@gvm/web-lib/call-endpoint';
export { api } from './http-client';

/**
 * Calls an endpoint described in the contract (decision 013) through the shop's client, reading
 * the answer the page's HTML already asked for when it did (decision 038).
 */
export const callEndpoint = endpointCaller(api, takeEarlyResponse);
