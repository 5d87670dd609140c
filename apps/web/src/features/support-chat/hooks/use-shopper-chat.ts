import type { SatisfactionAnswer } from '@gvm/contract/support-chat';
import { type ChatState, initialChatState } from '@gvm/web-lib/chat-state';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ShopperChatSession } from '../lib/shopper-chat-session';

export interface ShopperChatControls {
  state: ChatState;
  send(body: string): void;
  retry(clientId: string): void;
  markRead(): void;
  typing(): void;
  answer(answer: SatisfactionAnswer): Promise<void>;
}

type SessionModule = typeof import('../lib/shopper-chat-session');

/** The conversation's code (REST, the socket, its events' schemas), once it has been needed in this tab. */
let sessionModule: SessionModule | undefined;
const loadSessionModule = () =>
  import('../lib/shopper-chat-session').then((loaded) => {
    sessionModule = loaded;
    return loaded;
  });

const noSubscription = () => () => undefined;
const noState = () => initialChatState;

/** What the panel holds while the conversation is still starting: nothing yet, and nothing to do. */
export const idleShopperChat: ShopperChatControls = {
  state: initialChatState,
  send: () => undefined,
  retry: () => undefined,
  markRead: () => undefined,
  typing: () => undefined,
  answer: async () => undefined,
};

/**
 * `userId`'s live conversation for a launcher (docs/product/support-chat.md#in-the-browser): the
 * tab's one conversation (lib/shopper-chat-session.ts), with its messages and its socket, held while
 * the launcher is mounted, so a chat page the shopper moves to shows at once what the last one held.
 * It starts only when `wanted` (the panel opened, or a message waiting, decision 075), or when the
 * tab already has it; until then its code is not even loaded, and the hook returns null. Mount it
 * under a key of the user's id: another person's conversation is another session.
 */
export function useShopperChat(userId: string, wanted: boolean): ShopperChatControls | null {
  const [loaded, setLoaded] = useState<SessionModule | undefined>(sessionModule);
  const existing = loaded?.shopperChatOf(userId) ?? null;
  const live = wanted || existing !== null;
  const [session, setSession] = useState<ShopperChatSession | null>(existing);

  useEffect(() => {
    if (!live || loaded) return;
    let cancelled = false;
    // Offline, the code may not come: the launcher stays as the widget's answer drew it.
    loadSessionModule().then(
      (module) => {
        if (!cancelled) setLoaded(module);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [live, loaded]);

  useEffect(() => {
    if (!live || !loaded) return;
    const held = loaded.holdShopperChat(userId);
    setSession(held.session);
    return held.release;
  }, [live, loaded, userId]);

  const state = useSyncExternalStore(session?.subscribe ?? noSubscription, session?.getState ?? noState);
  if (!session) return null;
  return {
    state,
    send: session.send,
    retry: session.retry,
    markRead: session.markRead,
    typing: session.typing,
    answer: session.answer,
  };
}
