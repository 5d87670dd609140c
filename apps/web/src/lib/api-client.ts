import { endpointCaller } from '@gvm/web-lib/call-endpoint';
import { takeEarlyResponse } from './early-requests';
import { api } from './http-client';

export { ApiError, failureMessage, responseError, serverMessage, toApiError } from '@gvm/web-lib/api-error';
export type { CallOptions, EndpointInput, LazyEndpoint } from '@gvm/web-lib/call-endpoint';
export { api } from './http-client';

/**
 * Lets the browser run what waits (input, a frame, the next answer's render) before an answer is
 * parsed: a page's first answers often arrive together, and each parse may build its schemas
 * first (decision 040), tens of milliseconds on a phone; in one task they were one long task, each
 * now has its own (decision 075). Where the browser has no `scheduler.yield` (the Prioritized
 * Task Scheduling API: Chromium 129+, Firefox 142+), at once.
 */
function yieldToBrowser(): Promise<void> | undefined {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  return scheduler?.yield?.();
}

/**
 * Calls an endpoint described in the contract (decision 013) through the shop's client, reading
 * the answer the page's HTML already asked for when it did (decision 038), each answer parsed in
 * a task of its own.
 */
export const callEndpoint = endpointCaller(api, takeEarlyResponse, yieldToBrowser);
