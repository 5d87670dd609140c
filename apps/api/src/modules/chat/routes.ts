import { supportChatEndpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { forbidden } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { rejectInvalidRequests, requireSignIn } from '../../plugins/route-groups';
import type { ChatService } from './service';
import { answerSatisfaction, markShopperRead, sendShopperMessage, shopperChat } from './shopper-service';
import { chatSocketHandler, isAllowedSocketOrigin } from './socket';
import { chatWidgetFor } from './widget';

export const SOCKET_NEEDS_UPGRADE = 'This address takes a WebSocket connection (Upgrade: websocket).';
export const SOCKET_ORIGIN_REFUSED = 'The chat opens only from the shop’s own pages.';

/**
 * The shopper's chat (docs/product/support-chat.md#the-shoppers-panel) and the socket that
 * shoppers and operators share; the socket authenticates by its first message, not a header.
 */
export async function chatRoutes(app: App, { chat }: { chat: ChatService }): Promise<void> {
  const { ctx, hub } = chat;

  app.route({
    ...fromContract(supportChatEndpoints.socket),
    // Before the upgrade: a refused handshake gets a plain 403 and never becomes a socket.
    onRequest: async (request) => {
      if (!isAllowedSocketOrigin(request.headers.origin, request.headers.host, app.appConfig.publicUrl)) {
        throw forbidden(SOCKET_ORIGIN_REFUSED);
      }
    },
    handler: async (_request, reply) => reply.status(400).send({ error: SOCKET_NEEDS_UPGRADE }),
    wsHandler: chatSocketHandler(app, ctx, hub),
  });

  await app.register(async (shopper: App) => {
    requireSignIn(shopper);
    rejectInvalidRequests(shopper);

    shopper.route({
      ...fromContract(supportChatEndpoints.widget),
      handler: async (request) => chatWidgetFor(ctx, currentUser(request).id),
    });

    shopper.route({
      ...fromContract(supportChatEndpoints.get),
      handler: async (request) =>
        shopperChat(ctx, currentUser(request).id, {
          after: Number(request.query.after ?? 0),
          limit: request.query.limit,
        }),
    });

    shopper.route({
      ...fromContract(supportChatEndpoints.send),
      handler: async (request, reply) => {
        const { sent, created } = await sendShopperMessage(ctx, currentUser(request).id, request.body);
        return reply.status(created ? 201 : 200).send(sent);
      },
    });

    shopper.route({
      ...fromContract(supportChatEndpoints.markRead),
      handler: async (request) =>
        markShopperRead(ctx, currentUser(request).id, {
          conversationId: request.body.conversationId.toLowerCase(),
          lastReadId: Number(request.body.lastReadId),
        }),
    });

    shopper.route({
      ...fromContract(supportChatEndpoints.satisfaction),
      handler: async (request) =>
        answerSatisfaction(ctx, currentUser(request).id, {
          conversationId: request.body.conversationId.toLowerCase(),
          answer: request.body.answer,
        }),
    });
  });
}
