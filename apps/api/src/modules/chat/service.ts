import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { App } from '../../app-types';
import { createChatBus } from './bus';
import type { ChatContext } from './context';
import { ChatHub, type ChatTimings, defaultChatTimings, RESTART_REASON } from './hub';
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
  await app.register(websocket, {
    options: { maxPayload: CHAT_SOCKET_MAX_BYTES },
    // On shutdown every socket, signed in or not yet, is told to come back: 1012, service restart
    // (decision 055). The plugin's own default closes them with no code, before the hub could.
    preClose: async () => {
      for (const client of app.websocketServer.clients) client.close(1012, RESTART_REASON);
      await new Promise<void>((resolve) => app.websocketServer.close(() => resolve()));
    },
  });
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
