import type { ChildProcess } from 'node:child_process';
import type { SentShopperMessage, ShopperChat } from '@gvm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { createServerDatabase, createTestDatabase } from './helpers';
import { createTestClock } from './support/app';
import {
  type ChatSocket,
  type ListeningChatApp,
  newClientId,
  openChatSocket,
  shopperCall,
  shopperSend,
  startChatApp,
} from './support/chat';
import { signedInOperator } from './support/inbox';
import { databaseUrl, onServer } from './support/migrated-database';
import { opsCall } from './support/operators';
import { redisInstalled, startRedis } from './support/redis';
import { createUserAndToken } from './support/users';

/**
 * Two instances of the app on one database and one Redis, as behind a load balancer (decision
 * 051): what happens on one reaches the sockets held by the other. On PostgreSQL each instance
 * has its own connection pool to the same database; on PGlite they share the one handle.
 */
describe.skipIf(!redisInstalled)('the chat across two instances through Redis', () => {
  let redis: ChildProcess;
  let first: ListeningChatApp;
  let second: ListeningChatApp;
  const databases: DatabaseHandle[] = [];
  let dropDatabase = async () => {};
  const sockets: ChatSocket[] = [];

  beforeAll(async () => {
    const started = await startRedis();
    redis = started.process;
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const name = await createServerDatabase(serverUrl);
      for (let index = 0; index < 2; index += 1) {
        databases.push(await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolSize: 5 }));
      }
      dropDatabase = () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
    } else {
      const shared = await createTestDatabase();
      databases.push(shared, shared);
    }
    const clock = createTestClock();
    const [one, two] = databases;
    if (!one || !two) throw new Error('no database');
    first = await startChatApp({ redisUrl: started.url }, { database: one, clock });
    second = await startChatApp({ redisUrl: started.url }, { database: two, clock });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await first?.close();
    await second?.close();
    for (const database of new Set(databases)) await database.close();
    await dropDatabase();
    redis?.kill();
  });

  async function socketOn(instance: ListeningChatApp, token: string) {
    const socket = await openChatSocket(instance.socketUrl, token);
    sockets.push(socket);
    return socket;
  }

  it('carries messages, typing, state and presence between a shopper on one instance and an operator on the other', async () => {
    const shopper = await createUserAndToken(first.app);
    const shopperSocket = await socketOn(first, shopper.token);
    expect(shopperSocket.events[0]).toMatchObject({ type: 'ready', operatorsOnline: false });
    const operator = await signedInOperator(second.app, second.clock, 'support');
    const operatorSocket = await socketOn(second, operator.token);
    await shopperSocket.next('presence', (event) => event.operatorsOnline);
    expect((await shopperCall(first.app, 'GET', '', shopper.token)).json<ShopperChat>().operatorsOnline).toBe(true);

    const sent = await shopperSend(first.app, shopper.token, 'Hello from instance one');
    expect(sent.statusCode).toBe(201);
    const conversationId = sent.json<SentShopperMessage>().conversation.id;
    const arrived = await operatorSocket.next('message', (event) => event.message.body === 'Hello from instance one');
    expect(arrived.message.conversationId).toBe(conversationId);

    operatorSocket.send({ type: 'typing', conversationId });
    await shopperSocket.next('typing', (event) => event.party === 'operator');
    const answer = await opsCall(second.app, 'POST', `/chat/conversations/${conversationId}/replies`, operator.token, {
      body: 'Hello from instance two',
      clientId: newClientId(),
    });
    expect(answer.statusCode).toBe(201);
    await shopperSocket.next('message', (event) => event.message.body === 'Hello from instance two');
    await shopperSocket.next(
      'state',
      (event) => 'unread' in event.conversation && event.conversation.state === 'waiting',
    );
    // Delivered once each, though both instances hear the channel.
    const bodies = shopperSocket.events.flatMap((event) => (event.type === 'message' ? [event.message.body] : []));
    expect(bodies).toEqual(['Hello from instance one', 'Hello from instance two']);
  });

  it("closes a shopper's socket on one instance when an operator signs them out everywhere on the other", async () => {
    const admin = await signedInOperator(first.app, first.clock, 'admin');
    const shopper = await createUserAndToken(first.app);
    const socket = await socketOn(second, shopper.token);
    // The other instance has just checked this session: only the published end can close it now.
    const signOut = await opsCall(
      first.app,
      'POST',
      `/customers/${shopper.user.id}/sign-out-everywhere`,
      admin.token,
      {},
    );
    expect(signOut.statusCode).toBe(200);
    expect((await socket.closed).code).toBe(4403);
  });
});
