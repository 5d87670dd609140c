import { OpsConsole } from '@console/app/console';
import { fakeEndpoint, installFakeApi, type Routes } from '@console/test/fake-api';
import { endOpsSession, startOpsSession } from '@console/test/ops-session';
import { renderRoutes } from '@console/test/render-routes';
import { type OperatorRole, opsEndpoints, roleCapabilities } from '@gvm/contract/ops';
import { type CustomerPage, type OpsVoucherPage, opsCustomerEndpoints } from '@gvm/contract/ops-customers';
import {
  type CannedReply,
  type OpsChatMessage,
  type OpsConversation,
  type OpsConversationSummary,
  opsChatEndpoints,
} from '@gvm/contract/support-chat';
import { chatOperatorCopy } from '@gvm/contract/support-chat-text';
import { type FakeWebSocket, installFakeWebSocket } from '@gvm/web-lib/test/fake-websocket';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const OPERATOR_ID = '33333333-3333-4333-8333-333333333333';
const OTHER_OPERATOR_ID = '44444444-4444-4444-8444-444444444444';
const CONVERSATION_ID = 'c0000000-0000-4000-8000-000000000001';
const SHOPPER_ID = 'a0000000-0000-4000-8000-000000000001';
const VOUCHER_ID = 'b0000000-0000-4000-8000-000000000001';
const LAZY_PAGE = { timeout: 5000 };

let restoreApi = () => {};
let sockets: FakeWebSocket[] = [];
let restoreSockets = () => {};
beforeEach(() => {
  const fake = installFakeWebSocket();
  sockets = fake.sockets;
  restoreSockets = fake.restore;
});
afterEach(() => {
  restoreApi();
  restoreSockets();
  endOpsSession();
});

function summary(overrides: Partial<OpsConversationSummary> = {}): OpsConversationSummary {
  return {
    id: CONVERSATION_ID,
    shopper: { id: SHOPPER_ID, email: 'ada@example.com', name: 'Ada Lovelace', firstName: 'Ada' },
    state: 'open',
    assignedTo: null,
    unread: 1,
    lastReadId: '1',
    lastMessage: { kind: 'shopper', excerpt: 'My gift never arrived', createdAt: '2026-11-27T10:05:00.000Z' },
    satisfaction: null,
    lastActivityAt: '2026-11-27T10:05:00.000Z',
    createdAt: '2026-11-27T10:00:00.000Z',
    resolvedAt: null,
    ...overrides,
  };
}

function chatMessage(id: number, kind: OpsChatMessage['kind'], body: string): OpsChatMessage {
  return {
    id: String(id),
    conversationId: CONVERSATION_ID,
    kind,
    operator: kind === 'shopper' ? null : { id: OPERATOR_ID, email: 'support@ugm.example', displayName: 'Support' },
    body,
    clientId: `client-${id}-abc`,
    createdAt: '2026-11-27T10:00:00.000Z',
  };
}

const customer: CustomerPage = {
  profile: {
    id: SHOPPER_ID,
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    username: 'ada1234567',
    phoneNumber: null,
    createdAt: '2026-11-01T09:00:00.000Z',
    emailVerifiedAt: '2026-11-01T09:05:00.000Z',
    lastSignInAt: '2026-11-27T09:00:00.000Z',
    googleLinked: false,
    disabled: false,
    disabledAt: null,
  },
  sessions: [],
  knownAddresses: 1,
  vouchers: [],
  giftsSent: [
    {
      voucherId: VOUCHER_ID,
      merchantName: 'Argos',
      value: 2500,
      currency: 'GBP',
      senderEmail: 'ada@example.com',
      recipientName: 'Grace',
      recipientEmail: 'grace@exmaple.com',
      delivery: 'emailed',
      sendAt: '2026-11-26T10:00:00.000Z',
      emailedAt: '2026-11-26T10:00:00.000Z',
      claimedAt: null,
    },
  ],
  giftsReceived: [],
  wallets: [],
  messages: [],
};

const voucherPage: OpsVoucherPage = {
  voucher: {
    id: VOUCHER_ID,
    merchantName: 'Argos',
    productCode: 'ARG-25',
    value: 2500,
    currency: 'GBP',
    state: 'active',
    codeLast4: '1234',
    buyer: { id: SHOPPER_ID, email: 'ada@example.com' },
    holder: { id: SHOPPER_ID, email: 'ada@example.com' },
    checkoutSessionId: null,
    isGift: true,
    createdAt: '2026-11-26T10:00:00.000Z',
  },
  supplier: { supplier: 'simulator', reference: 'sim_ref', request: null },
  gift: customer.giftsSent[0] ?? null,
  timeline: [],
};

const greeting: CannedReply = {
  id: 'd0000000-0000-4000-8000-000000000001',
  name: 'greeting',
  body: 'Hi {firstName}, thanks for waiting.',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

/** The console's chat as the server holds it, for an operator of `role`. */
function serve(role: OperatorRole, extra: Routes = {}) {
  startOpsSession();
  const held: { conversation: OpsConversation; canned: CannedReply[] } = {
    conversation: {
      ...summary(),
      messages: [chatMessage(1, 'shopper', 'My gift never arrived'), chatMessage(2, 'note', 'Checking the gift log')],
      hasMore: false,
    },
    canned: [greeting],
  };
  const settle = (change: Partial<OpsConversationSummary>) => {
    held.conversation = { ...held.conversation, ...change };
    const { messages: _messages, hasMore: _hasMore, ...rest } = held.conversation;
    return rest;
  };
  const fake = installFakeApi({
    ...fakeEndpoint(opsEndpoints.socketTicket, () => ({
      status: 200,
      body: { ticket: 'ticket-1', expiresAt: '2026-11-27T10:01:00.000Z' },
    })),
    ...fakeEndpoint(opsEndpoints.me, () => ({
      status: 200,
      body: { id: OPERATOR_ID, email: `${role}@ugm.example`, role, capabilities: [...roleCapabilities[role]] },
    })),
    ...fakeEndpoint(opsChatEndpoints.conversations, () => ({
      status: 200,
      body: {
        conversations: [
          settle({}),
          summary({
            id: 'c0000000-0000-4000-8000-000000000002',
            shopper: { id: 'u2', email: 'grace@example.com', name: 'Grace Hopper', firstName: 'Grace' },
            state: 'waiting',
            unread: 0,
            lastActivityAt: '2026-11-27T09:00:00.000Z',
          }),
        ],
      },
    })),
    ...fakeEndpoint(opsChatEndpoints.conversation, () => ({ status: 200, body: held.conversation })),
    ...fakeEndpoint(opsChatEndpoints.markRead, ({ body }) => ({
      status: 200,
      body: settle({ lastReadId: body.lastReadId, unread: 0 }),
    })),
    ...fakeEndpoint(opsChatEndpoints.assignees, () => ({
      status: 200,
      body: {
        operators: [
          {
            id: OPERATOR_ID,
            email: `${role}@ugm.example`,
            displayName: 'Support',
            online: true,
            activeConversations: 1,
          },
          {
            id: OTHER_OPERATOR_ID,
            email: 'helen@ugm.example',
            displayName: 'Helen',
            online: false,
            activeConversations: 3,
          },
        ],
      },
    })),
    ...fakeEndpoint(opsChatEndpoints.assign, ({ body }) => ({
      status: 200,
      body: settle({
        assignedTo: body.operatorId
          ? {
              id: body.operatorId,
              email: body.operatorId === OPERATOR_ID ? `${role}@ugm.example` : 'helen@ugm.example',
              displayName: body.operatorId === OPERATOR_ID ? 'Support' : 'Helen',
            }
          : null,
      }),
    })),
    ...fakeEndpoint(opsChatEndpoints.resolve, () => ({
      status: 200,
      body: settle({ state: 'resolved', resolvedAt: '2026-11-27T11:00:00.000Z' }),
    })),
    ...fakeEndpoint(opsChatEndpoints.reply, ({ body }) => {
      const message = { ...chatMessage(10, 'operator', body.body), clientId: body.clientId };
      held.conversation = { ...held.conversation, messages: [...held.conversation.messages, message] };
      return { status: 201, body: { message, conversation: settle({}) } };
    }),
    ...fakeEndpoint(opsChatEndpoints.note, ({ body }) => {
      const message = { ...chatMessage(11, 'note', body.body), clientId: body.clientId };
      held.conversation = { ...held.conversation, messages: [...held.conversation.messages, message] };
      return { status: 201, body: { message, conversation: settle({}) } };
    }),
    ...fakeEndpoint(opsChatEndpoints.cannedReplies, () => ({ status: 200, body: { cannedReplies: held.canned } })),
    ...fakeEndpoint(opsChatEndpoints.createCannedReply, ({ body }) => {
      const created = { id: 'd0000000-0000-4000-8000-000000000002', ...body, updatedAt: '2026-11-27T11:00:00.000Z' };
      held.canned = [...held.canned, created];
      return { status: 201, body: created };
    }),
    ...fakeEndpoint(opsCustomerEndpoints.customer, () => ({ status: 200, body: customer })),
    ...fakeEndpoint(opsCustomerEndpoints.voucher, () => ({ status: 200, body: voucherPage })),
    ...extra,
  });
  restoreApi = fake.restore;
  return { held, requests: fake.requests };
}

const renderConsole = (path: string) => renderRoutes([{ path: '/ops/*', Component: OpsConsole }], path);

const posts = (requests: { method: string; path: string; body: unknown }[], path: string) =>
  requests.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

describe("the menu's unread count (docs/product/support-chat.md#the-console)", () => {
  it('shows how many conversations wait unread on every page, and reads it again when the socket says something changed', async () => {
    let unread = 2;
    const { requests } = serve('support', {
      ...fakeEndpoint(opsChatEndpoints.unread, () => ({ status: 200, body: { conversations: unread } })),
    });
    renderConsole('/ops/customers');
    const menu = await screen.findByRole('navigation', { name: 'Console' }, LAZY_PAGE);
    expect(await within(menu).findByRole('link', { name: 'Chat (2 unread)' })).toBeInTheDocument();
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0] as FakeWebSocket;
    socket.accept();
    socket.push({ type: 'ready', party: 'operator', operatorsOnline: true, expiresAt: '2026-11-27T18:00:00.000Z' });
    unread = 0;
    socket.push({ type: 'read', conversationId: CONVERSATION_ID, party: 'operator', lastReadId: '2' });
    expect(await within(menu).findByRole('link', { name: 'Chat' })).toBeInTheDocument();
    // Read once, then only on the socket's events: no timer asks again.
    const asked = requests.filter((request) => request.path === '/ops/chat/unread').length;
    expect(asked).toBeGreaterThanOrEqual(2);
    expect(asked).toBeLessThanOrEqual(3);
  });
});

describe('the console’s Chat page (docs/product/support-chat.md#the-console)', () => {
  it('lists conversations newest activity first with their state, assignee and unread count', async () => {
    serve('support');
    renderConsole('/ops/chat');
    const table = await screen.findByRole('table', { name: 'Conversations, newest activity first' }, LAZY_PAGE);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Ada Lovelaceada@example.com', 'Open', 'Nobody', '1', 'My gift never arrived', expect.any(String)],
      [
        'Grace Hoppergrace@example.com',
        'Waiting on customer',
        'Nobody',
        '0',
        'My gift never arrived',
        expect.any(String),
      ],
    ]);
    // A support operator reads canned replies but does not write them.
    expect(screen.queryByRole('link', { name: 'Canned replies' })).not.toBeInTheDocument();
  });

  it('shows a conversation with its notes and the customer’s page beside it, and marks it read', async () => {
    const { requests } = serve('support');
    renderConsole(`/ops/chat/${CONVERSATION_ID}`);
    const messages = await screen.findByRole('list', { name: 'Messages' }, LAZY_PAGE);
    const items = within(messages).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Ada Lovelace (Customer) ·');
    expect(items[0]).toHaveTextContent('My gift never arrived');
    expect(items[1]).toHaveTextContent('Internal note · Support (support@ugm.example) ·');
    expect(items[0]?.querySelector('time')).toHaveAttribute('dateTime', '2026-11-27T10:00:00.000Z');
    const aside = screen.getByRole('complementary', { name: 'Customer' });
    expect(await within(aside).findByRole('heading', { name: 'ada@example.com' })).toBeInTheDocument();
    await waitFor(() =>
      expect(posts(requests, `/ops/chat/conversations/${CONVERSATION_ID}/read`)).toEqual([{ lastReadId: '2' }]),
    );
  });

  it("inserts a canned reply with '/' and its name, filling in the first name, and sends the reply; notes go as notes", async () => {
    const { requests } = serve('support');
    renderConsole(`/ops/chat/${CONVERSATION_ID}`);
    const field = await screen.findByRole('textbox', { name: 'Reply' }, LAZY_PAGE);
    const user = userEvent.setup();
    await user.type(field, '/gre');
    await user.click(await screen.findByRole('button', { name: '/greeting' }));
    expect(field).toHaveValue('Hi Ada, thanks for waiting.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const messages = screen.getByRole('list', { name: 'Messages' });
    expect(await within(messages).findByText('Hi Ada, thanks for waiting.')).toBeInTheDocument();
    expect(field).toHaveValue('');
    await user.type(field, 'Gift log says bounced');
    await user.click(screen.getByRole('button', { name: 'Internal note' }));
    expect(await within(messages).findByText('Gift log says bounced')).toBeInTheDocument();
    const replies = posts(requests, `/ops/chat/conversations/${CONVERSATION_ID}/replies`);
    const notes = posts(requests, `/ops/chat/conversations/${CONVERSATION_ID}/notes`);
    expect(replies).toEqual([{ body: 'Hi Ada, thanks for waiting.', clientId: expect.any(String) }]);
    expect(notes).toEqual([{ body: 'Gift log says bounced', clientId: expect.any(String) }]);
  });

  it("'Assign to me', assign to another operator and 'Resolve'", async () => {
    const { requests } = serve('support');
    renderConsole(`/ops/chat/${CONVERSATION_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assign to me' }, LAZY_PAGE));
    expect(await screen.findByText(/assigned to Support \(support@ugm\.example\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();
    await screen.findByRole('option', { name: /helen@ugm\.example/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assign to' }), OTHER_OPERATOR_ID);
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText(/assigned to Helen \(helen@ugm\.example\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText(/^Resolved ·/)).toBeInTheDocument();
    expect(posts(requests, `/ops/chat/conversations/${CONVERSATION_ID}/assign`)).toEqual([
      { operatorId: OPERATOR_ID },
      { operatorId: OTHER_OPERATOR_ID },
    ]);
    expect(posts(requests, `/ops/chat/conversations/${CONVERSATION_ID}/resolve`)).toHaveLength(1);
  });

  it('opens a gift from the customer’s page beside the conversation, where it can be resent', async () => {
    serve('support');
    renderConsole(`/ops/chat/${CONVERSATION_ID}`);
    const aside = await screen.findByRole('complementary', { name: 'Customer' }, LAZY_PAGE);
    const gift = await within(aside).findByRole('link', { name: /Argos/ });
    expect(gift).toHaveAttribute('href', `/ops/chat/${CONVERSATION_ID}/vouchers/${VOUCHER_ID}`);
    await userEvent.click(gift);
    expect(await within(aside).findByRole('button', { name: 'Resend gift e-mail' })).toBeInTheDocument();
    // The conversation stays in view.
    expect(screen.getByRole('textbox', { name: 'Reply' })).toBeInTheDocument();
  });

  it('takes messages and typing from the socket, each message once, after authenticating with a ticket for the session', async () => {
    serve('support');
    renderConsole(`/ops/chat/${CONVERSATION_ID}`);
    const messages = await screen.findByRole('list', { name: 'Messages' }, LAZY_PAGE);
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0] as FakeWebSocket;
    socket.accept();
    await waitFor(() => expect(socket.sent).toEqual([{ type: 'auth', token: 'ticket-1' }]));
    socket.push({ type: 'ready', party: 'operator', operatorsOnline: true, expiresAt: '2026-11-27T18:00:00.000Z' });
    socket.push({ type: 'typing', conversationId: CONVERSATION_ID, party: 'shopper' });
    expect(screen.getByText(chatOperatorCopy.shopperTyping)).toBeInTheDocument();
    const reply = chatMessage(5, 'shopper', 'Any news?');
    socket.push({ type: 'message', message: reply });
    socket.push({ type: 'message', message: reply });
    await waitFor(() => expect(within(messages).getAllByText('Any news?')).toHaveLength(1));
    expect(screen.queryByText(chatOperatorCopy.shopperTyping)).not.toBeInTheDocument();
  });

  it('tells the shopper the operator is typing from the first key after the socket is ready', async () => {
    serve('support');
    renderConsole(`/ops/chat/${CONVERSATION_ID}`);
    const user = userEvent.setup();
    const reply = await screen.findByRole('textbox', { name: 'Reply' }, LAZY_PAGE);
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0] as FakeWebSocket;
    // Typed while the socket is still connecting: the typing event is dropped, not queued.
    await user.type(reply, 'Hel');
    socket.accept();
    await waitFor(() => expect(socket.sent).toEqual([{ type: 'auth', token: 'ticket-1' }]));
    socket.push({
      type: 'ready',
      party: 'operator',
      operatorsOnline: true,
      expiresAt: new Date(Date.now() + 900_000).toISOString(),
    });
    await user.type(reply, 'lo');
    expect(socket.sent).toEqual([
      { type: 'auth', token: 'ticket-1' },
      { type: 'typing', conversationId: CONVERSATION_ID },
    ]);
  });

  it('reconnects after a drop and catches up the open conversation, showing nothing twice', async () => {
    const { held } = serve('support');
    renderConsole(`/ops/chat/${CONVERSATION_ID}`);
    const messages = await screen.findByRole('list', { name: 'Messages' }, LAZY_PAGE);
    await waitFor(() => expect(sockets).toHaveLength(1));
    (sockets[0] as FakeWebSocket).accept();
    (sockets[0] as FakeWebSocket).drop();
    // While it was away the customer wrote again.
    held.conversation = {
      ...held.conversation,
      messages: [...held.conversation.messages, chatMessage(6, 'shopper', 'Hello again?')],
    };
    await waitFor(() => expect(sockets).toHaveLength(2), { timeout: 3000 });
    const second = sockets[1] as FakeWebSocket;
    second.accept();
    await waitFor(() => expect(second.sent).toEqual([{ type: 'auth', token: 'ticket-1' }]));
    second.push({ type: 'ready', party: 'operator', operatorsOnline: true, expiresAt: '2026-11-27T18:00:00.000Z' });
    expect(await within(messages).findByText('Hello again?')).toBeInTheDocument();
    expect(within(messages).getAllByRole('listitem')).toHaveLength(3);
  });

  it('lets an admin add a canned reply', async () => {
    const { requests } = serve('admin');
    renderConsole('/ops/chat');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Canned replies' }, LAZY_PAGE));
    const form = await screen.findByRole('form', { name: 'New canned reply' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'refund');
    await user.type(within(form).getByRole('textbox', { name: 'Text' }), 'Hi {{firstName}, your refund is on its way.');
    await user.click(within(form).getByRole('button', { name: 'Add canned reply' }));
    expect(await screen.findByRole('form', { name: 'Canned reply /refund' })).toBeInTheDocument();
    expect(posts(requests, '/ops/chat/canned-replies')).toEqual([
      { name: 'refund', body: 'Hi {firstName}, your refund is on its way.' },
    ]);
  });
});
