import { opsChatEndpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { rejectInvalidRequests } from '../../plugins/route-groups';
import { actorOf, operatorNeed, requireOperator } from '../operators';
import { createCannedReply, deleteCannedReply, listCannedReplies, updateCannedReply } from './canned-replies';
import {
  assignConversation,
  chatAssignees,
  conversationDetail,
  listConversations,
  markOperatorsRead,
  resolveConversation,
  unreadConversations,
  writeOperatorMessage,
} from './console-service';
import type { ChatService } from './service';

/**
 * The console's chat (docs/product/support-chat.md#the-console): `chat` (support, admin) for
 * conversations, `chat.canned` (admin) to write canned replies, checked on the server for every
 * route before it reads the request (decisions 045 and 066). Routes parse and answer; the
 * services audit every change.
 */
export async function chatOpsRoutes(app: App, { chat }: { chat: ChatService }): Promise<void> {
  const { ctx } = chat;
  requireOperator(app);
  rejectInvalidRequests(app);
  const conversations = operatorNeed('chat');
  const cannedWriting = operatorNeed('chat.canned');
  const idOf = (params: { conversationId: string }) => params.conversationId.toLowerCase();

  app.route({
    ...fromContract(opsChatEndpoints.conversations),
    config: conversations,
    handler: async (request) => ({
      conversations: await listConversations(ctx, actorOf(request).operatorId, request.query),
    }),
  });

  app.route({
    ...fromContract(opsChatEndpoints.conversation),
    config: conversations,
    handler: (request) =>
      conversationDetail(ctx, idOf(request.params), {
        after: Number(request.query.after ?? 0),
        limit: request.query.limit,
      }),
  });

  app.route({
    ...fromContract(opsChatEndpoints.unread),
    config: conversations,
    handler: async () => ({ conversations: await unreadConversations(ctx) }),
  });

  app.route({
    ...fromContract(opsChatEndpoints.assign),
    config: conversations,
    handler: (request) => assignConversation(ctx, actorOf(request), idOf(request.params), request.body.operatorId),
  });

  for (const [endpoint, kind] of [
    [opsChatEndpoints.reply, 'operator'],
    [opsChatEndpoints.note, 'note'],
  ] as const) {
    app.route({
      ...fromContract(endpoint),
      config: conversations,
      handler: async (request, reply) => {
        const actor = actorOf(request);
        const { written, created } = await writeOperatorMessage(ctx, actor, idOf(request.params), kind, request.body);
        return reply.status(created ? 201 : 200).send(written);
      },
    });
  }

  app.route({
    ...fromContract(opsChatEndpoints.markRead),
    config: conversations,
    handler: (request) => markOperatorsRead(ctx, idOf(request.params), Number(request.body.lastReadId)),
  });

  app.route({
    ...fromContract(opsChatEndpoints.resolve),
    config: conversations,
    handler: (request) => resolveConversation(ctx, actorOf(request), idOf(request.params)),
  });

  app.route({
    ...fromContract(opsChatEndpoints.assignees),
    config: conversations,
    handler: () => chatAssignees(ctx),
  });

  app.route({
    ...fromContract(opsChatEndpoints.cannedReplies),
    config: conversations,
    handler: async () => ({ cannedReplies: await listCannedReplies(app.db) }),
  });

  app.route({
    ...fromContract(opsChatEndpoints.createCannedReply),
    config: cannedWriting,
    handler: async (request, reply) =>
      reply.status(201).send(await createCannedReply(app.db, actorOf(request), request.body, app.clock())),
  });

  app.route({
    ...fromContract(opsChatEndpoints.updateCannedReply),
    config: cannedWriting,
    handler: (request) =>
      updateCannedReply(
        app.db,
        actorOf(request),
        request.params.cannedReplyId.toLowerCase(),
        request.body,
        app.clock(),
      ),
  });

  app.route({
    ...fromContract(opsChatEndpoints.deleteCannedReply),
    config: cannedWriting,
    handler: async (request, reply) => {
      await deleteCannedReply(app.db, actorOf(request), request.params.cannedReplyId.toLowerCase(), app.clock());
      return reply.status(204).send(null);
    },
  });
}
