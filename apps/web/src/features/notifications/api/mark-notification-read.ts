import { notificationEndpoints } from '@gvm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** POST /notifications/:id/read: marks one of the caller's notifications read. */
export async function markNotificationRead(notificationId: string): Promise<void> {
  await callEndpoint(notificationEndpoints.markRead, { params: { id: notificationId } });
}

/** docs/product/README.md#notifications: on success the list is fetched again, so the bell's dot follows the server. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

/**
 * The settings tab's 'mark all read': the API marks one notification at a time, so each unread
 * one is marked (together), then the list is fetched again whatever the outcome, so a partial
 * failure still shows what did get marked.
 */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (notificationIds: readonly string[]) => {
      await Promise.all(notificationIds.map(markNotificationRead));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
