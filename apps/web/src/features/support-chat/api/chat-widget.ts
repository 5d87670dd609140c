import { type ChatWidget, supportChatEndpoints } from '@gvm/contract/support-chat';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** GET /support-chat/widget: the built-in chat, or Chatwoot's with the shopper's identity hash. */
export function getChatWidget(): Promise<ChatWidget> {
  return callEndpoint(supportChatEndpoints.widget);
}

/**
 * Asked by a chat page's launcher once the page is idle, and again by a later one after 30
 * seconds: the answer carries the unread count, which changes (while the conversation is live its
 * own state counts instead). The session manager clears the cache when the person changes.
 */
export function chatWidgetQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['support-chat', 'widget', userId],
    queryFn: getChatWidget,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
}
