import { callOps } from '@console/lib/ops-client';
import {
  type MessageDetail,
  type MessageListQuery,
  type MessageReplyRequest,
  type MessageUpdateRequest,
  opsInboxEndpoints,
} from '@gvm/contract/ops-inbox';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const messagesKey = ['ops', 'messages'] as const;

/** GET /ops/messages (support, admin): the inbox, newest first, by state and assignee. */
export function useMessages(query: MessageListQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...messagesKey, 'list', query],
      queryFn: () => callOps(opsInboxEndpoints.messages, { query }),
      retry: false,
    }),
  );
}

/** GET /ops/messages/assignees: who a message may be assigned to. */
export function useMessageAssignees() {
  return useQuery(
    queryOptions({
      queryKey: [...messagesKey, 'assignees'],
      queryFn: () => callOps(opsInboxEndpoints.messageAssignees),
      retry: false,
    }),
  );
}

const messageKey = (messageId: string) => [...messagesKey, 'one', messageId] as const;

/** GET /ops/messages/:messageId: the message and its thread. */
export function useMessage(messageId: string) {
  return useQuery(
    queryOptions({
      queryKey: messageKey(messageId),
      queryFn: () => callOps(opsInboxEndpoints.message, { params: { messageId } }),
      retry: false,
    }),
  );
}

/** After a change, the page shows the server's answer and the inbox is read again. */
function useSettle(messageId: string) {
  const queryClient = useQueryClient();
  return (detail: MessageDetail) => {
    queryClient.setQueryData(messageKey(messageId), detail);
    return queryClient.invalidateQueries({ queryKey: [...messagesKey, 'list'] });
  };
}

/**
 * POST /ops/messages/:messageId/replies: e-mails the sender, with their message quoted. The form's
 * `requestId` makes a repeat of one reply (a double press, a retry) the same reply.
 */
export function useReplyToMessage(messageId: string) {
  const settle = useSettle(messageId);
  return useMutation({
    mutationFn: (reply: MessageReplyRequest) =>
      callOps(opsInboxEndpoints.replyToMessage, { params: { messageId }, body: reply }),
    onSuccess: settle,
  });
}

/** PATCH /ops/messages/:messageId: close, reopen, assign. */
export function useUpdateMessage(messageId: string) {
  const settle = useSettle(messageId);
  return useMutation({
    mutationFn: (change: MessageUpdateRequest) =>
      callOps(opsInboxEndpoints.updateMessage, { params: { messageId }, body: change }),
    onSuccess: settle,
  });
}
