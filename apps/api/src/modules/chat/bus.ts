import type { OpsChatMessage, OpsConversationSummary, ShopperChatMessage, ShopperConversation } from '@gvm/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

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

export interface ChatBus {
  /** Delivers to this instance at once and, with Redis, to every other instance. */
  publish(event: ChatBusEvent): void;
  subscribe(handler: (event: ChatBusEvent) => void): void;
  close(): Promise<void>;
}

const CHANNEL = 'gvm-chat';
/** How long start-up waits for the Redis subscription before going on (ioredis keeps trying). */
const SUBSCRIBE_WAIT_MS = 3000;

interface Envelope {
  origin: string;
  event: ChatBusEvent;
}

/**
 * The in-process bus, and with `redisUrl` Redis pub/sub on one channel through ioredis (the
 * client the rate-limit store uses). This instance's own events are delivered directly, not
 * through Redis, so one instance keeps working while Redis is away; events from Redis that this
 * instance published are skipped.
 */
export async function createChatBus(
  redisUrl: string | undefined,
  instanceId: string,
  log: FastifyBaseLogger,
): Promise<ChatBus> {
  const handlers: Array<(event: ChatBusEvent) => void> = [];
  const deliver = (event: ChatBusEvent) => {
    for (const handler of handlers) handler(event);
  };
  if (!redisUrl) {
    return { publish: deliver, subscribe: (handler) => void handlers.push(handler), close: async () => {} };
  }

  const options = { connectTimeout: 2000, maxRetriesPerRequest: 2 };
  const publisher = new Redis(redisUrl, options);
  // A subscribing connection can do nothing else, so it is a second one.
  const subscriber = new Redis(redisUrl, options);
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error: Error) => log.warn({ err: error }, 'chat bus (Redis) error'));
  }
  subscriber.on('message', (_channel: string, raw: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch (error) {
      log.warn({ err: error }, 'chat bus: an unreadable event was skipped');
      return;
    }
    if (envelope.origin !== instanceId) deliver(envelope.event);
  });
  await Promise.race([
    subscriber.subscribe(CHANNEL).catch((error: Error) => log.warn({ err: error }, 'chat bus: not subscribed yet')),
    new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS).unref()),
  ]);

  return {
    publish: (event) => {
      deliver(event);
      const envelope: Envelope = { origin: instanceId, event };
      publisher
        .publish(CHANNEL, JSON.stringify(envelope))
        .catch((error: Error) => log.warn({ err: error }, 'chat bus: an event reached only this instance'));
    },
    subscribe: (handler) => void handlers.push(handler),
    close: async () => {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
