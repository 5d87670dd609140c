import { type OperatorCapability, opsInboxEndpoints } from '@gvm/contract';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { rejectInvalidRequestHook } from '../../lib/validation';
import { type Actor, authenticateOperator } from '../ops';
import { listAssignees, listMessages, messageDetail, replyToMessage, updateMessage } from './messages-service';
import { addApplicationNote, applicationDetail, listApplications, setApplicationStatus } from './partners-service';

/**
 * The console's inbox (docs/product/operators.md#messages, #partners): contact messages need the
 * `messages` capability, partnership applications `partners`, checked on the server for every
 * route (decision 045). Routes parse and answer; the services audit every change.
 */
export async function outreachOpsRoutes(app: App): Promise<void> {
  const validated = { attachValidation: true, preHandler: rejectInvalidRequestHook } as const;
  const actorFor = async (request: FastifyRequest, capability: OperatorCapability): Promise<Actor> => {
    const operator = await authenticateOperator(
      app.db,
      app.appConfig,
      request.headers.authorization,
      { stage: 'full', capability },
      app.clock(),
    );
    return { operatorId: operator.operatorId, role: operator.role, ip: request.ip };
  };

  app.route({
    ...fromContract(opsInboxEndpoints.messages),
    ...validated,
    handler: async (request) => {
      const actor = await actorFor(request, 'messages');
      return { messages: await listMessages(app.db, actor.operatorId, request.query) };
    },
  });

  app.route({
    ...fromContract(opsInboxEndpoints.messageAssignees),
    handler: async (request) => {
      await actorFor(request, 'messages');
      return { operators: await listAssignees(app.db) };
    },
  });

  app.route({
    ...fromContract(opsInboxEndpoints.message),
    ...validated,
    handler: async (request) => {
      await actorFor(request, 'messages');
      return messageDetail(app.db, request.params.messageId.toLowerCase());
    },
  });

  app.route({
    ...fromContract(opsInboxEndpoints.replyToMessage),
    ...validated,
    handler: async (request, reply) => {
      const actor = await actorFor(request, 'messages');
      const messageId = request.params.messageId.toLowerCase();
      const detail = await replyToMessage(app.db, app.appConfig, actor, messageId, request.body.body, app.clock());
      return reply.status(201).send(detail);
    },
  });

  app.route({
    ...fromContract(opsInboxEndpoints.updateMessage),
    ...validated,
    handler: async (request) => {
      const actor = await actorFor(request, 'messages');
      return updateMessage(app.db, actor, request.params.messageId.toLowerCase(), request.body, app.clock());
    },
  });

  app.route({
    ...fromContract(opsInboxEndpoints.applications),
    ...validated,
    handler: async (request) => {
      await actorFor(request, 'partners');
      return { applications: await listApplications(app.db, request.query) };
    },
  });

  app.route({
    ...fromContract(opsInboxEndpoints.application),
    ...validated,
    handler: async (request) => {
      await actorFor(request, 'partners');
      return applicationDetail(app.db, request.params.applicationId.toLowerCase());
    },
  });

  app.route({
    ...fromContract(opsInboxEndpoints.addApplicationNote),
    ...validated,
    handler: async (request, reply) => {
      const actor = await actorFor(request, 'partners');
      const applicationId = request.params.applicationId.toLowerCase();
      const detail = await addApplicationNote(app.db, actor, applicationId, request.body.body, app.clock());
      return reply.status(201).send(detail);
    },
  });

  app.route({
    ...fromContract(opsInboxEndpoints.setApplicationStatus),
    ...validated,
    handler: async (request) => {
      const actor = await actorFor(request, 'partners');
      const applicationId = request.params.applicationId.toLowerCase();
      return setApplicationStatus(app.db, app.appConfig, actor, applicationId, request.body, app.clock());
    },
  });
}
