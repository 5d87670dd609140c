import { type ChatWidget, supportChatEndpoints } from '@gvm/contract/support-chat';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** GET /support-chat/widget: the built-in chat, or Chatwoot's with the shopper's identity hash. */
export function getChatWidget(): Promise<ChatWidget> {
  return callEndpoint(supportChatEndpoints.widget);
}

/** Asked once a tab for each person (the session manager clears the cache when the person changes). */
export function chatWidgetQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['support-chat', 'widget', userId],
    queryFn: getChatWidget,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
