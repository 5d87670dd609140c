import type { OperatorChatEvent, SendChatMessageRequest, SentShopperMessage, ShopperChatEvent } from '@gvm/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../../src/app';
import type { App } from '../../src/app-types';
import { type Config, testConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/client';
import type { ChatTimings } from '../../src/modules/chat';
import { createTestDatabase } from '../helpers';
import { createTestClock, type TestClock } from './app';
import { bearer, nextIp } from './sign-in';
import { createUserAndToken } from './users';

/** The chat's intervals in tests: sessions re-checked every 100 ms, so a test waits briefly. */
export const fastChatTimings: Partial<ChatTimings> = { recheckMs: 100, authTimeoutMs: 500 };

export interface ListeningChatApp {
  app: App;
  clock: TestClock;
  /** ws://127.0.0.1:PORT/api/v1/support-chat/socket */
  socketUrl: string;
  close(): Promise<void>;
}

/**
 * The whole app listening on a free port (a real WebSocket needs a real socket), on its own
 * database unless one is given (two instances on one database share it; the caller closes it).
 */
export async function startChatApp(
  overrides: Partial<Config> = {},
  shared?: { database: DatabaseHandle; clock: TestClock },
): Promise<ListeningChatApp> {
  const database = shared?.database ?? (await createTestDatabase());
  const clock = shared?.clock ?? createTestClock();
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    logger: false,
    clock: clock.now,
    chat: fastChatTimings,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    clock,
    socketUrl: `ws://127.0.0.1:${port}/api/v1/support-chat/socket`,
    close: async () => {
      await app.close();
      if (!shared) await database.close();
    },
  };
}

/** A test file's chat app (`chatAppForFile`): the listening app, and the sockets it closes at the end. */
export interface FileChatApp extends Omit<ListeningChatApp, 'close'> {
  /** A socket signed in with `token`, closed after the file's tests. */
  socketFor(token: string): Promise<ChatSocket>;
  /** Closes the sockets opened so far, and waits until each has closed. */
  closeSockets(): Promise<void>;
  /** A new shopper's first message: the shopper and their conversation's id. */
  newConversation(
    name: string,
    body?: string,
  ): Promise<{ shopper: Awaited<ReturnType<typeof createUserAndToken>>; conversationId: string }>;
}

/**
 * The chat app a test file's tests share: started before them (`startChatApp(overrides)`), closed
 * after them with every socket `socketFor` opened. Call it at the file's top level.
 */
export function chatAppForFile(overrides: Partial<Config> = {}): FileChatApp {
  let started: ListeningChatApp | undefined;
  const sockets: ChatSocket[] = [];
  beforeAll(async () => {
    started = await startChatApp(overrides);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await started?.close();
  });
  const ctx = () => {
    if (!started) throw new Error('The chat app starts before the tests');
    return started;
  };
  return {
    get app() {
      return ctx().app;
    },
    get clock() {
      return ctx().clock;
    },
    get socketUrl() {
      return ctx().socketUrl;
    },
    async socketFor(token) {
      const socket = await openChatSocket(ctx().socketUrl, token);
      sockets.push(socket);
      return socket;
    },
    async closeSockets() {
      for (const open of sockets.splice(0)) {
        open.close();
        await open.closed;
      }
    },
    async newConversation(name, body = 'Help!') {
      const shopper = await createUserAndToken(ctx().app, { name });
      const sent = await shopperSend(ctx().app, shopper.token, body);
      expect(sent.statusCode).toBe(201);
      return { shopper, conversationId: sent.json<SentShopperMessage>().conversation.id };
    },
  };
}

type AnyEvent = ShopperChatEvent | OperatorChatEvent;

/** A chat socket as a client holds it: every event it received, in order, and how it closed. */
export interface ChatSocket {
  socket: WebSocket;
  events: AnyEvent[];
  /** Resolves with the first event (from now on, or already received) that matches. */
  next<T extends AnyEvent['type']>(
    type: T,
    matches?: (event: Extract<AnyEvent, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<AnyEvent, { type: T }>>;
  closed: Promise<{ code: number; reason: string }>;
  send(event: object): void;
  close(): void;
}

/**
 * Opens a socket; with a token it authenticates and waits for `ready`. Like any client that is
 * not a browser it sends no Origin, unless given one (as a browser's page would).
 */
export async function openChatSocket(
  url: string,
  token?: string,
  { origin }: { origin?: string } = {},
): Promise<ChatSocket> {
  const socket = new WebSocket(url, origin === undefined ? {} : { origin });
  const events: AnyEvent[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (raw) => {
    events.push(JSON.parse(raw.toString()) as AnyEvent);
    for (const waiter of waiters) waiter();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const chat: ChatSocket = {
    socket,
    events,
    closed,
    send: (event) => socket.send(JSON.stringify(event)),
    close: () => socket.close(),
    next: (type, matches, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        let seen = 0;
        const look = () => {
          for (; seen < events.length; seen += 1) {
            const event = events[seen];
            if (event?.type === type && (!matches || matches(event as never))) {
              waiters.delete(look);
              clearTimeout(timer);
              resolve(event as never);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`no ${type} event within ${timeoutMs} ms; received ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(look);
        look();
      }),
  };
  if (token) {
    chat.send({ type: 'auth', token });
    await chat.next('ready');
  }
  return chat;
}

let clientCounter = 0;
/** A fresh client id, as the widget makes one per message. */
export function newClientId(): string {
  clientCounter += 1;
  return `client-${Date.now()}-${clientCounter}`;
}

export function shopperSend(app: App, token: string, body: string, clientId = newClientId()) {
  const payload: SendChatMessageRequest = { body, clientId };
  return app.inject({
    method: 'POST',
    url: '/api/v1/support-chat/messages',
    headers: bearer(token),
    payload,
    remoteAddress: nextIp(),
  });
}

export function shopperCall(app: App, method: 'GET' | 'POST', path: string, token: string | null, payload?: object) {
  return app.inject({
    method,
    url: `/api/v1/support-chat${path}`,
    headers: token ? bearer(token) : {},
    remoteAddress: nextIp(),
    ...(payload ? { payload } : {}),
  });
}
