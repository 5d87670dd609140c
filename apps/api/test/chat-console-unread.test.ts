import {
  type OpsChatUnread,
  type OpsChatWritten,
  type OpsConversation,
  operatorDisplayName,
  type ShopperChat,
} from '@gvm/contract';
import { describe, expect, it } from 'vitest';
import { chatAppForFile, newClientId, shopperCall, shopperSend } from './support/chat';
import { auditRowsOf, signedInOperator } from './support/inbox';
import { opsCall } from './support/operators';
import { createUserAndToken } from './support/users';

// No auto-assignment: every conversation here starts unassigned.
const ctx = chatAppForFile({ chatAutoAssignLimit: 0 });
const newConversation = (body?: string) => ctx.newConversation('Grace Hopper', body);

const unreadOf = async (token: string) =>
  (await opsCall(ctx.app, 'GET', '/chat/unread', token)).json<OpsChatUnread>().conversations;

describe("the menu's unread count", () => {
  it('counts unresolved conversations with unread shopper messages, and the socket says when it changes', async () => {
    const support = await signedInOperator(ctx.app, ctx.clock, 'support');
    const socket = await ctx.socketFor(support.token);
    const before = await unreadOf(support.token);

    const first = await newConversation('Where is my gift?');
    await socket.next('state', (event) => event.conversation.id === first.conversationId);
    const second = await newConversation('My code does not work');
    await shopperSend(ctx.app, second.shopper.token, 'Hello?');
    expect(await unreadOf(support.token)).toBe(before + 2);

    const opened = (
      await opsCall(ctx.app, 'GET', `/chat/conversations/${first.conversationId}`, support.token)
    ).json<OpsConversation>();
    const lastId = opened.messages.at(-1)?.id;
    await opsCall(ctx.app, 'POST', `/chat/conversations/${first.conversationId}/read`, support.token, {
      lastReadId: lastId,
    });
    await socket.next('read', (event) => event.conversationId === first.conversationId);
    expect(await unreadOf(support.token)).toBe(before + 1);

    await opsCall(ctx.app, 'POST', `/chat/conversations/${second.conversationId}/resolve`, support.token);
    expect(await unreadOf(support.token)).toBe(before);

    await shopperSend(ctx.app, first.shopper.token, 'Still waiting');
    expect(await unreadOf(support.token)).toBe(before + 1);
  });

  it('is for operators with chat only: 403 for finance and for a shopper, 401 without a token', async () => {
    const finance = await signedInOperator(ctx.app, ctx.clock, 'finance');
    const shopper = await createUserAndToken(ctx.app);
    expect((await opsCall(ctx.app, 'GET', '/chat/unread', finance.token)).statusCode).toBe(403);
    expect((await opsCall(ctx.app, 'GET', '/chat/unread', shopper.token)).statusCode).toBe(403);
    expect((await opsCall(ctx.app, 'GET', '/chat/unread', null)).statusCode).toBe(401);
  });
});

describe('a reply to an unassigned conversation', () => {
  it("assigns it to the operator who replied, audited as an assignment, once; a colleague's later reply leaves it", async () => {
    const support = await signedInOperator(ctx.app, ctx.clock, 'support');
    const colleague = await signedInOperator(ctx.app, ctx.clock, 'support');
    const { conversationId } = await newConversation();
    const write = (token: string, kind: 'replies' | 'notes', body: string) =>
      opsCall(ctx.app, 'POST', `/chat/conversations/${conversationId}/${kind}`, token, {
        body,
        clientId: newClientId(),
      });

    const note = await write(colleague.token, 'notes', 'Looking at their order');
    expect(note.json<OpsChatWritten>().conversation.assignedTo).toBeNull();

    const reply = await write(support.token, 'replies', 'On it');
    expect(reply.statusCode).toBe(201);
    expect(reply.json<OpsChatWritten>().conversation.assignedTo).toEqual({
      id: support.id,
      email: support.email,
      displayName: operatorDisplayName(support.email),
    });
    const later = await write(colleague.token, 'replies', 'Found it');
    expect(later.json<OpsChatWritten>().conversation.assignedTo?.id).toBe(support.id);

    const assignments = (await auditRowsOf(ctx.app, conversationId)).filter((row) => row.action === 'chat.assign');
    expect(assignments).toHaveLength(1);
    expect(assignments[0]).toMatchObject({
      operatorId: support.id,
      before: { assignedTo: null },
      after: { assignedTo: support.id },
    });
  });

  it("shows the shopper who replied by the operator's display name, never their e-mail", async () => {
    const support = await signedInOperator(ctx.app, ctx.clock, 'support');
    const { shopper, conversationId } = await newConversation();
    await opsCall(ctx.app, 'POST', `/chat/conversations/${conversationId}/replies`, support.token, {
      body: 'Hello Grace',
      clientId: newClientId(),
    });
    const chat = await shopperCall(ctx.app, 'GET', '', shopper.token);
    const messages = chat.json<ShopperChat>().messages;
    expect(messages.map((message) => [message.author, message.authorName])).toEqual([
      ['shopper', null],
      ['support', operatorDisplayName(support.email)],
    ]);
    expect(chat.body).not.toContain(support.email);
    expect(operatorDisplayName(support.email)).toBe('Support');
    expect(operatorDisplayName('jane.doe@ugm.example')).toBe('Jane');
  });
});
