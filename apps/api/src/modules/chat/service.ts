import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { App } from '../../app-types';
import { createChatBus } from './bus';
import type { ChatContext } from './context';
import { ChatHub, type ChatTimings, defaultChatTimings } from './hub';
import { CHAT_SOCKET_MAX_BYTES } from './socket';

/** The chat of one instance: its services' context and its sockets. */
export interface ChatService {
  ctx: ChatContext;
  hub: ChatHub;
}

/**
 * Sets up the chat on an app (decision 051): the WebSocket plugin, the bus (Redis pub/sub when
 * REDIS_URL is set), and this instance's hub, started when the app is ready and closed with it
 * (its sockets told to reconnect, its presence rows removed).
 */
export async function registerChat(app: App, timings: Partial<ChatTimings> = {}): Promise<ChatService> {
  await app.register(websocket, { options: { maxPayload: CHAT_SOCKET_MAX_BYTES } });
  const instanceId = randomUUID();
  const log = app.log.child({ component: 'chat' });
  const bus = await createChatBus(app.appConfig.redisUrl, instanceId, log);
  const ctx: ChatContext = { db: app.db, config: app.appConfig, clock: app.clock, bus };
  const hub = new ChatHub(ctx, app.sessions, instanceId, log, { ...defaultChatTimings, ...timings });
  app.addHook('onReady', async () => hub.start());
  app.addHook('preClose', async () => {
    await hub.close();
    await bus.close();
  });
  return { ctx, hub };
}
