import type { ShopperConversation } from '@gvm/contract/support-chat';
import { chatShopperCopy as copy, firstNameOf } from '@gvm/contract/support-chat-text';
import { unreadCount } from '@gvm/web-lib/chat-state';
import { useQuery } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '@/lib/auth/current-user';
import { chatWidgetQueryOptions } from '../api/chat-widget';
import { idleShopperChat, useShopperChat } from '../hooks/use-shopper-chat';
import type { ChatPanelProps } from './chat-panel';
import { ChatwootChat } from './chatwoot-chat';

const loadPanel = () => import('./chat-panel');
/** A panel that cannot be fetched (offline) leaves the launcher as it is, never breaks the page. */
const ChatPanel = lazy<ComponentType<ChatPanelProps>>(() => loadPanel().catch(() => ({ default: () => null })));

/**
 * The chat the server names for this shopper (GET /support-chat/widget): the built-in one, or
 * Chatwoot's widget (docs/product/support-chat.md#another-chat-service). Nothing until it has said.
 */
export default function ChatWidget({ userId }: { userId: string }) {
  const widget = useQuery(chatWidgetQueryOptions(userId));
  if (widget.data?.provider === 'built-in') return <BuiltInChat userId={userId} summary={widget.data.conversation} />;
  if (widget.data?.provider === 'chatwoot') return <ChatwootChat widget={widget.data} />;
  return null;
}

/**
 * Whether a conversation needs its messages and socket before the panel is opened: a reply not yet
 * read, or a conversation not resolved, where support's reply may come at any moment and must
 * reach the launcher live. A shopper who has never written, or whose last conversation is resolved
 * and read, has nothing waiting.
 */
function waiting(summary: ShopperConversation | null): boolean {
  return summary !== null && (summary.unread > 0 || summary.state !== 'resolved');
}

/**
 * The shopper's chat (docs/product/support-chat.md#in-the-browser): the 'Chat with us' launcher
 * at the bottom right, named with the number of unread replies, and the 'Support' panel it opens.
 * The launcher is drawn from the widget's one answer (`summary`, the current conversation's unread
 * count); the conversation's messages and its socket start when the panel opens or a message is
 * waiting (decision 075). The panel's code (a Radix dialog) is fetched when the pointer or the
 * keyboard first reaches the launcher. The link of the chat's e-mail (`?chat=open`) opens the
 * panel at once.
 */
function BuiltInChat({ userId, summary }: { userId: string; summary: ShopperConversation | null }) {
  const [searchParams] = useSearchParams();
  const [open, setOpen] = useState(() => searchParams.get('chat') === 'open');
  const [mounted, setMounted] = useState(open);
  const live = useShopperChat(userId, mounted || waiting(summary));
  const chat = live ?? idleShopperChat;
  const launcher = useRef<HTMLButtonElement>(null);
  const user = useCurrentUser();
  // The name of this widget's shopper only: the cached user may still be the last one's for a moment.
  const firstName = firstNameOf(user.data?._id === userId ? user.data.consumer.name : '');
  // The widget's count until the conversation itself has been fetched.
  const unread = live?.state.conversation ? unreadCount(live.state) : (summary?.unread ?? 0);
  const { markRead } = chat;
  const lastId = chat.state.messages.at(-1)?.id;

  // The toasts stand above the launcher while it shows (index.css, data-chat-launcher).
  useEffect(() => {
    document.documentElement.toggleAttribute('data-chat-launcher', true);
    return () => document.documentElement.removeAttribute('data-chat-launcher');
  }, []);

  // Whatever arrives while the panel is open is read.
  useEffect(() => {
    if (open && lastId) markRead();
  }, [open, lastId, markRead]);

  return (
    <>
      <button
        ref={launcher}
        type="button"
        aria-label={unread > 0 ? copy.launcherUnread(unread) : copy.launcher}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        className="fixed right-4 bottom-4 z-40 flex h-12 w-12 items-center justify-center gap-2 rounded-full bg-brand-600 font-semibold text-white shadow-lg shadow-brand-600/30 transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:right-6 sm:bottom-6 sm:w-auto sm:px-4"
      >
        <MessageCircle className="h-5 w-5" aria-hidden="true" />
        {/* A phone shows the bubble alone (its name stays 'Chat with us'): the words, 151 px wide,
            covered the right-hand button of a wallet card (Exchange) wherever one passed under. */}
        <span className="hidden sm:inline">{copy.launcher}</span>
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="chat-unread-badge"
            className="absolute -top-1.5 -right-1.5 flex h-6 min-w-6 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white ring-2 ring-white"
          >
            {unread}
          </span>
        ) : null}
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <ChatPanel chat={chat} open={open} onOpenChange={setOpen} launcher={launcher} firstName={firstName} />
        </Suspense>
      ) : null}
    </>
  );
}
