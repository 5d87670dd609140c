import {
  type CannedReply,
  type CannedReplyList,
  type ChatAssigneeList,
  fillCannedReply,
  type OpsConversation,
  type OpsConversationList,
  type OpsConversationSummary,
  operatorDisplayName,
} from '@gvm/contract';
import { describe, expect, it } from 'vitest';
import { chatAppForFile, newClientId, shopperSend } from './support/chat';
import { auditRowsOf, signedInOperator } from './support/inbox';
import { opsCall } from './support/operators';

const ctx = chatAppForFile({ chatAutoAssignLimit: 2 });
const newConversation = (body?: string) => ctx.newConversation('Alan Turing', body);

const summaryOf = async (token: string, id: string) =>
  (await opsCall(ctx.app, 'GET', `/chat/conversations/${id}`, token)).json<OpsConversation>();

describe('assignment', () => {
  it('gives new conversations to the online operator with the fewest, at most the limit each, then leaves them unassigned', async () => {
    const operator = await signedInOperator(ctx.app, ctx.clock, 'support');
    const offline = await signedInOperator(ctx.app, ctx.clock, 'support');
    await ctx.socketFor(operator.token);
    const assigned = [];
    for (let index = 0; index < 3; index += 1) {
      const { conversationId } = await newConversation();
      assigned.push((await summaryOf(operator.token, conversationId)).assignedTo?.id ?? null);
    }
    expect(assigned).toEqual([operator.id, operator.id, null]);
    const assignees = (await opsCall(ctx.app, 'GET', '/chat/assignees', operator.token)).json<ChatAssigneeList>();
    expect(assignees.operators.find((item) => item.id === operator.id)).toMatchObject({
      online: true,
      activeConversations: 2,
    });
    expect(assignees.operators.find((item) => item.id === offline.id)).toMatchObject({
      online: false,
      activeConversations: 0,
    });
  });

  it('assigns to me, to another chat operator, or to nobody, audited; refuses an operator without chat with 422', async () => {
    const support = await signedInOperator(ctx.app, ctx.clock, 'support');
    const colleague = await signedInOperator(ctx.app, ctx.clock, 'support');
    const finance = await signedInOperator(ctx.app, ctx.clock, 'finance');
    const { conversationId } = await newConversation();
    const assign = (operatorId: string | null) =>
      opsCall(ctx.app, 'POST', `/chat/conversations/${conversationId}/assign`, support.token, { operatorId });
    await assign(null);
    const toMe = await assign(support.id);
    expect(toMe.json<OpsConversationSummary>().assignedTo).toEqual({
      id: support.id,
      email: support.email,
      displayName: operatorDisplayName(support.email),
    });
    expect((await assign(colleague.id)).json<OpsConversationSummary>().assignedTo?.id).toBe(colleague.id);
    const refused = await assign(finance.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: 'Conversations can be assigned only to an enabled operator who handles the chat.',
    });
    const rows = await auditRowsOf(ctx.app, conversationId);
    expect(rows.filter((row) => row.action === 'chat.assign').map((row) => row.after)).toEqual(
      expect.arrayContaining([{ assignedTo: support.id }, { assignedTo: colleague.id }]),
    );
  });
});

describe('the list', () => {
  it('lists newest activity first with unread counts, filtered by state and assignee', async () => {
    const support = await signedInOperator(ctx.app, ctx.clock, 'support');
    const older = await newConversation('Older');
    ctx.clock.advance(1000);
    const newer = await newConversation('Newer');
    ctx.clock.advance(1000);
    await shopperSend(ctx.app, older.shopper.token, 'Older, again');
    const list = (
      await opsCall(ctx.app, 'GET', '/chat/conversations?state=open', support.token)
    ).json<OpsConversationList>();
    const ids = list.conversations.map((item) => item.id);
    expect(ids.indexOf(older.conversationId)).toBeLessThan(ids.indexOf(newer.conversationId));
    expect(list.conversations.find((item) => item.id === older.conversationId)).toMatchObject({
      unread: 2,
      state: 'open',
      lastMessage: { kind: 'shopper', excerpt: 'Older, again' },
      shopper: { firstName: 'Alan' },
    });

    await opsCall(ctx.app, 'POST', `/chat/conversations/${newer.conversationId}/replies`, support.token, {
      body: 'On it',
      clientId: newClientId(),
    });
    const waiting = (
      await opsCall(ctx.app, 'GET', '/chat/conversations?state=waiting', support.token)
    ).json<OpsConversationList>();
    expect(waiting.conversations.map((item) => item.id)).toContain(newer.conversationId);
    expect(waiting.conversations.every((item) => item.state === 'waiting')).toBe(true);
    await opsCall(ctx.app, 'POST', `/chat/conversations/${newer.conversationId}/assign`, support.token, {
      operatorId: support.id,
    });
    const mine = (
      await opsCall(ctx.app, 'GET', '/chat/conversations?assigned=me', support.token)
    ).json<OpsConversationList>();
    expect(mine.conversations.map((item) => item.id)).toEqual([newer.conversationId]);

    const resolved = await opsCall(
      ctx.app,
      'POST',
      `/chat/conversations/${newer.conversationId}/resolve`,
      support.token,
    );
    expect(resolved.json<OpsConversationSummary>().state).toBe('resolved');
    expect(
      (await opsCall(ctx.app, 'POST', `/chat/conversations/${newer.conversationId}/resolve`, support.token)).statusCode,
    ).toBe(409);
    const reply = await opsCall(ctx.app, 'POST', `/chat/conversations/${newer.conversationId}/replies`, support.token, {
      body: 'Too late',
      clientId: newClientId(),
    });
    expect(reply.statusCode).toBe(409);
    const actions = (await auditRowsOf(ctx.app, newer.conversationId)).map((row) => row.action);
    expect(actions.sort()).toEqual(['chat.assign', 'chat.reply', 'chat.resolve']);
  });

  it('answers 404 for a conversation that does not exist', async () => {
    const support = await signedInOperator(ctx.app, ctx.clock, 'support');
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const answer of [
      await opsCall(ctx.app, 'GET', `/chat/conversations/${missing}`, support.token),
      await opsCall(ctx.app, 'POST', `/chat/conversations/${missing}/resolve`, support.token),
      await opsCall(ctx.app, 'POST', `/chat/conversations/${missing}/notes`, support.token, {
        body: 'x',
        clientId: newClientId(),
      }),
    ]) {
      expect(answer.statusCode).toBe(404);
    }
  });
});

describe('canned replies', () => {
  it('are written by admins, audited, unique by name, and fill {firstName} when inserted', async () => {
    const admin = await signedInOperator(ctx.app, ctx.clock, 'admin');
    const support = await signedInOperator(ctx.app, ctx.clock, 'support');
    const created = await opsCall(ctx.app, 'POST', '/chat/canned-replies', admin.token, {
      name: 'thanks',
      body: 'Thanks for waiting, {firstName}!',
    });
    expect(created.statusCode).toBe(201);
    const reply = created.json<CannedReply>();
    const taken = await opsCall(ctx.app, 'POST', '/chat/canned-replies', admin.token, { name: 'THANKS', body: 'x' });
    expect(taken.statusCode).toBe(409);
    const updated = await opsCall(ctx.app, 'PATCH', `/chat/canned-replies/${reply.id}`, admin.token, {
      body: 'Thank you for waiting, {firstName}.',
    });
    expect(updated.json<CannedReply>()).toMatchObject({ name: 'thanks', body: 'Thank you for waiting, {firstName}.' });
    expect(
      (await opsCall(ctx.app, 'PATCH', `/chat/canned-replies/${reply.id}`, support.token, { body: 'x' })).statusCode,
    ).toBe(403);

    const list = (await opsCall(ctx.app, 'GET', '/chat/canned-replies', support.token)).json<CannedReplyList>();
    const chosen = list.cannedReplies.find((item) => item.name === 'thanks');
    const { conversationId } = await newConversation();
    const conversation = await summaryOf(support.token, conversationId);
    expect(fillCannedReply(chosen?.body ?? '', { firstName: conversation.shopper.firstName })).toBe(
      'Thank you for waiting, Alan.',
    );

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/ops/chat/canned-replies/${reply.id}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(deleted.statusCode).toBe(204);
    const actions = (await auditRowsOf(ctx.app, reply.id)).map((row) => row.action);
    expect(actions.sort()).toEqual(['chat.canned.create', 'chat.canned.delete', 'chat.canned.update']);
  });
});
