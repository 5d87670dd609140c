import type { OpsConversationList, SentShopperMessage, ShopperChat } from '@gvm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  type ChatSocket,
  type ListeningChatApp,
  openChatSocket,
  shopperCall,
  shopperSend,
  startChatApp,
} from './support/chat';
import { signedInOperator } from './support/inbox';
import { opsCall } from './support/operators';
import { createUserAndToken } from './support/users';

let ctx: ListeningChatApp;
beforeAll(async () => {
  ctx = await startChatApp();
});
afterAll(async () => {
  await ctx?.close();
});

const sockets: ChatSocket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.close();
});

describe('who may read and write a conversation', () => {
  it("gives a second shopper nothing of the first's: every id answers 404 or 403, and no event reaches them", async () => {
    const first = await createUserAndToken(ctx.app);
    const second = await createUserAndToken(ctx.app);
    const secondSocket = await openChatSocket(ctx.socketUrl, second.token);
    sockets.push(secondSocket);
    const sent = await shopperSend(ctx.app, first.token, 'My gift never arrived');
    expect(sent.statusCode).toBe(201);
    const { conversation, message } = sent.json<SentShopperMessage>();

    const own = await shopperCall(ctx.app, 'GET', '', second.token);
    expect(own.statusCode).toBe(200);
    expect(own.json<ShopperChat>()).toMatchObject({ conversation: null, messages: [] });
    const refused = [
      await shopperCall(ctx.app, 'POST', '/read', second.token, {
        conversationId: conversation.id,
        lastReadId: message.id,
      }),
      await shopperCall(ctx.app, 'POST', '/satisfaction', second.token, {
        conversationId: conversation.id,
        answer: 'no',
      }),
    ];
    for (const answer of refused) expect(answer.statusCode, answer.body).toBe(404);
    const consoleCalls = [
      opsCall(ctx.app, 'GET', '/chat/conversations', second.token),
      opsCall(ctx.app, 'GET', `/chat/conversations/${conversation.id}`, second.token),
      opsCall(ctx.app, 'POST', `/chat/conversations/${conversation.id}/replies`, second.token, {
        body: 'x',
        clientId: 'client-0001',
      }),
      opsCall(ctx.app, 'POST', `/chat/conversations/${conversation.id}/notes`, second.token, {
        body: 'x',
        clientId: 'client-0002',
      }),
      opsCall(ctx.app, 'POST', `/chat/conversations/${conversation.id}/read`, second.token, { lastReadId: message.id }),
      opsCall(ctx.app, 'POST', `/chat/conversations/${conversation.id}/resolve`, second.token),
      opsCall(ctx.app, 'POST', `/chat/conversations/${conversation.id}/assign`, second.token, { operatorId: null }),
    ];
    for (const answer of await Promise.all(consoleCalls)) expect(answer.statusCode, answer.body).toBe(403);

    // The second shopper's own message reaches their socket; the first's never did.
    await shopperSend(ctx.app, second.token, 'Hello from the second shopper');
    await secondSocket.next('message', (event) => 'author' in event.message);
    const bodies = secondSocket.events.flatMap((event) => (event.type === 'message' ? [event.message.body] : []));
    expect(bodies).toEqual(['Hello from the second shopper']);
  });

  it('answers 401 without a token, and a socket that never authenticates is closed with 4401', async () => {
    expect((await shopperCall(ctx.app, 'GET', '', null)).statusCode).toBe(401);
    expect((await shopperSend(ctx.app, 'not-a-token', 'Hi')).statusCode).toBe(401);
    const silent = await openChatSocket(ctx.socketUrl);
    expect((await silent.closed).code).toBe(4401);
    const wrong = await openChatSocket(ctx.socketUrl);
    wrong.send({ type: 'auth', token: 'not-a-token' });
    expect((await wrong.closed).code).toBe(4401);
    const early = await openChatSocket(ctx.socketUrl);
    early.send({ type: 'typing' });
    expect((await early.closed).code).toBe(4401);
  });

  it("refuses a handshake from another site's page (403 before upgrading), and takes the shop's own and clients without a page", async () => {
    // A browser always sends Origin on a WebSocket handshake; the tests' ws client sends none.
    const port = new URL(ctx.socketUrl).port;
    const handshake = (origin?: string) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(ctx.socketUrl, origin === undefined ? {} : { origin });
        socket.once('upgrade', (response) => {
          resolve(response.statusCode ?? 0);
          socket.close();
        });
        socket.once('unexpected-response', (_request, response) => {
          resolve(response.statusCode ?? 0);
          response.resume();
          socket.terminate();
        });
        socket.once('error', reject);
      });
    for (const origin of [
      'https://evil.example',
      'http://localhost:3000.evil.example',
      `http://127.0.0.1:${Number(port) + 1}`,
      'null',
      'not an origin',
    ]) {
      expect(await handshake(origin), origin).toBe(403);
    }
    // PUBLIC_URL's origin, the address the socket was asked at (a page this instance served), and none.
    for (const origin of ['http://localhost:3000', `http://127.0.0.1:${port}`, undefined]) {
      expect(await handshake(origin), String(origin)).toBe(101);
    }
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/support-chat/socket',
      headers: { origin: 'https://evil.example' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'The chat opens only from the shop’s own pages.' });

    const shopper = await createUserAndToken(ctx.app);
    const ready = await openChatSocket(ctx.socketUrl, shopper.token, { origin: 'http://localhost:3000' });
    sockets.push(ready);
    expect(ready.events[0]).toMatchObject({ type: 'ready', party: 'shopper' });
  });

  it('answers a plain GET of the socket address with 400', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/v1/support-chat/socket' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: 'This address takes a WebSocket connection (Upgrade: websocket).' });
  });

  it('lets support and admin use the console chat, refuses finance and partnerships, and lets only admins write canned replies', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const { conversation } = (await shopperSend(ctx.app, shopper.token, 'Help please')).json<SentShopperMessage>();
    for (const role of ['support', 'finance', 'partnerships', 'admin'] as const) {
      const operator = await signedInOperator(ctx.app, ctx.clock, role);
      const reads = [
        await opsCall(ctx.app, 'GET', '/chat/conversations', operator.token),
        await opsCall(ctx.app, 'GET', `/chat/conversations/${conversation.id}`, operator.token),
        await opsCall(ctx.app, 'GET', '/chat/assignees', operator.token),
        await opsCall(ctx.app, 'GET', '/chat/canned-replies', operator.token),
        await opsCall(ctx.app, 'POST', `/chat/conversations/${conversation.id}/notes`, operator.token, {
          body: `Note by ${role}`,
          clientId: `note-${role}-1`,
        }),
      ];
      const chat = role === 'support' || role === 'admin';
      for (const answer of reads) {
        if (chat) expect(answer.statusCode, `${role} ${answer.body}`).toBeLessThan(300);
        else expect(answer.statusCode, role).toBe(403);
      }
      const canned = await opsCall(ctx.app, 'POST', '/chat/canned-replies', operator.token, {
        name: `hello-${role}`,
        body: 'Hi {firstName}!',
      });
      expect(canned.statusCode, role).toBe(role === 'admin' ? 201 : 403);
      if (chat) {
        const list = await opsCall(ctx.app, 'GET', '/chat/conversations', operator.token);
        expect(list.json<OpsConversationList>().conversations.map((item) => item.id)).toContain(conversation.id);
      }
    }
  }, 60_000);
});
