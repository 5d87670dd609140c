import { fastifyRequestContext, requestContext } from '@fastify/request-context';
import { API_BASE_PATH } from '@gvm/contract';
import type { FastifyInstance } from 'fastify';

declare module '@fastify/request-context' {
  interface RequestContextData {
    /** The id the request's own log lines carry (`reqId`), and its answer's `x-request-id`. */
    requestId: string;
    /** The pool of database connections the request takes from (db/client.ts, decision 063). */
    databaseLane: 'shop' | 'console';
  }
}

/**
 * Work a request starts outside itself (an e-mail in the outbox, a payment webhook) carries the
 * request's id on, so one id finds in the log the request and everything it set going (decision
 * 061). The id is kept for the request's whole life in AsyncLocalStorage (@fastify/request-context),
 * so the 30-odd places that queue an e-mail need not be handed it.
 */
export async function registerRequestContext(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRequestContext, {
    defaultStoreValues: (request) => ({
      requestId: String(request.id),
      databaseLane: isConsoleRoute(request.routeOptions.url) ? 'console' : 'shop',
    }),
  });
}

/** The operator console's API routes (`/api/v1/ops/...`), by the route matched, however the path was spelt. */
export function isConsoleRoute(routeUrl: string | undefined): boolean {
  return routeUrl?.startsWith(`${API_BASE_PATH}/ops/`) ?? false;
}

/** The id of the request this code runs for; undefined in a job, a timer or start-up. */
export function currentRequestId(): string | undefined {
  return requestContext.get('requestId');
}

/** The pool the request this code runs for takes its connections from; the shop's outside a request. */
export function currentDatabaseLane(): 'shop' | 'console' {
  return requestContext.get('databaseLane') === 'console' ? 'console' : 'shop';
}

/** The log field a request's lines carry its id in (Fastify's `requestIdLogLabel`): jobs use it too. */
export const REQUEST_ID_LOG_FIELD = 'reqId';
