import { type SatisfactionAnswer, type ShopperChatEvent, shopperChatEventSchema } from '@gvm/contract/support-chat';
import { CHAT_MOVED_MESSAGE, CHAT_RATE_LIMITED_MESSAGE } from '@gvm/contract/support-chat-text';
import { chatSocketUrl, openChatSocket } from '@gvm/web-lib/chat-socket';
import { type ChatAction, type ChatState, chatReducer, initialChatState, lastMessageId } from '@gvm/web-lib/chat-state';
import { newClientId } from '@gvm/web-lib/client-id';
import { ApiError, api } from '@/lib/api-client';
import { RefreshError, refreshSession } from '@/lib/auth/refresh-session';
import { isTokenUnexpired, readTokens, TOKENS_CHANGED_EVENT, tokenSubject } from '@/lib/auth/token-storage';
import { answerSatisfaction, getShopperChatAfter, markShopperChatRead, sendShopperMessage } from '../api/shopper-chat';
import { signedInUserId } from './signed-in-user';

/** How long 'Support is typing…' stays after the operator's last typing event. */
const TYPING_SHOWN_MS = 4000;
/** The shopper's typing is sent at most this often. */
const TYPING_SENT_EVERY_MS = 2000;
/**
 * How long the conversation and its socket outlive the last launcher: long enough for the next
 * chat page's code to load when the shopper moves from one to another (each page mounts its own
 * launcher), short enough that a public page does not keep a socket.
 */
export const KEPT_WITHOUT_LAUNCHER_MS = 5000;

/** The shopper's conversation in this tab: a snapshot to render, and what the panel can do. */
export interface ShopperChatSession {
  readonly userId: string;
  getState(): ChatState;
  subscribe(listener: () => void): () => void;
  send(body: string): void;
  retry(clientId: string): void;
  markRead(): void;
  typing(): void;
  answer(answer: SatisfactionAnswer): Promise<void>;
}

interface RunningSession extends ShopperChatSession {
  end(): void;
}

function parseShopperEvent(data: unknown): ShopperChatEvent | null {
  const parsed = shopperChatEventSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * The conversation of `userId` (docs/product/support-chat.md#in-the-browser, decision 051): loaded
 * over REST, kept current by the socket, caught up after every (re)connection by fetching after
 * the last id held and merging by id. Sends are optimistic: shown at once as 'Sending…', marked
 * failed when refused or unreachable, retried with the same client id. Once ended it changes no
 * more: an answer that arrives later is dropped, so nothing of it reaches another shopper.
 */
function startSession(userId: string): RunningSession {
  let state = initialChatState;
  let ended = false;
  let lastTypingSent = 0;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const dispatch = (action: ChatAction) => {
    if (ended) return;
    state = chatReducer(state, action);
    for (const listener of listeners) listener();
  };

  const catchUp = async () => {
    try {
      dispatch({ type: 'fetched', chat: await getShopperChatAfter(lastMessageId(state)) });
    } catch {
      // Offline or the server restarting: the socket's next `ready` catches up again.
    }
  };

  /**
   * This shopper's access token for the socket: the stored one while it has `minValidMs` left,
   * else a refreshed one. Null (the socket stops) when the session is over or the stored tokens
   * are another person's; a refresh that could not reach the server throws, and the socket retries.
   */
  const shopperToken = async ({ fresh }: { fresh: boolean }): Promise<string | null> => {
    if (ended || signedInUserId() !== userId) return null;
    const { token } = readTokens();
    if (isTokenUnexpired(token, Date.now() + (fresh ? 120_000 : 5_000))) return token;
    try {
      const refreshed = await refreshSession(api);
      return tokenSubject(refreshed) === userId ? refreshed : null;
    } catch (error) {
      if (error instanceof RefreshError && error.kind === 'refused') return null;
      throw error;
    }
  };

  const onEvent = (event: ShopperChatEvent) => {
    switch (event.type) {
      case 'ready':
        dispatch({ type: 'operators-online', online: event.operatorsOnline });
        void catchUp();
        return;
      case 'message':
        dispatch({ type: 'message', message: event.message });
        if (event.message.author === 'support') clearTimeout(typingTimer);
        if (event.message.conversationId !== state.conversation?.id) void catchUp();
        return;
      case 'state':
        dispatch({ type: 'conversation', conversation: event.conversation });
        return;
      case 'typing':
        if (event.party !== 'operator') return;
        dispatch({ type: 'support-typing', typing: true });
        clearTimeout(typingTimer);
        typingTimer = setTimeout(() => dispatch({ type: 'support-typing', typing: false }), TYPING_SHOWN_MS);
        return;
      case 'read':
        if (event.party === 'shopper') dispatch({ type: 'read', lastReadId: event.lastReadId });
        return;
      case 'presence':
        dispatch({ type: 'operators-online', online: event.operatorsOnline });
        return;
      case 'error':
        return;
    }
  };

  void catchUp();
  const socket = openChatSocket(chatSocketUrl(), { token: shopperToken, parse: parseShopperEvent, onEvent });

  const deliver = (clientId: string, body: string) => {
    dispatch({ type: 'sending', clientId, body });
    sendShopperMessage(body, clientId).then(
      ({ message, conversation }) => dispatch({ type: 'sent', message, conversation }),
      (error: unknown) => {
        const status = error instanceof ApiError ? error.status : undefined;
        const reason = status === 429 ? CHAT_RATE_LIMITED_MESSAGE : status === 409 ? CHAT_MOVED_MESSAGE : undefined;
        dispatch({ type: 'failed', clientId, error: reason });
      },
    );
  };

  return {
    userId,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send: (body) => deliver(newClientId(), body),
    retry(clientId) {
      const message = state.pending.find((pending) => pending.clientId === clientId);
      if (message) deliver(clientId, message.body);
    },
    markRead() {
      const last = lastMessageId(state);
      const conversation = state.conversation;
      if (!conversation || last === '0' || last === state.readUpTo) return;
      dispatch({ type: 'read', lastReadId: last });
      markShopperChatRead(conversation.id, last).then(
        (updated) => dispatch({ type: 'conversation', conversation: updated }),
        () => undefined,
      );
    },
    typing() {
      const now = Date.now();
      if (now - lastTypingSent < TYPING_SENT_EVERY_MS) return;
      // Only a typing event that went out starts the wait: one dropped while the socket connects
      // leaves the next key to try again.
      if (socket.send({ type: 'typing' })) lastTypingSent = now;
    },
    async answer(value) {
      const conversation = state.conversation;
      if (!conversation) return;
      dispatch({ type: 'conversation', conversation: await answerSatisfaction(conversation.id, value) });
    },
    end() {
      ended = true;
      clearTimeout(typingTimer);
      socket.close();
      state = initialChatState;
      listeners.clear();
    },
  };
}

/** The tab's one conversation, the launchers holding it, and the timer that ends it without them. */
let current: { session: RunningSession; holders: number; endTimer?: ReturnType<typeof setTimeout> } | null = null;

/** Ends the tab's conversation at once: its socket closes and its messages are forgotten. */
export function endShopperChat(): void {
  const ending = current;
  current = null;
  if (!ending) return;
  clearTimeout(ending.endTimer);
  window.removeEventListener(TOKENS_CHANGED_EVENT, endUnlessStillSignedIn);
  window.removeEventListener('storage', endUnlessStillSignedIn);
  ending.session.end();
}

/** Signing out, or another person signing in (in this tab or another), ends the conversation at once. */
function endUnlessStillSignedIn() {
  if (current && signedInUserId() !== current.session.userId) endShopperChat();
}

/** The conversation `userId` already has in this tab, if any (nothing is started). */
export function shopperChatOf(userId: string): ShopperChatSession | null {
  return current?.session.userId === userId ? current.session : null;
}

/**
 * Holds `userId`'s conversation for a launcher, starting it (and ending another person's) when
 * needed. It is shared by the launchers of the chat pages, so moving from one to another keeps
 * the messages and the socket; `release` lets it end once no launcher has held it for
 * KEPT_WITHOUT_LAUNCHER_MS.
 */
export function holdShopperChat(userId: string): { session: ShopperChatSession; release(): void } {
  if (current && current.session.userId !== userId) endShopperChat();
  if (!current) {
    current = { session: startSession(userId), holders: 0 };
    window.addEventListener(TOKENS_CHANGED_EVENT, endUnlessStillSignedIn);
    window.addEventListener('storage', endUnlessStillSignedIn);
  }
  const held = current;
  held.holders += 1;
  clearTimeout(held.endTimer);
  let released = false;
  return {
    session: held.session,
    release() {
      if (released) return;
      released = true;
      held.holders -= 1;
      if (held.holders > 0 || current !== held) return;
      held.endTimer = setTimeout(() => {
        if (current === held && held.holders === 0) endShopperChat();
      }, KEPT_WITHOUT_LAUNCHER_MS);
    },
  };
}
