import type { AnySchema, EndpointShape, OperatorCapability, SchemaOutput, SuccessOf } from '@gvm/contract';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { rejectInvalidRequestHook } from '../../lib/validation';
import type { Actor } from './audit';
import { authenticateOperator } from './sessions';

type Part<E extends EndpointShape, K extends 'params' | 'query' | 'body'> = E[K] extends AnySchema
  ? SchemaOutput<E[K]>
  : undefined;

/** What a console route is handed: the signed-in operator and the request's parsed parts. */
export interface OperatorRequest<E extends EndpointShape> {
  actor: Actor;
  params: Part<E, 'params'>;
  query: Part<E, 'query'>;
  body: Part<E, 'body'>;
}

const SUCCESS_STATUSES = [200, 201, 202] as const;

/**
 * A console endpoint (decision 045): the request is validated against the contract first (400,
 * as every console route answers a malformed request), then the operator's full session and the
 * capability are checked on the server (401, 403), then `answer` runs with the acting operator
 * and answers with the endpoint's success status (200, or 201 where the contract declares only
 * that). The route stays what it does: `operatorRoute(app, endpoint, 'money.move', ({ actor, body }) => …)`.
 */
export function operatorRoute<const E extends EndpointShape>(
  app: App,
  endpoint: E,
  capability: OperatorCapability,
  answer: (request: OperatorRequest<E>) => Promise<SuccessOf<E>>,
): void {
  const status = SUCCESS_STATUSES.find((code) => endpoint.responses[code] !== undefined) ?? 200;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const operator = await authenticateOperator(
      app.db,
      app.appConfig,
      request.headers.authorization,
      { stage: 'full', capability },
      app.clock(),
    );
    const actor: Actor = { operatorId: operator.operatorId, role: operator.role, ip: request.ip };
    const parts = request as unknown as Omit<OperatorRequest<E>, 'actor'>;
    const result = await answer({ actor, params: parts.params, query: parts.query, body: parts.body });
    return reply.status(status).send(result);
  };
  const route = {
    ...fromContract(endpoint),
    attachValidation: true,
    preHandler: rejectInvalidRequestHook,
    handler,
  };
  app.route(route as unknown as RouteOptions);
}
