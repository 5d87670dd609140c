import {
  type ChatWidget,
  type ShopperChatMessage,
  type ShopperConversation,
  supportChatEndpoints,
} from '@gvm/contract/support-chat';
import { chatShopperCopy as copy } from '@gvm/contract/support-chat-text';
import { type FakeWebSocket, installFakeWebSocket } from '@gvm/web-lib/test/fake-websocket';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearTokens, storeTokens } from '@/lib/auth/token-storage';
import { API_BASE_PATH, api } from '@/lib/http-client';
import { createQueryClient } from '@/lib/query-client';
import { type EndpointAnswer, epochSeconds, fakeAccessToken, fakeEndpoint, installFakeApi } from '@/test/fake-api';
import { signInAs, signOut, testUser } from '@/test/signed-in';
import { endShopperChat } from '../lib/shopper-chat-session';
import { SupportChat } from './support-chat';

/** The widget's chunk loads on its first render: on a busy machine that can take more than findBy's 5 seconds. */
const LAZY = { timeout: 15_000 };
const conversationId = 'c0000000-0000-4000-8000-000000000001';
const accessToken = fakeAccessToken({ exp: epochSeconds(900) });

function conversation(overrides: Partial<ShopperConversation> = {}): ShopperConversation {
  return {
    id: conversationId,
    state: 'open',
    unread: 0,
    lastReadId: '0',
    satisfaction: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    resolvedAt: null,
    ...overrides,
  };
}

function message(id: number, author: 'shopper' | 'support', body: string): ShopperChatMessage {
  return {
    id: String(id),
    conversationId,
    author,
    authorName: author === 'support' ? 'Support' : null,
    body,
    clientId: `client-${id}-abc`,
    createdAt: '2026-11-27T10:00:00.000Z',
  };
}

/**
 * The shopper's side of the chat as the server holds it: GET after an id, a send stored once per
 * client id, the read mark and the satisfaction answer. `sendAnswer` overrides a send's outcome.
 */
function serveChat(
  server: {
    conversation?: ShopperConversation | null;
    messages?: ShopperChatMessage[];
    operatorsOnline?: boolean;
    widget?: ChatWidget;
    sendAnswer?: () =>
      | EndpointAnswer<typeof supportChatEndpoints.send>
      | Promise<EndpointAnswer<typeof supportChatEndpoints.send> | undefined>
      | undefined;
  } = {},
) {
  const held = {
    conversation: server.conversation === undefined ? conversation() : server.conversation,
    messages: [...(server.messages ?? [])],
    operatorsOnline: server.operatorsOnline ?? true,
  };
  const fake = installFakeApi({
    ...fakeEndpoint(supportChatEndpoints.widget, () => ({
      status: 200,
      body: server.widget ?? ({ provider: 'built-in', conversation: held.conversation } as const),
    })),
    ...fakeEndpoint(supportChatEndpoints.get, () => {
      const after = Number(new URL(`http://x${reads.at(-1) ?? ''}`).searchParams.get('after') ?? 0);
      return {
        status: 200,
        body: {
          conversation: held.conversation,
          messages: held.messages.filter((stored) => Number(stored.id) > after),
          hasMore: false,
          operatorsOnline: held.operatorsOnline,
        },
      };
    }),
    ...fakeEndpoint(supportChatEndpoints.send, async ({ body }) => {
      const override = await server.sendAnswer?.();
      if (override) return override;
      const current = held.conversation ?? conversation();
      held.conversation = current;
      const again = held.messages.find((stored) => stored.clientId === body.clientId);
      if (again) return { status: 200, body: { message: again, conversation: current } };
      const stored = { ...message(held.messages.length + 100, 'shopper', body.body), clientId: body.clientId };
      held.messages.push(stored);
      return { status: 201, body: { message: stored, conversation: current } };
    }),
    ...fakeEndpoint(supportChatEndpoints.markRead, ({ body }) => {
      held.conversation = conversation({ ...held.conversation, lastReadId: body.lastReadId, unread: 0 });
      return { status: 200, body: held.conversation };
    }),
    ...fakeEndpoint(supportChatEndpoints.satisfaction, ({ body }) => {
      held.conversation = conversation({ ...held.conversation, satisfaction: body.answer });
      return { status: 200, body: held.conversation };
    }),
  });
  // The fake API records paths without their query: the reads' whole URLs are kept here.
  const reads: string[] = [];
  const transport = api.transport;
  api.transport = (url, init) => {
    if (url.startsWith(`${API_BASE_PATH}/support-chat?`) || url === `${API_BASE_PATH}/support-chat`) {
      reads.push(url.slice(API_BASE_PATH.length));
    }
    return transport(url, init);
  };
  restoreApi = () => {
    api.transport = transport;
    fake.restore();
  };
  return { held, requests: fake.requests, reads };
}

let restoreApi = () => {};
let sockets: FakeWebSocket[] = [];
let restoreSockets = () => {};

beforeEach(() => {
  const fake = installFakeWebSocket();
  sockets = fake.sockets;
  restoreSockets = fake.restore;
});

afterEach(() => {
  // Unmounted first, then the tab's conversation ended: the next test starts from nothing.
  cleanup();
  endShopperChat();
  restoreApi();
  restoreSockets();
  signOut();
});

function renderAt(path: string, { signedIn = true } = {}) {
  const queryClient = createQueryClient();
  if (signedIn) {
    storeTokens(accessToken, 'refresh-1');
    signInAs(queryClient, testUser());
  }
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <SupportChat />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

/** The socket the widget opened, accepted and authenticated as the server would. */
async function connect(index = 0, ready: { operatorsOnline?: boolean } = {}) {
  await waitFor(() => expect(sockets[index]).toBeDefined());
  const socket = sockets[index] as FakeWebSocket;
  expect(socket.url).toBe('ws://localhost:3000/api/v1/support-chat/socket');
  socket.accept();
  await waitFor(() => expect(socket.sent).toEqual([{ type: 'auth', token: accessToken }]));
  socket.push({
    type: 'ready',
    party: 'shopper',
    operatorsOnline: ready.operatorsOnline ?? true,
    expiresAt: new Date(Date.now() + 900_000).toISOString(),
  });
  return socket;
}

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^Chat with us/ }, LAZY));
  return screen.findByRole('dialog', { name: copy.panelTitle }, LAZY);
}

function messagesShown(dialog: HTMLElement) {
  return within(within(dialog).getByRole('list', { name: 'Conversation' }))
    .getAllByRole('listitem')
    .map((item) => {
      // Who wrote it and when come first; the message and its sending state follow.
      const author = item.querySelector('[data-chat-author]')?.textContent ?? '';
      const byline = item.firstElementChild?.textContent ?? '';
      return `${author}:${(item.textContent ?? '').slice(byline.length)}`;
    });
}

describe('who sees the chat (docs/product/support-chat.md#in-the-browser)', () => {
  // Which pages render it is app/support-chat-pages.test.tsx's: here, the widget a page renders.
  it('a guest never sees it, nor opens a socket or asks the API', async () => {
    const { requests } = serveChat();
    renderAt('/checkout', { signedIn: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /Chat with us/ })).not.toBeInTheDocument();
    expect(sockets).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('moving to another chat page keeps the conversation and its socket: the next launcher shows it at once', async () => {
    const { requests } = serveChat({ messages: [message(1, 'support', 'Hi Ada')] });
    const queryClient = createQueryClient();
    storeTokens(accessToken, 'refresh-1');
    signInAs(queryClient, testUser());
    const page = (path: string) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <SupportChat key={path} />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const { rerender } = render(page('/wallet'));
    expect(await screen.findByRole('button', { name: 'Chat with us (1 unread)' }, LAZY)).toBeInTheDocument();
    const socket = await connect();
    const asked = requests.length;
    rerender(page('/settings'));
    expect(screen.getByRole('button', { name: 'Chat with us (1 unread)' })).toBeInTheDocument();
    expect(sockets).toEqual([socket]);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    expect(requests).toHaveLength(asked);
  });
});

describe('what the launcher costs before it is used (decision 075)', () => {
  const paths = (requests: { method: string; path: string }[]) => requests.map((sent) => `${sent.method} ${sent.path}`);

  it('a shopper with nothing waiting: one request draws the launcher; the conversation and its socket start when the panel opens', async () => {
    const { requests } = serveChat({ conversation: null });
    const user = renderAt('/wallet');
    expect(await screen.findByRole('button', { name: 'Chat with us' }, LAZY)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(paths(requests)).toEqual(['GET /support-chat/widget']);
    expect(sockets).toEqual([]);

    await openPanel(user);
    await connect();
    await waitFor(() => expect(paths(requests)).toContain('GET /support-chat'));
  });

  it('an unread reply shows on the launcher from the one answer, and its conversation goes live (a message is waiting)', async () => {
    const { requests } = serveChat({
      conversation: conversation({ state: 'resolved', unread: 1, resolvedAt: '2026-11-27T11:00:00.000Z' }),
      messages: [message(1, 'support', 'Your gift is on its way')],
    });
    renderAt('/wallet');
    expect(await screen.findByRole('button', { name: 'Chat with us (1 unread)' }, LAZY)).toBeInTheDocument();
    await connect();
    expect(screen.getByRole('button', { name: 'Chat with us (1 unread)' })).toBeInTheDocument();
    expect(paths(requests)[0]).toBe('GET /support-chat/widget');
  });

  it('a resolved conversation, all read: no socket and no conversation asked for until the panel opens', async () => {
    const { requests } = serveChat({
      conversation: conversation({ state: 'resolved', unread: 0, resolvedAt: '2026-11-27T11:00:00.000Z' }),
    });
    renderAt('/account');
    expect(await screen.findByRole('button', { name: 'Chat with us' }, LAZY)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(paths(requests)).toEqual(['GET /support-chat/widget']);
    expect(sockets).toEqual([]);
  });
});

describe('the toasts and the launcher (docs/product/support-chat.md#in-the-browser)', () => {
  it('marks the page while the launcher shows, so the toasts stand above it (index.css)', async () => {
    serveChat();
    renderAt('/wallet');
    expect(await screen.findByRole('button', { name: 'Chat with us' }, LAZY)).toBeInTheDocument();
    expect(document.documentElement.hasAttribute('data-chat-launcher')).toBe(true);
    cleanup();
    expect(document.documentElement.hasAttribute('data-chat-launcher')).toBe(false);
  });
});

describe('who wrote each message, and when', () => {
  it("names the shopper's messages 'You' and support's by the operator's display name, each with its time; the field has a placeholder", async () => {
    serveChat({
      conversation: conversation({ lastReadId: '2' }),
      messages: [message(1, 'shopper', 'Hi'), { ...message(2, 'support', 'Hello Ada'), authorName: 'Jane' }],
    });
    const user = renderAt('/wallet');
    await connect();
    const dialog = await openPanel(user);
    await waitFor(() => expect(messagesShown(dialog)).toEqual(['You:Hi', 'Jane:Hello Ada']));
    const times = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('time'));
    expect(times.map((time) => time?.getAttribute('dateTime'))).toEqual([
      '2026-11-27T10:00:00.000Z',
      '2026-11-27T10:00:00.000Z',
    ]);
    expect(times.every((time) => /\d{2}:\d{2}/.test(time?.textContent ?? ''))).toBe(true);
    expect(within(dialog).getByRole('textbox', { name: copy.messageLabel })).toHaveAttribute(
      'placeholder',
      'Type your message',
    );
  });
});

describe('another shopper on the same browser', () => {
  const bobToken = fakeAccessToken({ sub: 'user-bob', exp: epochSeconds(900) });

  it("signing in as someone else drops the last shopper's conversation and socket; the new one sees only their own", async () => {
    const { held } = serveChat({
      conversation: conversation({ lastReadId: '1' }),
      messages: [message(1, 'shopper', 'My card number is on the voucher'), message(2, 'support', 'Thanks Ada')],
    });
    const user = renderAt('/wallet');
    const adaSocket = await connect();
    const dialog = await openPanel(user);
    await waitFor(() =>
      expect(messagesShown(dialog)).toEqual(['You:My card number is on the voucher', 'Support:Thanks Ada']),
    );

    // Bob signs in on this browser (here, or in another tab): the server now answers as Bob.
    held.conversation = conversation();
    held.messages = [message(5, 'support', 'Hello Bob')];
    act(() => storeTokens(bobToken, 'refresh-bob'));

    expect(adaSocket.readyState).toBe(WebSocket.CLOSED);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const launcher = await screen.findByRole('button', { name: copy.launcher }, LAZY);
    await waitFor(() => expect(sockets).toHaveLength(2));
    const bobSocket = sockets[1] as FakeWebSocket;
    bobSocket.accept();
    await waitFor(() => expect(bobSocket.sent).toEqual([{ type: 'auth', token: bobToken }]));
    await user.click(launcher);
    const bobDialog = await screen.findByRole('dialog', { name: copy.panelTitle }, LAZY);
    await waitFor(() => expect(messagesShown(bobDialog)).toEqual(['Support:Hello Bob']));
    expect(within(bobDialog).queryByText('My card number is on the voucher')).not.toBeInTheDocument();
  });

  it('signing out takes the launcher away and closes the socket at once', async () => {
    serveChat({ messages: [message(1, 'support', 'Hello Ada')] });
    renderAt('/wallet');
    const socket = await connect();
    expect(await screen.findByRole('button', { name: /^Chat with us/ }, LAZY)).toBeInTheDocument();
    act(() => {
      clearTokens();
      signOut();
    });
    expect(screen.queryByRole('button', { name: /Chat with us/ })).not.toBeInTheDocument();
    expect(socket.readyState).toBe(WebSocket.CLOSED);
  });
});

describe('the launcher', () => {
  it('is named with the number of unread replies and shows it as a badge; opening the panel reads them', async () => {
    const { requests } = serveChat({
      conversation: conversation({ lastReadId: '1', unread: 2 }),
      messages: [
        message(1, 'shopper', 'Hello?'),
        message(2, 'support', 'Hi Ada'),
        message(3, 'support', 'How can we help?'),
      ],
    });
    const user = renderAt('/wallet');
    const launcher = await screen.findByRole('button', { name: 'Chat with us (2 unread)' }, LAZY);
    expect(within(launcher).getByTestId('chat-unread-badge')).toHaveTextContent('2');

    const socket = await connect();
    socket.push({ type: 'message', message: message(4, 'support', 'Are you there?') });
    expect(await screen.findByRole('button', { name: 'Chat with us (3 unread)' })).toBeInTheDocument();

    const dialog = await openPanel(user);
    expect(messagesShown(dialog)).toEqual([
      'You:Hello?',
      'Support:Hi Ada',
      'Support:How can we help?',
      'Support:Are you there?',
    ]);
    await waitFor(() =>
      expect(
        requests.filter((request) => request.path === '/support-chat/read').map((request) => request.body),
      ).toEqual([{ conversationId, lastReadId: '4' }]),
    );
    await user.keyboard('{Escape}');
    const read = await screen.findByRole('button', { name: 'Chat with us' });
    expect(within(read).queryByTestId('chat-unread-badge')).not.toBeInTheDocument();
  });
});

describe('the panel', () => {
  it("opens at once from the chat e-mail's link (?chat=open)", async () => {
    serveChat({ messages: [message(1, 'support', 'We replied')] });
    renderAt('/wallet?chat=open');
    const dialog = await screen.findByRole('dialog', { name: copy.panelTitle }, LAZY);
    await waitFor(() => expect(messagesShown(dialog)).toEqual(['Support:We replied']));
  });

  it('is a dialog: focus starts in the message field, stays inside, Escape closes it and focus returns to the launcher', async () => {
    serveChat();
    const user = renderAt('/wallet');
    const dialog = await openPanel(user);
    const field = within(dialog).getByRole('textbox', { name: copy.messageLabel });
    expect(field).toHaveFocus();
    for (let step = 0; step < 6; step += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: copy.launcher })).toHaveFocus();
  });

  it('Enter sends, Shift+Enter breaks the line; an empty message is not sent', async () => {
    const { requests } = serveChat();
    const user = renderAt('/wallet');
    const dialog = await openPanel(user);
    const field = within(dialog).getByRole('textbox', { name: copy.messageLabel });
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please write a message');
    await user.type(field, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(field).toHaveValue('line one\nline two');
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(
        requests.filter((request) => request.path === '/support-chat/messages').map((request) => request.body),
      ).toEqual([{ body: 'line one\nline two', clientId: expect.stringMatching(/^[\w-]{8,64}$/) }]),
    );
    expect(field).toHaveValue('');
  });

  it("refuses a message over 2,000 characters with the contract's message", async () => {
    const { requests } = serveChat();
    const user = renderAt('/wallet');
    const dialog = await openPanel(user);
    const field = within(dialog).getByRole('textbox', { name: copy.messageLabel });
    await user.click(field);
    await user.paste('x'.repeat(2001));
    await user.click(within(dialog).getByRole('button', { name: copy.send }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A message can be at most 2,000 characters');
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it("shows a sent message at once as 'Sending…', then as stored, once", async () => {
    let store = () => {};
    const stored = new Promise<void>((resolve) => {
      store = resolve;
    });
    serveChat({ sendAnswer: () => stored.then(() => undefined) });
    const user = renderAt('/wallet');
    const dialog = await openPanel(user);
    await user.type(within(dialog).getByRole('textbox', { name: copy.messageLabel }), 'Where is my gift?{Enter}');
    expect(messagesShown(dialog)).toEqual([`You:Where is my gift?${copy.sending}`]);
    store();
    await waitFor(() => expect(messagesShown(dialog)).toEqual(['You:Where is my gift?']));
  });

  it("marks a failed send 'Not sent — Retry'; the retry sends the same client id and the message shows once", async () => {
    let fail = true;
    const { requests } = serveChat({ sendAnswer: () => (fail ? 'network-error' : undefined) });
    const user = renderAt('/wallet');
    const dialog = await openPanel(user);
    await user.type(within(dialog).getByRole('textbox', { name: copy.messageLabel }), 'Hello{Enter}');
    const retry = await within(dialog).findByRole('button', { name: copy.notSent });
    fail = false;
    await user.click(retry);
    await waitFor(() => expect(messagesShown(dialog)).toEqual(['You:Hello']));
    const sends = requests.filter((request) => request.path === '/support-chat/messages');
    expect(sends).toHaveLength(2);
    const [first, again] = sends.map((request) => (request.body as { clientId: string }).clientId);
    expect(again).toBe(first);
  });

  it.each([
    { status: 429 as const, why: 'as too fast', reason: "You're sending messages too fast. Try again in a minute." },
    {
      status: 409 as const,
      why: 'because the shop uses another chat service',
      reason: 'Our chat has moved. Reload the page to chat with us.',
    },
  ])('says why when the server refuses a send $why ($status)', async ({ status, reason }) => {
    serveChat({ sendAnswer: () => ({ status, body: { error: reason } }) });
    const user = renderAt('/wallet');
    const dialog = await openPanel(user);
    await user.type(within(dialog).getByRole('textbox', { name: copy.messageLabel }), 'Hello{Enter}');
    expect(await within(dialog).findByRole('button', { name: copy.notSent })).toBeInTheDocument();
    expect(within(dialog).getByText(reason)).toBeInTheDocument();
  });

  it("shows 'Support is typing…' while an operator types, until their reply arrives", async () => {
    serveChat();
    const user = renderAt('/wallet');
    const dialog = await openPanel(user);
    const socket = await connect();
    socket.push({ type: 'typing', conversationId, party: 'operator' });
    expect(within(dialog).getByText(copy.operatorTyping)).toBeInTheDocument();
    socket.push({ type: 'message', message: message(7, 'support', 'Found it') });
    expect(within(dialog).queryByText(copy.operatorTyping)).not.toBeInTheDocument();
    expect(messagesShown(dialog)).toEqual(['Support:Found it']);
  });

  it('shows the offline notice while no operator is online, and drops it when one comes online', async () => {
    serveChat({ operatorsOnline: false });
    const user = renderAt('/wallet');
    const dialog = await openPanel(user);
    expect(await within(dialog).findByText(copy.offline)).toBeInTheDocument();
    const socket = await connect(0, { operatorsOnline: false });
    socket.push({ type: 'presence', operatorsOnline: true });
    expect(within(dialog).queryByText(copy.offline)).not.toBeInTheDocument();
  });

  it('renders message bodies as text; only http(s) addresses become links, opened safely', async () => {
    serveChat({
      messages: [
        message(1, 'support', '<img src=x onerror="alert(1)"> see https://example.com/help. or javascript:alert(1)'),
      ],
    });
    const user = renderAt('/wallet');
    const dialog = await openPanel(user);
    const list = within(dialog).getByRole('list', { name: 'Conversation' });
    expect(await within(list).findByText(/<img src=x onerror="alert\(1\)">/)).toBeInTheDocument();
    expect(list.querySelector('img')).toBeNull();
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://example.com/help');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(links[0]).toHaveAttribute('target', '_blank');
  });

  it('asks "Did we solve your problem?" once resolved, sends the answer and thanks the shopper', async () => {
    const { requests } = serveChat({
      conversation: conversation({ state: 'resolved', resolvedAt: '2026-11-27T11:00:00.000Z' }),
      messages: [message(1, 'shopper', 'Hi'), message(2, 'support', 'Done!')],
    });
    const user = renderAt('/wallet');
    const dialog = await openPanel(user);
    expect(await within(dialog).findByText(copy.satisfactionQuestion)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: copy.satisfactionYes }));
    expect(await within(dialog).findByText(copy.satisfactionThanks)).toBeInTheDocument();
    expect(within(dialog).queryByText(copy.satisfactionQuestion)).not.toBeInTheDocument();
    expect(
      requests.filter((request) => request.path === '/support-chat/satisfaction').map((request) => request.body),
    ).toEqual([{ conversationId, answer: 'yes' }]);
  });
});

describe("the panel's welcome", () => {
  it('greets the shopper by first name, says when support replies, and offers the common questions, which start the conversation', async () => {
    const { requests } = serveChat({ conversation: null });
    const user = renderAt('/wallet');
    const dialog = await openPanel(user);
    expect(await within(dialog).findByText('Hi Ada, how can we help?')).toBeInTheDocument();
    expect(within(dialog).getByText('We usually reply within a few minutes.')).toBeInTheDocument();
    const questions = within(dialog).getByRole('list', { name: 'Common questions' });
    expect(
      within(questions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(["My gift hasn't arrived", "My voucher code doesn't work at the till"]);

    await user.click(within(questions).getByRole('button', { name: "My gift hasn't arrived" }));
    await waitFor(() => expect(messagesShown(dialog)).toEqual(["You:My gift hasn't arrived"]));
    expect(
      requests.filter((request) => request.path === '/support-chat/messages').map((request) => request.body),
    ).toEqual([{ body: "My gift hasn't arrived", clientId: expect.stringMatching(/^[\w-]{8,64}$/) }]);
    // Asked: the questions give way to the conversation, and the shopper writes on in the field.
    expect(within(dialog).queryByRole('list', { name: 'Common questions' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: copy.messageLabel })).toHaveFocus();
    expect(within(dialog).getByText('Hi Ada, how can we help?')).toBeInTheDocument();
  });

  it('promises no reply time while no operator is online: the offline notice says what happens', async () => {
    serveChat({ conversation: null, operatorsOnline: false });
    const user = renderAt('/wallet');
    const dialog = await openPanel(user);
    expect(await within(dialog).findByText('Hi Ada, how can we help?')).toBeInTheDocument();
    expect(within(dialog).getByText(copy.offline)).toBeInTheDocument();
    expect(within(dialog).queryByText('We usually reply within a few minutes.')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Common questions' })).toBeInTheDocument();
  });

  it('offers no questions once the conversation has messages, and greets "there" when the account has no name', async () => {
    serveChat({ messages: [message(1, 'shopper', 'Where is my gift?')] });
    const queryClient = createQueryClient();
    storeTokens(accessToken, 'refresh-1');
    signInAs(queryClient, testUser({ consumer: { name: '', phoneNumber: null } }));
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/wallet']}>
          <SupportChat />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const dialog = await openPanel(userEvent.setup());
    await waitFor(() => expect(messagesShown(dialog)).toEqual(['You:Where is my gift?']));
    expect(within(dialog).getByText('Hi there, how can we help?')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Common questions' })).not.toBeInTheDocument();
  });
});

describe('the connection (decision 051)', () => {
  it('reconnects after a drop, authenticates with the current token and catches up after the last id without showing anything twice', async () => {
    const { held, reads } = serveChat({ messages: [message(1, 'shopper', 'Hi')] });
    const user = renderAt('/wallet');
    const dialog = await openPanel(user);
    const first = await connect(0);
    first.push({ type: 'message', message: message(2, 'support', 'Hello Ada') });
    held.messages.push(message(2, 'support', 'Hello Ada'));
    await waitFor(() => expect(messagesShown(dialog)).toEqual(['You:Hi', 'Support:Hello Ada']));

    first.drop();
    // While it was away: one reply it missed.
    held.messages.push(message(3, 'support', 'Still there?'));
    const before = reads.length;
    await waitFor(() => expect(sockets).toHaveLength(2), { timeout: 3000 });
    const second = await connect(1);
    // The catch-up asks only for what came after the last id held; a late socket copy of an
    // older message changes nothing.
    second.push({ type: 'message', message: message(2, 'support', 'Hello Ada') });
    await waitFor(() => expect(messagesShown(dialog)).toEqual(['You:Hi', 'Support:Hello Ada', 'Support:Still there?']));
    expect(reads.slice(before)).toEqual(['/support-chat?after=2']);
    expect(second.sent).toEqual([{ type: 'auth', token: accessToken }]);
  });

  it('sends typing to support, at most every two seconds', async () => {
    serveChat();
    const user = renderAt('/wallet');
    const dialog = await openPanel(user);
    const socket = await connect();
    await user.type(within(dialog).getByRole('textbox', { name: copy.messageLabel }), 'abc');
    expect(socket.sent).toEqual([{ type: 'auth', token: accessToken }, { type: 'typing' }]);
  });

  it('lets the first key after the socket is ready tell support, when the keys before it could not', async () => {
    serveChat();
    const user = renderAt('/wallet');
    const dialog = await openPanel(user);
    const field = within(dialog).getByRole('textbox', { name: copy.messageLabel });
    // Typed while the socket is still connecting: the typing event is dropped, not queued.
    await user.type(field, 'Hel');
    const socket = await connect();
    await user.type(field, 'lo');
    expect(socket.sent).toEqual([{ type: 'auth', token: accessToken }, { type: 'typing' }]);
  });
});

describe('with Chatwoot as the chat (docs/product/support-chat.md#another-chat-service)', () => {
  const baseUrl = 'https://chat.example.test';
  const widget: ChatWidget = {
    provider: 'chatwoot',
    baseUrl,
    websiteToken: 'website-token-1',
    user: {
      identifier: 'user-ada',
      identifierHash: '5a2ad1c1b7f40a3bd0f3e5b2e6f1c9d1f0d5b3a6e9c8f7a1b2c3d4e5f6a7b8c9',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    },
  };
  type ChatwootCall = [string, ...unknown[]];
  const chatwootWindow = window as unknown as Record<string, unknown>;

  /** A stand-in for Chatwoot's sdk.js, as it behaves once loaded: run() readies $chatwoot and says so. */
  function standInSdk(calls: ChatwootCall[]) {
    chatwootWindow.chatwootSDK = {
      run(options: unknown) {
        calls.push(['run', options]);
        chatwootWindow.$chatwoot = {
          hasLoaded: true,
          setUser: (...args: unknown[]) => calls.push(['setUser', ...args]),
          reset: () => calls.push(['reset']),
          toggleBubbleVisibility: (visibility: unknown) => calls.push(['toggleBubbleVisibility', visibility]),
        };
        window.dispatchEvent(new Event('chatwoot:ready'));
      },
    };
  }

  afterEach(() => {
    delete chatwootWindow.chatwootSDK;
    delete chatwootWindow.$chatwoot;
  });

  it("loads Chatwoot's SDK instead of the built-in launcher and names the shopper with the server's identity hash; signing out resets it", async () => {
    const { requests } = serveChat({ widget });
    renderAt('/wallet');
    const script = await waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>(`script[src="${baseUrl}/packs/js/sdk.js"]`);
      expect(found).not.toBeNull();
      return found as HTMLScriptElement;
    }, LAZY);
    const calls: ChatwootCall[] = [];
    standInSdk(calls);
    act(() => {
      script.dispatchEvent(new Event('load'));
    });
    expect(calls).toEqual([
      ['run', { websiteToken: 'website-token-1', baseUrl }],
      [
        'setUser',
        'user-ada',
        { name: 'Ada Lovelace', email: 'ada@example.com', identifier_hash: widget.user.identifierHash },
      ],
      ['toggleBubbleVisibility', 'show'],
    ]);
    // Nothing of the built-in chat: no launcher, no socket, no conversation asked for.
    expect(screen.queryByRole('button', { name: /Chat with us/ })).not.toBeInTheDocument();
    expect(sockets).toEqual([]);
    expect(requests.map((request) => request.path)).toEqual(['/support-chat/widget']);

    calls.length = 0;
    act(() => {
      clearTokens();
      signOut();
    });
    expect(calls).toEqual([['reset'], ['toggleBubbleVisibility', 'hide']]);
    script.remove();
  });
});
