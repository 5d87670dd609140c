import type { Notification } from '@gvm/contract';
import { QueryError } from '@gvm/ui/query-error';
import { Spinner } from '@gvm/ui/spinner';
import { toast } from '@/lib/toast';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NotificationItem } from './notification-item';

/** docs/product/README.md#notifications: the text shown when there is nothing to list. */
export const NO_NOTIFICATIONS_TEXT = 'No notifications available';

/** The user's notifications with their loading, error and empty states; shared by the bell and settings. */
export function NotificationList({ userId }: { userId: string | undefined }) {
  const notifications = useNotifications(userId);
  const markRead = useMarkNotificationRead();

  function read(notification: Notification) {
    if (notification.read) return;
    markRead.mutate(notification._id, { onError: (error) => toast.error(error.message) });
  }

  if (notifications.isPending) {
    return (
      <div className="flex justify-center py-8 text-brand-600">
        <Spinner label="Loading notifications" className="h-6 w-6" />
      </div>
    );
  }
  if (notifications.isError) {
    return <QueryError message={notifications.error.message} onRetry={() => notifications.refetch()} />;
  }
  if (notifications.data.length === 0) {
    return <p className="px-4 py-8 text-center text-sm text-gray-500">{NO_NOTIFICATIONS_TEXT}</p>;
  }
  return (
    <ul aria-label="Notifications list" className="divide-y divide-gray-100">
      {notifications.data.map((notification) => (
        <NotificationItem
          key={notification._id}
          notification={notification}
          disabled={markRead.isPending && markRead.variables === notification._id}
          onRead={read}
        />
      ))}
    </ul>
  );
}
