import type { AnySchema, EndpointShape, OperatorCapability, SchemaOutput, SuccessOf } from '@gvm/contract';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { unauthorized } from '../../lib/errors';
import type { Actor } from './audit';
import { operatorCredentialOf } from './session-cookie';
import { authenticateOperator, OPERATOR_SIGN_IN_REQUIRED, type SessionNeed, type SignedInOperator } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator whose session signed the request, set by the group's `requireOperator`. */
    operator: SignedInOperator | null;
  }
  interface FastifyContextConfig {
    /** What a console route needs of the operator, in its options: `config: operatorNeed('money.move')`. */
    operator?: SessionNeed;
  }
}

/**
 * Every route of a console group checks the operator first (decision 066), as `requireSignIn`
 * does for a shopper's: at `onRequest`, before the body is read or validated, the session's
 * stage and the route's capability are checked on the server (401 without a usable session, 403
 * for a shopper's token, a session short of two-step verification or a role without the
 * capability: `authenticateOperator`), and the operator is left on the request for the handler.
 * The session comes as a Bearer token or as the console's cookie, whose writes must carry its
 * CSRF token from the console's own origin (`operatorCredentialOf`, decision 073).
 * Each route says what it needs in its `config.operator` (`operatorNeed`, `signInStage`); a route
 * that does not is refused when it is registered, so none can be left open by forgetting it.
 */
export function requireOperator(group: App): void {
  if (!group.hasRequestDecorator('operator')) group.decorateRequest('operator', null);
  group.addHook('onRoute', (route) => {
    if (!route.config?.operator) {
      throw new Error(`${route.method} ${route.url}: a console route says what it needs (config: operatorNeed(…))`);
    }
  });
  group.addHook('onRequest', async (request) => {
    const need = request.routeOptions.config.operator ?? { stage: 'full' };
    request.operator = await authenticateOperator(
      group.db,
      group.appConfig,
      operatorCredentialOf(request, group.appConfig.publicUrl),
      need,
      group.clock(),
    );
  });
}

/** A console route's need: an operator past two-step verification whose role has `capability` (any role without one). */
export function operatorNeed(capability?: OperatorCapability): { operator: SessionNeed } {
  return { operator: capability ? { stage: 'full', capability } : { stage: 'full' } };
}

/** The need of two-step sign-in's own routes: a `pending` session (the authenticator's steps), or `any` (signing out). */
export function signInStage(stage: 'pending' | 'any'): { operator: SessionNeed } {
  return { operator: { stage } };
}

/**
 * The operator the group's hook signed in. A route outside a `requireOperator` group has none, and
 * is refused as if no one had signed in.
 */
export function signedInOperator(request: FastifyRequest): SignedInOperator {
  if (!request.operator) throw unauthorized(OPERATOR_SIGN_IN_REQUIRED);
  return request.operator;
}

/** Who acts, for the audit trail: the signed-in operator, from the request's address. */
export function actorOf(request: FastifyRequest): Actor {
  const operator = signedInOperator(request);
  return { operatorId: operator.operatorId, role: operator.role, ip: request.ip };
}

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
 * A console endpoint (decision 045) in a group that checks the operator first (`requireOperator`)
 * and answers a malformed request with the first field's 400 (`rejectInvalidRequests`): the
 * operator's full session and `capability` are checked before the request is read (401, 403),
 * then `answer` runs with the acting operator and answers with the endpoint's success status
 * (200, or 201 where the contract declares only that). The route stays what it does:
 * `operatorRoute(app, endpoint, 'money.move', ({ actor, body }) => …)`.
 */
export function operatorRoute<const E extends EndpointShape>(
  app: App,
  endpoint: E,
  capability: OperatorCapability,
  answer: (request: OperatorRequest<E>) => Promise<SuccessOf<E>>,
): void {
  if (!app.hasRequestDecorator('operator')) {
    throw new Error(`${endpoint.method} ${endpoint.path}: operatorRoute needs requireOperator(group) first`);
  }
  const status = SUCCESS_STATUSES.find((code) => endpoint.responses[code] !== undefined) ?? 200;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const parts = request as unknown as Omit<OperatorRequest<E>, 'actor'>;
    const result = await answer({
      actor: actorOf(request),
      params: parts.params,
      query: parts.query,
      body: parts.body,
    });
    return reply.status(status).send(result);
  };
  app.route({ ...fromContract(endpoint), config: operatorNeed(capability), handler } as unknown as RouteOptions);
}
