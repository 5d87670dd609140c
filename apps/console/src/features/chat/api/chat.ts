import { callOps } from '@console/lib/ops-client';
import {
  type CannedReplyRequest,
  type CannedReplyUpdate,
  type OpsChatMessage,
  type OpsConversation,
  type OpsConversationListQuery,
  type OpsConversationSummary,
  opsChatEndpoints,
} from '@gvm/contract/support-chat';
import { compareIds as compareMessageIds, mergeById } from '@gvm/web-lib/chat-state';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const chatKey = ['ops', 'chat'] as const;
const listKey = [...chatKey, 'list'] as const;
export const conversationKey = (conversationId: string) => [...chatKey, 'one', conversationId] as const;
const cannedKey = [...chatKey, 'canned'] as const;
export const unreadKey = [...chatKey, 'unread'] as const;

/**
 * GET /ops/chat/unread: how many conversations wait unread, for the menu. Read once, then again
 * only when the console's socket says something changed (a message, a state, a read mark).
 */
export function useUnreadConversations() {
  return useQuery(
    queryOptions({
      queryKey: unreadKey,
      queryFn: () => callOps(opsChatEndpoints.unread),
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}

/** GET /ops/chat/conversations (support, admin): newest activity first, by state. */
export function useChatConversations(query: OpsConversationListQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...listKey, query],
      queryFn: () => callOps(opsChatEndpoints.conversations, { query }),
      retry: false,
    }),
  );
}

/** A conversation with every message after `after`, page by page while more follow. */
export async function fetchConversation(conversationId: string, after = '0'): Promise<OpsConversation> {
  const call = (from: string) =>
    callOps(opsChatEndpoints.conversation, {
      params: { conversationId },
      query: from === '0' ? {} : { after: from },
    });
  let page = await call(after);
  const messages = [...page.messages];
  while (page.hasMore && messages.length > 0) {
    page = await call(messages[messages.length - 1]?.id ?? after);
    messages.push(...page.messages);
  }
  return { ...page, messages, hasMore: false };
}

/** GET /ops/chat/conversations/:conversationId: the conversation, internal notes included. */
export function useChatConversation(conversationId: string) {
  return useQuery(
    queryOptions({
      queryKey: conversationKey(conversationId),
      queryFn: () => fetchConversation(conversationId),
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}

/** Adds messages to a conversation held in the cache, each once, in id order. */
export function withMessages(conversation: OpsConversation, messages: OpsChatMessage[]): OpsConversation {
  return { ...conversation, messages: mergeById(conversation.messages, messages) };
}

/** The cache's copy of a conversation takes a summary's new state, assignee, read mark… */
export function withSummary(conversation: OpsConversation, summary: OpsConversationSummary): OpsConversation {
  return { ...summary, messages: conversation.messages, hasMore: conversation.hasMore };
}

/** The last message id a held conversation has: where its catch-up starts. */
export function lastIdOf(conversation: OpsConversation | undefined): string {
  const ids = conversation?.messages.map((message) => message.id) ?? [];
  return ids.reduce((max, id) => (compareMessageIds(id, max) > 0 ? id : max), '0');
}

/** GET /ops/chat/assignees: who a conversation may be assigned to. */
export function useChatAssignees() {
  return useQuery(
    queryOptions({
      queryKey: [...chatKey, 'assignees'],
      queryFn: () => callOps(opsChatEndpoints.assignees),
      retry: false,
    }),
  );
}

/** GET /ops/chat/canned-replies. */
export function useCannedReplies() {
  return useQuery(
    queryOptions({ queryKey: cannedKey, queryFn: () => callOps(opsChatEndpoints.cannedReplies), retry: false }),
  );
}

/** After a change to a conversation: the cache takes the server's summary and the list is read again. */
function useSettleSummary(conversationId: string) {
  const queryClient = useQueryClient();
  return (summary: OpsConversationSummary) => {
    queryClient.setQueryData<OpsConversation>(conversationKey(conversationId), (held) =>
      held ? withSummary(held, summary) : held,
    );
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: listKey }),
      queryClient.invalidateQueries({ queryKey: unreadKey }),
    ]);
  };
}

/** POST …/replies or …/notes: the message joins the conversation as soon as it is stored. */
export function useWriteToConversation(conversationId: string) {
  const queryClient = useQueryClient();
  const settle = useSettleSummary(conversationId);
  return useMutation({
    mutationFn: ({ kind, body, clientId }: { kind: 'reply' | 'note'; body: string; clientId: string }) =>
      callOps(kind === 'reply' ? opsChatEndpoints.reply : opsChatEndpoints.note, {
        params: { conversationId },
        body: { body, clientId },
      }),
    onSuccess: ({ message, conversation }) => {
      queryClient.setQueryData<OpsConversation>(conversationKey(conversationId), (held) =>
        held ? withMessages(held, [message]) : held,
      );
      return settle(conversation);
    },
  });
}

/** POST …/assign: to an operator (yourself for 'Assign to me'), or nobody. */
export function useAssignConversation(conversationId: string) {
  const settle = useSettleSummary(conversationId);
  return useMutation({
    mutationFn: (operatorId: string | null) =>
      callOps(opsChatEndpoints.assign, { params: { conversationId }, body: { operatorId } }),
    onSuccess: settle,
  });
}

/** POST …/resolve: the shopper is then asked 'Did we solve your problem?'. */
export function useResolveConversation(conversationId: string) {
  const settle = useSettleSummary(conversationId);
  return useMutation({
    mutationFn: () => callOps(opsChatEndpoints.resolve, { params: { conversationId } }),
    onSuccess: settle,
  });
}

/** POST …/read: the operators have read the conversation up to a message. */
export function markConversationRead(conversationId: string, lastReadId: string) {
  return callOps(opsChatEndpoints.markRead, { params: { conversationId }, body: { lastReadId } });
}

/** Create, rewrite or delete a canned reply (admin). */
export function useCannedReplyChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: cannedKey });
  return {
    create: useMutation({
      mutationFn: (request: CannedReplyRequest) => callOps(opsChatEndpoints.createCannedReply, { body: request }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, change }: { id: string; change: CannedReplyUpdate }) =>
        callOps(opsChatEndpoints.updateCannedReply, { params: { cannedReplyId: id }, body: change }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => callOps(opsChatEndpoints.deleteCannedReply, { params: { cannedReplyId: id } }),
      onSuccess: refresh,
    }),
  };
}
