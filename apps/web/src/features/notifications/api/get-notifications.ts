import { type NotificationList, notificationEndpoints } from '@gvm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

/** GET /notifications/:userId: the user's notifications, newest first (docs/product/README.md#notifications). */
export async function getNotifications(userId: string): Promise<NotificationList> {
  return callEndpoint(notificationEndpoints.list, { params: { userId } });
}

export const notificationsQueryKey = (userId: string) => ['notifications', userId] as const;

/**
 * docs/product/README.md#notifications: the list is retried per the data cache rule, which the app's query client
 * applies to every query (3 retries of a server error; a client error is final).
 */
export function notificationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: notificationsQueryKey(userId),
    queryFn: () => getNotifications(userId),
  });
}

/** Runs once the user's _id is known (docs/product/README.md#notifications). */
export function useNotifications(userId: string | undefined) {
  return useQuery({ ...notificationsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
