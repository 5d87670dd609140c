import { type OperatorCapability, opsChatEndpoints } from '@gvm/contract';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { rejectInvalidRequests } from '../../plugins/route-groups';
import { type Actor, authenticateOperator } from '../ops';
import { createCannedReply, deleteCannedReply, listCannedReplies, updateCannedReply } from './canned-replies';
import {
  assignConversation,
  chatAssignees,
  conversationDetail,
  listConversations,
  markOperatorsRead,
  resolveConversation,
  writeOperatorMessage,
} from './console-service';
import type { ChatService } from './service';

/**
 * The console's chat (docs/product/support-chat.md#the-console): `chat` (support, admin) for
 * conversations, `chat.canned` (admin) to write canned replies, checked on the server for every
 * route (decision 045). Routes parse and answer; the services audit every change.
 */
export async function chatOpsRoutes(app: App, { chat }: { chat: ChatService }): Promise<void> {
  const { ctx } = chat;
  rejectInvalidRequests(app);
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
  const idOf = (params: { conversationId: string }) => params.conversationId.toLowerCase();

  app.route({
    ...fromContract(opsChatEndpoints.conversations),
    handler: async (request) => {
      const actor = await actorFor(request, 'chat');
      return { conversations: await listConversations(ctx, actor.operatorId, request.query) };
    },
  });

  app.route({
    ...fromContract(opsChatEndpoints.conversation),
    handler: async (request) => {
      await actorFor(request, 'chat');
      return conversationDetail(ctx, idOf(request.params), {
        after: Number(request.query.after ?? 0),
        limit: request.query.limit,
      });
    },
  });

  app.route({
    ...fromContract(opsChatEndpoints.assign),
    handler: async (request) => {
      const actor = await actorFor(request, 'chat');
      return assignConversation(ctx, actor, idOf(request.params), request.body.operatorId);
    },
  });

  for (const [endpoint, kind] of [
    [opsChatEndpoints.reply, 'operator'],
    [opsChatEndpoints.note, 'note'],
  ] as const) {
    app.route({
      ...fromContract(endpoint),
      handler: async (request, reply) => {
        const actor = await actorFor(request, 'chat');
        const { written, created } = await writeOperatorMessage(ctx, actor, idOf(request.params), kind, request.body);
        return reply.status(created ? 201 : 200).send(written);
      },
    });
  }

  app.route({
    ...fromContract(opsChatEndpoints.markRead),
    handler: async (request) => {
      await actorFor(request, 'chat');
      return markOperatorsRead(ctx, idOf(request.params), Number(request.body.lastReadId));
    },
  });

  app.route({
    ...fromContract(opsChatEndpoints.resolve),
    handler: async (request) => {
      const actor = await actorFor(request, 'chat');
      return resolveConversation(ctx, actor, idOf(request.params));
    },
  });

  app.route({
    ...fromContract(opsChatEndpoints.assignees),
    handler: async (request) => {
      await actorFor(request, 'chat');
      return chatAssignees(ctx);
    },
  });

  app.route({
    ...fromContract(opsChatEndpoints.cannedReplies),
    handler: async (request) => {
      await actorFor(request, 'chat');
      return { cannedReplies: await listCannedReplies(app.db) };
    },
  });

  app.route({
    ...fromContract(opsChatEndpoints.createCannedReply),
    handler: async (request, reply) => {
      const actor = await actorFor(request, 'chat.canned');
      return reply.status(201).send(await createCannedReply(app.db, actor, request.body, app.clock()));
    },
  });

  app.route({
    ...fromContract(opsChatEndpoints.updateCannedReply),
    handler: async (request) => {
      const actor = await actorFor(request, 'chat.canned');
      return updateCannedReply(app.db, actor, request.params.cannedReplyId.toLowerCase(), request.body, app.clock());
    },
  });

  app.route({
    ...fromContract(opsChatEndpoints.deleteCannedReply),
    handler: async (request, reply) => {
      const actor = await actorFor(request, 'chat.canned');
      await deleteCannedReply(app.db, actor, request.params.cannedReplyId.toLowerCase(), app.clock());
      return reply.status(204).send(null);
    },
  });
}
