import { type SatisfactionAnswer, type ShopperChatEvent, shopperChatEventSchema } from '@gvm/contract/support-chat';
import { CHAT_RATE_LIMITED_MESSAGE } from '@gvm/contract/support-chat-text';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { ApiError, api } from '@/lib/api-client';
import { RefreshError, refreshSession } from '@/lib/auth/refresh-session';
import { isTokenUnexpired, readTokens } from '@/lib/auth/token-storage';
import { answerSatisfaction, getShopperChatAfter, markShopperChatRead, sendShopperMessage } from '../api/shopper-chat';
import { type ChatSocket, chatSocketUrl, openChatSocket } from '../lib/chat-socket';
import { type ChatState, chatReducer, initialChatState, lastMessageId } from '../lib/chat-state';
import { newClientId } from '../lib/client-id';

/** How long 'Support is typing…' stays after the operator's last typing event. */
const TYPING_SHOWN_MS = 4000;
/** The shopper's typing is sent at most this often. */
const TYPING_SENT_EVERY_MS = 2000;

/**
 * The shopper's access token for the socket: the stored one while it has `minValidMs` left, else
 * a refreshed one (the API client's own refresh, shared with its other callers). Null when the
 * session is over; a refresh that could not reach the server throws, and the socket retries.
 */
async function shopperToken({ fresh }: { fresh: boolean }): Promise<string | null> {
  const minValidMs = fresh ? 120_000 : 5_000;
  const { token } = readTokens();
  if (isTokenUnexpired(token, Date.now() + minValidMs)) return token;
  try {
    return await refreshSession(api);
  } catch (error) {
    if (error instanceof RefreshError && error.kind === 'refused') return null;
    throw error;
  }
}

function parseShopperEvent(data: unknown): ShopperChatEvent | null {
  const parsed = shopperChatEventSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export interface ShopperChatControls {
  state: ChatState;
  send(body: string): void;
  retry(clientId: string): void;
  markRead(): void;
  typing(): void;
  answer(answer: SatisfactionAnswer): Promise<void>;
}

/**
 * The shopper's conversation (docs/product/support-chat.md#in-the-browser, decision 051): loaded
 * over REST, kept current by the socket, caught up after every (re)connection by fetching after
 * the last id held and merging by id. Sends are optimistic: shown at once as 'Sending…', marked
 * failed when refused or unreachable, retried with the same client id.
 */
export function useShopperChat(): ShopperChatControls {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const socketRef = useRef<ChatSocket | null>(null);
  const lastTypingSent = useRef(0);

  const catchUp = useCallback(async () => {
    try {
      const chat = await getShopperChatAfter(lastMessageId(stateRef.current));
      dispatch({ type: 'fetched', chat });
    } catch {
      // Offline or the server restarting: the socket's next `ready` catches up again.
    }
  }, []);

  useEffect(() => {
    void catchUp();
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const onEvent = (event: ShopperChatEvent) => {
      switch (event.type) {
        case 'ready':
          dispatch({ type: 'operators-online', online: event.operatorsOnline });
          void catchUp();
          return;
        case 'message':
          dispatch({ type: 'message', message: event.message });
          if (event.message.author === 'support') clearTimeout(typingTimer);
          if (event.message.conversationId !== stateRef.current.conversation?.id) void catchUp();
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
    const socket = openChatSocket(chatSocketUrl(), { token: shopperToken, parse: parseShopperEvent, onEvent });
    socketRef.current = socket;
    return () => {
      clearTimeout(typingTimer);
      socket.close();
      socketRef.current = null;
    };
  }, [catchUp]);

  const deliver = useCallback((clientId: string, body: string) => {
    dispatch({ type: 'sending', clientId, body });
    sendShopperMessage(body, clientId).then(
      ({ message, conversation }) => dispatch({ type: 'sent', message, conversation }),
      (error: unknown) => {
        const tooFast = error instanceof ApiError && error.status === 429;
        dispatch({ type: 'failed', clientId, error: tooFast ? CHAT_RATE_LIMITED_MESSAGE : undefined });
      },
    );
  }, []);

  const send = useCallback((body: string) => deliver(newClientId(), body), [deliver]);

  const retry = useCallback(
    (clientId: string) => {
      const message = stateRef.current.pending.find((pending) => pending.clientId === clientId);
      if (message) deliver(clientId, message.body);
    },
    [deliver],
  );

  const markRead = useCallback(() => {
    const current = stateRef.current;
    const last = lastMessageId(current);
    if (!current.conversation || last === '0' || last === current.readUpTo) return;
    dispatch({ type: 'read', lastReadId: last });
    markShopperChatRead(current.conversation.id, last).then(
      (conversation) => dispatch({ type: 'conversation', conversation }),
      () => undefined,
    );
  }, []);

  const typing = useCallback(() => {
    const now = Date.now();
    if (now - lastTypingSent.current < TYPING_SENT_EVERY_MS) return;
    lastTypingSent.current = now;
    socketRef.current?.send({ type: 'typing' });
  }, []);

  const answer = useCallback(async (value: SatisfactionAnswer) => {
    const conversation = stateRef.current.conversation;
    if (!conversation) return;
    const updated = await answerSatisfaction(conversation.id, value);
    dispatch({ type: 'conversation', conversation: updated });
  }, []);

  return { state, send, retry, markRead, typing, answer };
}
