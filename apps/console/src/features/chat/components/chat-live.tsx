import { chatOperatorCopy } from '@gvm/contract/support-chat-text';
import type { ReactNode } from 'react';
import { useUnreadConversations } from '../api/chat';
import { OpsChatContext, useOpsChatSocket } from '../hooks/use-chat-socket';

/**
 * The console's one chat socket, for an operator with `chat`, open on every page of the console
 * (decision 074): the Chat page's messages and typing, and the menu's unread count, come from it.
 */
export function ChatLiveProvider({ children }: { children: ReactNode }) {
  const live = useOpsChatSocket();
  return <OpsChatContext.Provider value={live}>{children}</OpsChatContext.Provider>;
}

/**
 * The menu item 'Chat' with how many conversations wait unread: a badge, and 'Chat (2 unread)'
 * as its name; plain 'Chat' when none does. On a phone the 'Menu' button carries it too
 * ('Menu (2 unread chats)'), the items being behind it.
 */
export function ChatMenuLabel({
  label,
  unreadName = chatOperatorCopy.menuUnread,
}: {
  label: string;
  unreadName?: (unread: number) => string;
}) {
  const unread = useUnreadConversations().data?.conversations ?? 0;
  if (unread === 0) return <>{label}</>;
  return (
    <span className="flex items-center justify-between gap-2">
      <span aria-hidden="true">{label}</span>
      <span className="sr-only">{unreadName(unread)}</span>
      <span
        aria-hidden="true"
        data-testid="chat-unread"
        className="min-w-6 rounded-full bg-red-700 px-2 py-0.5 text-center font-semibold text-white text-xs"
      >
        {unread}
      </span>
    </span>
  );
}
