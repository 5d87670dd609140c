import {
  type ChatMessagesQuery,
  type SatisfactionAnswer,
  type ShopperChat,
  supportChatEndpoints,
} from '@gvm/contract/support-chat';
import { callEndpoint } from '@/lib/api-client';

/** GET /support-chat: the shopper's current conversation and its messages after an id. */
export function getShopperChat(query: ChatMessagesQuery = {}) {
  return callEndpoint(supportChatEndpoints.get, { query });
}

/**
 * Every message after `after`, page by page while the server says more follow: the widget holds
 * the whole conversation, so its unread count and its catch-up after a reconnection are exact.
 */
export async function getShopperChatAfter(after: string): Promise<ShopperChat> {
  let chat = await getShopperChat(after === '0' ? {} : { after });
  const messages = [...chat.messages];
  while (chat.hasMore && messages.length > 0) {
    const last = messages[messages.length - 1]?.id ?? after;
    chat = await getShopperChat({ after: last });
    messages.push(...chat.messages);
  }
  return { ...chat, messages, hasMore: false };
}

/** POST /support-chat/messages: 201 stored now, 200 stored before under this client id (a retry). */
export function sendShopperMessage(body: string, clientId: string) {
  return callEndpoint(supportChatEndpoints.send, { body: { body, clientId } });
}

/** POST /support-chat/read: the shopper has seen the conversation up to `lastReadId`. */
export function markShopperChatRead(conversationId: string, lastReadId: string) {
  return callEndpoint(supportChatEndpoints.markRead, { body: { conversationId, lastReadId } });
}

/** POST /support-chat/satisfaction: the answer to 'Did we solve your problem?'. */
export function answerSatisfaction(conversationId: string, answer: SatisfactionAnswer) {
  return callEndpoint(supportChatEndpoints.satisfaction, { body: { conversationId, answer } });
}
