import { operatorSocketTicket } from '@console/lib/operator';
import { type OperatorChatEvent, type OpsConversation, operatorChatEventSchema } from '@gvm/contract/support-chat';
import { type ChatSocket, chatSocketUrl, openChatSocket } from '@gvm/web-lib/chat-socket';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import {
  chatKey,
  conversationKey,
  fetchConversation,
  lastIdOf,
  unreadKey,
  withMessages,
  withSummary,
} from '../api/chat';

/** How long 'Customer is typing…' stays after the shopper's last typing event. */
const TYPING_SHOWN_MS = 4000;
const TYPING_SENT_EVERY_MS = 2000;

export interface OpsChatLive {
  /** Conversations whose shopper is typing now. */
  typing: ReadonlySet<string>;
  /** Tells the shopper an operator is typing in a conversation (at most every two seconds). */
  sendTyping(conversationId: string): void;
}

export const OpsChatContext = createContext<OpsChatLive>({ typing: new Set(), sendTyping: () => undefined });

export function useOpsChatLive(): OpsChatLive {
  return useContext(OpsChatContext);
}

function parse(data: unknown): OperatorChatEvent | null {
  const parsed = operatorChatEventSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** Every conversation held in the cache fetches what came after its last id (decision 051). */
async function catchUp(queryClient: QueryClient) {
  const held = queryClient.getQueriesData<OpsConversation>({ queryKey: [...chatKey, 'one'] });
  await Promise.all(
    held.map(async ([key, conversation]) => {
      if (!conversation) return;
      try {
        const fresh = await fetchConversation(conversation.id, lastIdOf(conversation));
        queryClient.setQueryData<OpsConversation>(key, (current) =>
          current ? withMessages(withSummary(current, fresh), fresh.messages) : current,
        );
      } catch {
        // The next `ready` tries again.
      }
    }),
  );
}

/**
 * The console's chat socket (decisions 051 and 074), open on every console page of an operator
 * with `chat` (the menu's unread count lives on it): authenticated with the
 * operator's session token, it puts each message into its conversation (by id, once), refreshes
 * the list on every change, shows the shopper's typing, and catches up after each reconnection.
 */
export function useOpsChatSocket(): OpsChatLive {
  const queryClient = useQueryClient();
  const [typing, setTyping] = useState<ReadonlySet<string>>(new Set());
  const socket = useRef<ChatSocket | null>(null);
  const lastTypingSent = useRef(new Map<string, number>());

  useEffect(() => {
    const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
    const stopTyping = (conversationId: string) => {
      clearTimeout(typingTimers.get(conversationId));
      typingTimers.delete(conversationId);
      setTyping((current) => {
        if (!current.has(conversationId)) return current;
        const next = new Set(current);
        next.delete(conversationId);
        return next;
      });
    };
    // The list and the menu's unread count are read again when an event says they changed: the
    // socket carries every change, so nothing polls.
    const refreshList = () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...chatKey, 'list'] }),
        queryClient.invalidateQueries({ queryKey: unreadKey }),
      ]);
    const onEvent = (event: OperatorChatEvent) => {
      switch (event.type) {
        case 'ready':
          void refreshList();
          void catchUp(queryClient);
          return;
        case 'message':
          queryClient.setQueryData<OpsConversation>(conversationKey(event.message.conversationId), (held) =>
            held ? withMessages(held, [event.message]) : held,
          );
          if (event.message.kind === 'shopper') stopTyping(event.message.conversationId);
          void refreshList();
          return;
        case 'state':
          queryClient.setQueryData<OpsConversation>(conversationKey(event.conversation.id), (held) =>
            held ? withSummary(held, event.conversation) : held,
          );
          void refreshList();
          return;
        case 'typing': {
          if (event.party !== 'shopper') return;
          const { conversationId } = event;
          setTyping((current) => (current.has(conversationId) ? current : new Set(current).add(conversationId)));
          clearTimeout(typingTimers.get(conversationId));
          typingTimers.set(
            conversationId,
            setTimeout(() => stopTyping(conversationId), TYPING_SHOWN_MS),
          );
          return;
        }
        case 'read':
        case 'presence':
          void refreshList();
          return;
        case 'error':
          return;
      }
    };
    const opened = openChatSocket(chatSocketUrl(), { token: operatorSocketTicket, parse, onEvent });
    socket.current = opened;
    return () => {
      for (const timer of typingTimers.values()) clearTimeout(timer);
      opened.close();
      socket.current = null;
    };
  }, [queryClient]);

  const sendTyping = (conversationId: string) => {
    const now = Date.now();
    if (now - (lastTypingSent.current.get(conversationId) ?? 0) < TYPING_SENT_EVERY_MS) return;
    // Only a typing event that went out starts the wait: one dropped while the socket connects
    // leaves the next key to try again.
    if (socket.current?.send({ type: 'typing', conversationId })) lastTypingSent.current.set(conversationId, now);
  };

  return { typing, sendTyping };
}
