import type { SatisfactionAnswer } from '@gvm/contract/support-chat';
import { type ChatState, initialChatState } from '@gvm/web-lib/chat-state';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { holdShopperChat, type ShopperChatSession, shopperChatOf } from '../lib/shopper-chat-session';

export interface ShopperChatControls {
  state: ChatState;
  send(body: string): void;
  retry(clientId: string): void;
  markRead(): void;
  typing(): void;
  answer(answer: SatisfactionAnswer): Promise<void>;
}

const noSubscription = () => () => undefined;
const noState = () => initialChatState;
const idle: Omit<ShopperChatControls, 'state'> = {
  send: () => undefined,
  retry: () => undefined,
  markRead: () => undefined,
  typing: () => undefined,
  answer: async () => undefined,
};

/**
 * `userId`'s conversation for a launcher (docs/product/support-chat.md#in-the-browser): the tab's
 * one conversation (lib/shopper-chat-session.ts), held while the launcher is mounted, so a chat
 * page the shopper moves to shows at once what the last one held. Mount it under a key of the
 * user's id: another person's conversation is another session.
 */
export function useShopperChat(userId: string): ShopperChatControls {
  const [session, setSession] = useState<ShopperChatSession | null>(() => shopperChatOf(userId));
  useEffect(() => {
    const held = holdShopperChat(userId);
    setSession(held.session);
    return held.release;
  }, [userId]);
  const state = useSyncExternalStore(session?.subscribe ?? noSubscription, session?.getState ?? noState);
  if (!session) return { state, ...idle };
  return {
    state,
    send: session.send,
    retry: session.retry,
    markRead: session.markRead,
    typing: session.typing,
    answer: session.answer,
  };
}
