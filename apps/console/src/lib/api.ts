import { endpointCaller } from '@gvm/web-lib/call-endpoint';
import { createHttpClient } from '@gvm/web-lib/http-client';

export { ApiError, failureMessage, responseError } from '@gvm/web-lib/api-error';
export type { CallOptions, EndpointInput } from '@gvm/web-lib/call-endpoint';

/**
 * The console's HTTP client: the house's (@gvm/web-lib) with no session of its own. Every ops
 * call names its own Authorization (`callOps`, the operator's token) and is never refreshed
 * (decision 047); the shopper's tokens are the shop's alone.
 */
export const api = createHttpClient();

/** Calls an endpoint described in the contract (decision 013) through the console's client. */
export const callEndpoint = endpointCaller(api);
