import { Redis } from 'ioredis';

/**
 * What one instance tells every instance, on one named channel (decisions 051 and 056): Redis
 * pub/sub through ioredis when REDIS_URL is set, otherwise this process alone (one process needs
 * nothing more). This instance's own messages are handed to its handlers directly, not through
 * Redis, so one instance keeps working while Redis is away; messages from Redis that this
 * instance published are skipped. A message published while Redis is unreachable reaches this
 * instance only: each user says what bounds the others' wait then (a cache's expiry, a re-check).
 */
export interface Broadcast<T> {
  publish(message: T): void;
  subscribe(handler: (message: T) => void): void;
  close(): Promise<void>;
}

export interface BroadcastLog {
  warn(details: object, message: string): void;
}

/** How long start-up waits for the Redis subscription before going on (ioredis keeps trying). */
const SUBSCRIBE_WAIT_MS = 3000;

interface Envelope<T> {
  origin: string;
  message: T;
}

export async function createBroadcast<T>(
  redisUrl: string | undefined,
  channel: string,
  instanceId: string,
  log: BroadcastLog,
): Promise<Broadcast<T>> {
  const handlers: Array<(message: T) => void> = [];
  const deliver = (message: T) => {
    for (const handler of handlers) handler(message);
  };
  if (!redisUrl) {
    return { publish: deliver, subscribe: (handler) => void handlers.push(handler), close: async () => {} };
  }

  const options = { connectTimeout: 2000, maxRetriesPerRequest: 2 };
  const publisher = new Redis(redisUrl, options);
  // A subscribing connection can do nothing else, so it is a second one.
  const subscriber = new Redis(redisUrl, options);
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error: Error) => log.warn({ err: error, channel }, 'broadcast (Redis) error'));
  }
  subscriber.on('message', (_channel: string, raw: string) => {
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(raw) as Envelope<T>;
    } catch (error) {
      log.warn({ err: error, channel }, 'broadcast: an unreadable message was skipped');
      return;
    }
    if (envelope.origin !== instanceId) deliver(envelope.message);
  });
  await Promise.race([
    subscriber
      .subscribe(channel)
      .catch((error: Error) => log.warn({ err: error, channel }, 'broadcast: not subscribed yet')),
    new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS).unref()),
  ]);

  return {
    publish: (message) => {
      deliver(message);
      const envelope: Envelope<T> = { origin: instanceId, message };
      publisher
        .publish(channel, JSON.stringify(envelope))
        .catch((error: Error) => log.warn({ err: error, channel }, 'broadcast: a message reached only this instance'));
    },
    subscribe: (handler) => void handlers.push(handler),
    close: async () => {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
