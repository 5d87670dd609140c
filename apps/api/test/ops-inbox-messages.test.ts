import { randomUUID } from 'node:crypto';
import type { AssigneeList, MessageDetail, MessageList } from '@gvm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClockedTestContext, createClockedTestApp } from './support/app';
import { auditRowsOf, sendContactMessage, signedInOperator } from './support/inbox';
import { mailsTo } from './support/mail';
import { opsCall } from './support/operators';
import { createUserAndToken } from './support/users';

let ctx: ClockedTestContext;
beforeAll(async () => {
  ctx = await createClockedTestApp({ opsEmail: 'ops@ugm.test' });
});
afterAll(async () => {
  await ctx.close();
});

/** Each call a second after the last, so the thread's and the audit trail's order is the order of the calls. */
async function call(...args: Parameters<typeof opsCall> extends [unknown, ...infer Rest] ? Rest : never) {
  const answer = await opsCall(ctx.app, ...args);
  ctx.clock.advance(1000);
  return answer;
}

/** A reply as the console's form sends it: the text and the form's request id. */
const typedReply = (body: string) => ({ body, requestId: randomUUID() });

const signedIn = (role: Parameters<typeof signedInOperator>[2]) => signedInOperator(ctx.app, ctx.clock, role);
let sender = 0;
function contactMessage(message = 'My gift never arrived.\nCan you help?') {
  sender += 1;
  return { name: `Sam ${sender}`, email: `sender-${sender}@example.com`, message };
}

describe('the messages inbox: who may use it', () => {
  it('lets support and admin use every messages endpoint, and refuses finance and partnerships with 403', async () => {
    for (const role of ['support', 'finance', 'partnerships', 'admin'] as const) {
      const operator = await signedIn(role);
      const messageId = await sendContactMessage(ctx.app, contactMessage());
      const calls = [
        () => call('GET', '/messages', operator.token),
        () => call('GET', '/messages/assignees', operator.token),
        () => call('GET', `/messages/${messageId}`, operator.token),
        () => call('POST', `/messages/${messageId}/replies`, operator.token, typedReply('Hello')),
        () => call('PATCH', `/messages/${messageId}`, operator.token, { assignedTo: operator.id }),
        () => call('PATCH', `/messages/${messageId}`, operator.token, { status: 'closed' }),
      ];
      const allowed = role === 'support' || role === 'admin';
      for (const call of calls) {
        const answer = await call();
        if (allowed) expect(answer.statusCode, `${role} ${answer.body}`).toBeLessThan(300);
        else expect(answer.statusCode, role).toBe(403);
      }
      if (!allowed) expect(await auditRowsOf(ctx.app, messageId)).toEqual([]);
    }
  }, 60_000);

  it('refuses a shopper token with 403 and no token with 401', async () => {
    const shopper = await createUserAndToken(ctx.app);
    const messageId = await sendContactMessage(ctx.app, contactMessage());
    expect((await call('GET', '/messages', shopper.token)).statusCode).toBe(403);
    expect((await call('POST', `/messages/${messageId}/replies`, shopper.token, typedReply('x'))).statusCode).toBe(403);
    expect((await call('GET', `/messages/${messageId}`, null)).statusCode).toBe(401);
  });
});

describe('replying to a contact message', () => {
  it('e-mails the sender the reply with their message quoted, and keeps the thread on the message', async () => {
    const support = await signedIn('support');
    const visitor = contactMessage('My voucher code does not work at the till.\nOrder 1234.');
    const messageId = await sendContactMessage(ctx.app, visitor);

    const answer = await call(
      'POST',
      `/messages/${messageId}/replies`,
      support.token,
      typedReply('Sorry about that! We have sent you a new code.'),
    );
    expect(answer.statusCode).toBe(201);
    const [reply] = await mailsTo(ctx.app, visitor.email);
    expect(reply?.subject).toBe('Re: your message to UGM Gift Marketplace');
    expect(reply?.text).toContain('Sorry about that! We have sent you a new code.');
    expect(reply?.text).toContain('> My voucher code does not work at the till.\n> Order 1234.');
    expect(reply?.html).toContain('<blockquote');
    expect(reply?.html).toContain('My voucher code does not work at the till.');

    const second = await call(
      'POST',
      `/messages/${messageId}/replies`,
      support.token,
      typedReply('Did the new code work?'),
    );
    expect(second.statusCode).toBe(201);
    const page = await call('GET', `/messages/${messageId}`, support.token);
    const detail = page.json<MessageDetail>();
    expect(detail.message).toBe(visitor.message);
    expect(detail.replies.map((entry) => [entry.body, entry.operator.email])).toEqual([
      ['Sorry about that! We have sent you a new code.', support.email],
      ['Did the new code work?', support.email],
    ]);
    const listed = (await call('GET', '/messages', support.token)).json<MessageList>();
    expect(listed.messages.find((message) => message.id === messageId)?.replies).toBe(2);

    const audit = await auditRowsOf(ctx.app, messageId);
    expect(audit.map((row) => [row.action, row.operatorId, row.role, row.targetType])).toEqual([
      ['message.reply', support.id, 'support', 'support-message'],
      ['message.reply', support.id, 'support', 'support-message'],
    ]);
    expect(audit[0]?.after).toMatchObject({ body: 'Sorry about that! We have sent you a new code.' });
  });

  it('sends one reply and one e-mail when the same reply arrives 50 times at once', async () => {
    const support = await signedIn('support');
    const visitor = contactMessage('Where is my refund?');
    const messageId = await sendContactMessage(ctx.app, visitor);
    const mailsBefore = (await mailsTo(ctx.app, visitor.email)).length;
    const pressed = typedReply('It is on its way.');

    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        opsCall(ctx.app, 'POST', `/messages/${messageId}/replies`, support.token, pressed),
      ),
    );

    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(201));
    const threads = answers.map((answer) => answer.json<MessageDetail>().replies.map((entry) => entry.id));
    expect(new Set(threads.map((ids) => ids.join())).size).toBe(1);
    expect(threads[0]).toHaveLength(1);
    expect(await mailsTo(ctx.app, visitor.email)).toHaveLength(mailsBefore + 1);
    expect((await auditRowsOf(ctx.app, messageId)).map((row) => row.action)).toEqual(['message.reply']);

    // Sent again later (a retry after a lost answer, the message closed meanwhile): still the one reply.
    await call('PATCH', `/messages/${messageId}`, support.token, { status: 'closed' });
    const retried = await call('POST', `/messages/${messageId}/replies`, support.token, pressed);
    expect(retried.statusCode).toBe(201);
    expect(retried.json<MessageDetail>().replies).toHaveLength(1);
    expect(await mailsTo(ctx.app, visitor.email)).toHaveLength(mailsBefore + 1);
  });

  it('refuses a request id used for another reply, and sends the same text again under a new one', async () => {
    const support = await signedIn('support');
    const admin = await signedIn('admin');
    const visitor = contactMessage();
    const messageId = await sendContactMessage(ctx.app, visitor);
    const otherId = await sendContactMessage(ctx.app, contactMessage());
    const mailsBefore = (await mailsTo(ctx.app, visitor.email)).length;
    const first = typedReply('Thank you!');
    expect((await call('POST', `/messages/${messageId}/replies`, support.token, first)).statusCode).toBe(201);

    const reused = [
      await call('POST', `/messages/${messageId}/replies`, support.token, { ...first, body: 'Thanks again!' }),
      await call('POST', `/messages/${messageId}/replies`, admin.token, first),
      await call('POST', `/messages/${otherId}/replies`, support.token, first),
    ];
    for (const answer of reused) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json<{ error: string }>().error).toBe(
        'This reply request was already used for a different reply. Please reload the message and send your reply again.',
      );
    }
    expect(await mailsTo(ctx.app, visitor.email)).toHaveLength(mailsBefore + 1);
    expect(await auditRowsOf(ctx.app, otherId)).toEqual([]);

    // The operator means to send the same words twice: the form makes a new id for the new reply.
    const again = await call('POST', `/messages/${messageId}/replies`, support.token, typedReply('Thank you!'));
    expect(again.json<MessageDetail>().replies.map((entry) => entry.body)).toEqual(['Thank you!', 'Thank you!']);
    expect(await mailsTo(ctx.app, visitor.email)).toHaveLength(mailsBefore + 2);
  });

  it('escapes the quoted message in the HTML part', async () => {
    const support = await signedIn('support');
    const visitor = contactMessage('<script>alert(1)</script> & more');
    const messageId = await sendContactMessage(ctx.app, visitor);
    await call('POST', `/messages/${messageId}/replies`, support.token, typedReply('Thanks <b>!</b>'));
    const [reply] = await mailsTo(ctx.app, visitor.email);
    expect(reply?.html).not.toContain('<script>');
    expect(reply?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(reply?.html).not.toContain('<b>!</b>');
  });

  it('refuses an empty reply with 400, a reply to a closed message with 409, and an unknown message with 404', async () => {
    const support = await signedIn('support');
    const visitor = contactMessage();
    const messageId = await sendContactMessage(ctx.app, visitor);
    const before = (await mailsTo(ctx.app, visitor.email)).length;

    const empty = await call('POST', `/messages/${messageId}/replies`, support.token, typedReply('   '));
    expect(empty.statusCode).toBe(400);
    const keyless = await call('POST', `/messages/${messageId}/replies`, support.token, { body: 'Hi' });
    expect(keyless.statusCode).toBe(400);
    await call('PATCH', `/messages/${messageId}`, support.token, { status: 'closed' });
    const closed = await call('POST', `/messages/${messageId}/replies`, support.token, typedReply('Hi'));
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ error: 'This message is closed. Reopen it to reply.' });
    const unknown = await opsCall(
      ctx.app,
      'POST',
      '/messages/00000000-0000-4000-8000-000000000000/replies',
      support.token,
      typedReply('Hi'),
    );
    expect(unknown.statusCode).toBe(404);

    expect(await mailsTo(ctx.app, visitor.email)).toHaveLength(before);
    expect((await auditRowsOf(ctx.app, messageId)).map((row) => row.action)).toEqual(['message.close']);
  });
});

describe('the inbox: open and closed, assigned', () => {
  it('closes and reopens a message, each change audited with before and after', async () => {
    const support = await signedIn('support');
    const messageId = await sendContactMessage(ctx.app, contactMessage());

    const closed = await call('PATCH', `/messages/${messageId}`, support.token, {
      status: 'closed',
      reason: 'answered by phone',
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json<MessageDetail>()).toMatchObject({ status: 'closed' });
    expect(closed.json<MessageDetail>().closedAt).not.toBeNull();
    const again = await call('PATCH', `/messages/${messageId}`, support.token, { status: 'closed' });
    expect(again.statusCode).toBe(200);
    const reopened = await call('PATCH', `/messages/${messageId}`, support.token, { status: 'open' });
    expect(reopened.json<MessageDetail>()).toMatchObject({ status: 'open', closedAt: null });

    const audit = await auditRowsOf(ctx.app, messageId);
    expect(audit.map((row) => [row.action, row.reason, row.before, row.after])).toEqual([
      ['message.close', 'answered by phone', { status: 'open' }, { status: 'closed' }],
      ['message.reopen', null, { status: 'closed' }, { status: 'open' }],
    ]);
  });

  it('assigns a message to me or to another messages operator, and not to one who cannot handle messages', async () => {
    const support = await signedIn('support');
    const colleague = await signedIn('admin');
    const finance = await signedIn('finance');
    const messageId = await sendContactMessage(ctx.app, contactMessage());

    const assignees = (await call('GET', '/messages/assignees', support.token)).json<AssigneeList>();
    const emails = assignees.operators.map((operator) => operator.email);
    expect(emails).toContain(support.email);
    expect(emails).toContain(colleague.email);
    expect(emails).not.toContain(finance.email);

    const mine = await call('PATCH', `/messages/${messageId}`, support.token, { assignedTo: support.id });
    expect(mine.json<MessageDetail>().assignedTo).toEqual({ id: support.id, email: support.email });
    const refused = await call('PATCH', `/messages/${messageId}`, support.token, {
      assignedTo: finance.id,
    });
    expect(refused.statusCode).toBe(422);
    const handed = await call('PATCH', `/messages/${messageId}`, support.token, {
      assignedTo: colleague.id,
    });
    expect(handed.json<MessageDetail>().assignedTo?.email).toBe(colleague.email);
    const unassigned = await call('PATCH', `/messages/${messageId}`, support.token, { assignedTo: null });
    expect(unassigned.json<MessageDetail>().assignedTo).toBeNull();

    const audit = await auditRowsOf(ctx.app, messageId);
    expect(audit.map((row) => [row.action, row.before, row.after])).toEqual([
      ['message.assign', { assignedTo: null }, { assignedTo: support.id }],
      ['message.assign', { assignedTo: support.id }, { assignedTo: colleague.id }],
      ['message.assign', { assignedTo: colleague.id }, { assignedTo: null }],
    ]);
  });

  it('filters the inbox by state and by assignee', async () => {
    const support = await signedIn('support');
    const open = await sendContactMessage(ctx.app, contactMessage('an open one'));
    const closed = await sendContactMessage(ctx.app, contactMessage('a closed one'));
    const mine = await sendContactMessage(ctx.app, contactMessage('one of mine'));
    await call('PATCH', `/messages/${closed}`, support.token, { status: 'closed' });
    await call('PATCH', `/messages/${mine}`, support.token, { assignedTo: support.id });

    const idsOf = async (query: string) =>
      (await call('GET', `/messages${query}`, support.token)).json<MessageList>().messages.map((message) => message.id);
    const openIds = await idsOf('?status=open');
    expect(openIds).toContain(open);
    expect(openIds).toContain(mine);
    expect(openIds).not.toContain(closed);
    expect(await idsOf('?status=closed')).toContain(closed);
    expect(await idsOf('?assigned=me')).toEqual([mine]);
    expect(await idsOf(`?assigned=${support.id}`)).toEqual([mine]);
    const unassigned = await idsOf('?assigned=unassigned');
    expect(unassigned).toContain(open);
    expect(unassigned).not.toContain(mine);
    expect((await call('GET', '/messages?status=spam', support.token)).statusCode).toBe(400);
  });
});
