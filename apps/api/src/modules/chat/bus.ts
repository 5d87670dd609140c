import type { OpsChatMessage, OpsConversationSummary, ShopperChatMessage, ShopperConversation } from '@gvm/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type Broadcast, createBroadcast } from '../../lib/broadcast';

/**
 * What one instance tells every instance (decision 051). Each carries what its receivers show,
 * so no instance reads the database again to deliver it.
 */
export type ChatBusEvent =
  | { kind: 'message'; shopperId: string; shopperView: ShopperChatMessage | null; opsView: OpsChatMessage }
  | { kind: 'state'; shopperId: string; shopperView: ShopperConversation; opsView: OpsConversationSummary }
  | { kind: 'typing'; shopperId: string; conversationId: string; party: 'shopper' | 'operator' }
  | { kind: 'read'; shopperId: string; conversationId: string; party: 'shopper' | 'operator'; lastReadId: string }
  /** An operator came or went somewhere: every instance asks again whether any is online. */
  | { kind: 'presence' }
  /** A session ended (logout, 'Sign out everywhere', a disabled account): its sockets close. */
  | { kind: 'session-ended'; sessionId: string };

/** Delivers to this instance at once and, with Redis, to every other instance (lib/broadcast.ts). */
export type ChatBus = Broadcast<ChatBusEvent>;

/** The chat's channel: Redis pub/sub when REDIS_URL is set, this process alone otherwise. */
export function createChatBus(
  redisUrl: string | undefined,
  instanceId: string,
  log: FastifyBaseLogger,
): Promise<ChatBus> {
  return createBroadcast<ChatBusEvent>(redisUrl, 'gvm-chat', instanceId, log);
}
