import {
  CHAT_RATE_LIMITED_MESSAGE,
  type OpsChatWritten,
  type OpsConversation,
  type SentShopperMessage,
  type ShopperChat,
} from '@gvm/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatMessages } from '../src/db/schema';
import { chatAppForFile, newClientId, openChatSocket, shopperCall, shopperSend } from './support/chat';
import { signedInOperator } from './support/inbox';
import { mailsTo } from './support/mail';
import { opsCall } from './support/operators';
import { createUserAndToken } from './support/users';

const ctx = chatAppForFile({ chatAutoAssignLimit: 0 });
const socketFor = (token: string) => ctx.socketFor(token);

const reply = (token: string, conversationId: string, body: string, clientId = newClientId()) =>
  opsCall(ctx.app, 'POST', `/chat/conversations/${conversationId}/replies`, token, { body, clientId });

describe('sending', () => {
  it('stores 50 identical sends of one client id as one message', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const clientId = newClientId();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => shopperSend(ctx.app, shopper.token, 'Where is my voucher?', clientId)),
    );
    expect(answers.map((answer) => answer.statusCode).sort((a, b) => a - b)).toEqual([
      ...Array<number>(49).fill(200),
      201,
    ]);
    const ids = new Set(answers.map((answer) => answer.json<SentShopperMessage>().message.id));
    expect(ids.size).toBe(1);
    const stored = await ctx.app.db.select().from(chatMessages).where(eq(chatMessages.authorId, shopper.user.id));
    expect(stored).toHaveLength(1);
  });

  it("keeps each author's client ids apart: another party's id stores a new message of one's own", async () => {
    // A client id says "this is my retry"; it must not find a message someone else wrote.
    const shopper = await createUserAndToken(ctx.app);
    const support = await signedInOperator(ctx.app, ctx.clock, 'support');
    const admin = await signedInOperator(ctx.app, ctx.clock, 'admin');
    const first = await shopperSend(ctx.app, shopper.token, 'Hello?');
    const { conversation, message: question } = first.json<SentShopperMessage>();
    const path = `/chat/conversations/${conversation.id}`;
    const noteId = newClientId();
    const note = await opsCall(ctx.app, 'POST', `${path}/notes`, support.token, { body: 'VIP', clientId: noteId });
    expect(note.statusCode, note.body).toBe(201);

    // The shopper reusing the note's client id (it was a 500), and an operator reply reusing the
    // shopper's (it answered the shopper's message and stored nothing).
    const shopperReuse = await shopperSend(ctx.app, shopper.token, 'Anyone there?', noteId);
    expect(shopperReuse.statusCode, shopperReuse.body).toBe(201);
    expect(shopperReuse.json<SentShopperMessage>().message).toMatchObject({ body: 'Anyone there?' });
    const replyReuse = await reply(support.token, conversation.id, 'Yes, hello!', question.clientId);
    expect(replyReuse.statusCode, replyReuse.body).toBe(201);
    expect(replyReuse.json<OpsChatWritten>().message).toMatchObject({ body: 'Yes, hello!', kind: 'operator' });
    // Another operator, and the same operator's reply, reusing the note's id: each their own.
    const adminReuse = await reply(admin.token, conversation.id, 'Admin here.', noteId);
    expect(adminReuse.statusCode, adminReuse.body).toBe(201);
    const sameAuthorReply = await reply(support.token, conversation.id, 'A reply, not a note.', noteId);
    expect(sameAuthorReply.statusCode, sameAuthorReply.body).toBe(201);
    expect(sameAuthorReply.json<OpsChatWritten>().message).toMatchObject({ kind: 'operator' });

    // A retry is still a retry: the same author, kind and client id stores nothing new.
    const retried = await reply(support.token, conversation.id, 'Yes, hello!', question.clientId);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<OpsChatWritten>().message.id).toBe(replyReuse.json<OpsChatWritten>().message.id);
    const stored = await ctx.app.db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversation.id));
    expect(stored.map((row) => [row.authorKind, row.body]).sort()).toEqual(
      [
        ['note', 'VIP'],
        ['operator', 'A reply, not a note.'],
        ['operator', 'Admin here.'],
        ['operator', 'Yes, hello!'],
        ['shopper', 'Anyone there?'],
        ['shopper', 'Hello?'],
      ].sort(),
    );
  });

  it('limits a shopper to 20 messages a minute with a clear message, and lets them write again a minute later', async () => {
    const shopper = await createUserAndToken(ctx.app);
    for (let index = 1; index <= 20; index += 1) {
      expect((await shopperSend(ctx.app, shopper.token, `Message ${index}`)).statusCode).toBe(201);
    }
    const refused = await shopperSend(ctx.app, shopper.token, 'One too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: CHAT_RATE_LIMITED_MESSAGE });
    // Another shopper is not limited by this one.
    const other = await createUserAndToken(ctx.app);
    expect((await shopperSend(ctx.app, other.token, 'Hello')).statusCode).toBe(201);
    ctx.clock.advance(61_000);
    expect((await shopperSend(ctx.app, shopper.token, 'Back again')).statusCode).toBe(201);
  });

  it('refuses an empty message and one over 2,000 characters, and keeps markup as plain text', async () => {
    const shopper = await createUserAndToken(ctx.app);
    expect((await shopperSend(ctx.app, shopper.token, '   ')).json()).toMatchObject({
      error: 'Please write a message',
    });
    const long = await shopperSend(ctx.app, shopper.token, 'x'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: 'A message can be at most 2,000 characters' });
    expect((await shopperSend(ctx.app, shopper.token, 'x'.repeat(2000))).statusCode).toBe(201);
    const markup = '<img src=x onerror=alert(1)> <b>bold</b>';
    const stored = await shopperSend(ctx.app, shopper.token, markup);
    expect(stored.json<SentShopperMessage>().message.body).toBe(markup);
  });
});

describe('talking in real time', () => {
  it('delivers each side to the other, internal notes only to operators, typing and state too', async () => {
    const shopper = await createUserAndToken(ctx.app, { name: 'Ada Lovelace' });
    const operator = await signedInOperator(ctx.app, ctx.clock, 'support');
    const shopperSocket = await socketFor(shopper.token);
    const operatorSocket = await socketFor(operator.token);

    const { conversation } = (
      await shopperSend(ctx.app, shopper.token, 'My code says invalid')
    ).json<SentShopperMessage>();
    const arrived = await operatorSocket.next('message', (event) => event.message.body === 'My code says invalid');
    expect(arrived.message).toMatchObject({ kind: 'shopper', operator: null, conversationId: conversation.id });

    operatorSocket.send({ type: 'typing', conversationId: conversation.id });
    await shopperSocket.next(
      'typing',
      (event) => event.party === 'operator' && event.conversationId === conversation.id,
    );

    const answered = await reply(operator.token, conversation.id, 'Sorry about that, Ada. A new code is on its way.');
    expect(answered.statusCode).toBe(201);
    const received = await shopperSocket.next(
      'message',
      (event) => 'author' in event.message && event.message.author === 'support',
    );
    expect(received.message.body).toBe('Sorry about that, Ada. A new code is on its way.');
    expect(JSON.stringify(received)).not.toContain(operator.email);
    await shopperSocket.next(
      'state',
      (event) => event.conversation.state === 'waiting' && event.conversation.unread === 1,
    );

    const note = await opsCall(ctx.app, 'POST', `/chat/conversations/${conversation.id}/notes`, operator.token, {
      body: 'Checked the order: the code was reissued.',
      clientId: newClientId(),
    });
    expect(note.statusCode).toBe(201);
    await operatorSocket.next('message', (event) => 'kind' in event.message && event.message.kind === 'note');
    const shopperView = (await shopperCall(ctx.app, 'GET', '', shopper.token)).json<ShopperChat>();
    expect(shopperView.messages.map((message) => [message.author, message.body])).toEqual([
      ['shopper', 'My code says invalid'],
      ['support', 'Sorry about that, Ada. A new code is on its way.'],
    ]);
    expect(
      shopperSocket.events.some((event) => event.type === 'message' && event.message.body.startsWith('Checked')),
    ).toBe(false);

    const resolved = await opsCall(ctx.app, 'POST', `/chat/conversations/${conversation.id}/resolve`, operator.token);
    expect(resolved.statusCode).toBe(200);
    await shopperSocket.next('state', (event) => event.conversation.state === 'resolved');
    const answer = await shopperCall(ctx.app, 'POST', '/satisfaction', shopper.token, {
      conversationId: conversation.id,
      answer: 'yes',
    });
    expect(answer.json()).toMatchObject({ satisfaction: 'yes', state: 'resolved' });
    await operatorSocket.next('state', (event) => event.conversation.satisfaction === 'yes');
    const again = await shopperCall(ctx.app, 'POST', '/satisfaction', shopper.token, {
      conversationId: conversation.id,
      answer: 'no',
    });
    expect(again.statusCode).toBe(409);
    expect(
      (await opsCall(ctx.app, 'GET', `/chat/conversations/${conversation.id}`, operator.token)).json<OpsConversation>(),
    ).toMatchObject({ satisfaction: 'yes', state: 'resolved' });

    // Writing after resolution starts a new conversation.
    const next = (await shopperSend(ctx.app, shopper.token, 'One more thing')).json<SentShopperMessage>();
    expect(next.conversation.id).not.toBe(conversation.id);
    expect(next.conversation.state).toBe('open');
  });

  it('catches up from the last message id, showing nothing twice', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const operator = await signedInOperator(ctx.app, ctx.clock, 'support');
    const first = (await shopperSend(ctx.app, shopper.token, 'First')).json<SentShopperMessage>();
    const conversationId = first.conversation.id;
    await reply(operator.token, conversationId, 'Second');
    await shopperSend(ctx.app, shopper.token, 'Third');
    const missed = (await shopperCall(ctx.app, 'GET', `?after=${first.message.id}`, shopper.token)).json<ShopperChat>();
    expect(missed.messages.map((message) => message.body)).toEqual(['Second', 'Third']);
    const paged = (await shopperCall(ctx.app, 'GET', '?limit=2', shopper.token)).json<ShopperChat>();
    expect(paged.messages.map((message) => message.body)).toEqual(['First', 'Second']);
    expect(paged.hasMore).toBe(true);
    const rest = (
      await shopperCall(ctx.app, 'GET', `?after=${paged.messages[1]?.id}`, shopper.token)
    ).json<ShopperChat>();
    expect(rest).toMatchObject({ hasMore: false, messages: [{ body: 'Third' }] });
    const consoleView = (
      await opsCall(ctx.app, 'GET', `/chat/conversations/${conversationId}?after=${first.message.id}`, operator.token)
    ).json<OpsConversation>();
    expect(consoleView.messages.map((message) => message.body)).toEqual(['Second', 'Third']);
  });

  it('counts unread for each side and moves the read marks forward only', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const operator = await signedInOperator(ctx.app, ctx.clock, 'support');
    const sent = (await shopperSend(ctx.app, shopper.token, 'Hello?')).json<SentShopperMessage>();
    const id = sent.conversation.id;
    let summary = (await opsCall(ctx.app, 'GET', `/chat/conversations/${id}`, operator.token)).json<OpsConversation>();
    expect(summary.unread).toBe(1);
    summary = (
      await opsCall(ctx.app, 'POST', `/chat/conversations/${id}/read`, operator.token, { lastReadId: sent.message.id })
    ).json<OpsConversation>();
    expect(summary.unread).toBe(0);
    const written = (await reply(operator.token, id, 'Hi!')).json<OpsChatWritten>();
    const chat = (await shopperCall(ctx.app, 'GET', '', shopper.token)).json<ShopperChat>();
    expect(chat.conversation?.unread).toBe(1);
    const read = await shopperCall(ctx.app, 'POST', '/read', shopper.token, {
      conversationId: id,
      lastReadId: '999999999',
    });
    expect(read.json()).toMatchObject({ unread: 0, lastReadId: written.message.id });
    const back = await shopperCall(ctx.app, 'POST', '/read', shopper.token, { conversationId: id, lastReadId: '0' });
    expect(back.json()).toMatchObject({ lastReadId: written.message.id });
  });
});

describe('when the shopper is not watching', () => {
  it("e-mails support's reply with a link to the chat, once until it is read, and not while the shopper is connected", async () => {
    const shopper = await createUserAndToken(ctx.app, { name: 'Grace Hopper' });
    const operator = await signedInOperator(ctx.app, ctx.clock, 'support');
    const sent = (await shopperSend(ctx.app, shopper.token, 'Can I change the recipient?')).json<SentShopperMessage>();
    const id = sent.conversation.id;

    await reply(operator.token, id, 'Yes: open the gift and choose Change recipient.');
    let mails = await mailsTo(ctx.app, shopper.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Support replied to your chat with UGM Gift Marketplace');
    expect(mails[0]?.text).toContain('Hello Grace,');
    expect(mails[0]?.text).toContain('Yes: open the gift and choose Change recipient.');
    expect(mails[0]?.text).toContain('http://localhost:3000/wallet?chat=open');

    const second = (await reply(operator.token, id, 'Anything else?')).json<OpsChatWritten>();
    expect(await mailsTo(ctx.app, shopper.user.email)).toHaveLength(1);

    await shopperCall(ctx.app, 'POST', '/read', shopper.token, { conversationId: id, lastReadId: second.message.id });
    await reply(operator.token, id, 'Are you still there?');
    expect(await mailsTo(ctx.app, shopper.user.email)).toHaveLength(2);

    const socket = await socketFor(shopper.token);
    const chat = (await shopperCall(ctx.app, 'GET', '', shopper.token)).json<ShopperChat>();
    const last = chat.messages.at(-1)?.id ?? '0';
    await shopperCall(ctx.app, 'POST', '/read', shopper.token, { conversationId: id, lastReadId: last });
    await reply(operator.token, id, 'Glad to help while you are here.');
    await socket.next('message', (event) => event.message.body === 'Glad to help while you are here.');
    mails = await mailsTo(ctx.app, shopper.user.email);
    expect(mails).toHaveLength(2);
  });

  it('tells the shopper whether support is online, and when that changes', async () => {
    // Earlier tests' sockets close first, so no operator is connected.
    await ctx.closeSockets();
    const shopper = await createUserAndToken(ctx.app);
    await expect
      .poll(async () => (await shopperCall(ctx.app, 'GET', '', shopper.token)).json<ShopperChat>().operatorsOnline)
      .toBe(false);
    const socket = await socketFor(shopper.token);
    expect(socket.events[0]).toMatchObject({ type: 'ready', party: 'shopper', operatorsOnline: false });
    const operator = await signedInOperator(ctx.app, ctx.clock, 'support');
    const operatorSocket = await openChatSocket(ctx.socketUrl, operator.token);
    await socket.next('presence', (event) => event.operatorsOnline);
    expect((await shopperCall(ctx.app, 'GET', '', shopper.token)).json<ShopperChat>().operatorsOnline).toBe(true);
    operatorSocket.close();
    await operatorSocket.closed;
    await socket.next('presence', (event) => !event.operatorsOnline);
  });
});
