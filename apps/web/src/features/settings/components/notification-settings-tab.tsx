import { Button } from '@gvm/ui/button';
import { Spinner } from '@gvm/ui/spinner';
import { CheckCheck } from 'lucide-react';
import { NotificationList, useMarkAllNotificationsRead, useNotifications } from '@/features/notifications';
import { useCurrentUser } from '@/lib/auth/current-user';
import { toast } from '@/lib/toast';

/**
 * Settings, Notification tab (docs/product/accounts.md#account-and-settings): the user's
 * notifications, newest first, each marked read when clicked, and a way to mark them all read.
 */
export function NotificationSettingsTab() {
  const user = useCurrentUser();
  const userId = user.data?._id;
  const notifications = useNotifications(userId);
  const markAll = useMarkAllNotificationsRead();
  const unreadIds = (notifications.data ?? []).filter((n) => !n.read).map((n) => n._id);

  function markAllRead() {
    markAll.mutate(unreadIds, {
      onSuccess: () => toast.success('All notifications marked as read'),
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-gray-900">Notifications</h2>
          <p className="text-sm text-gray-500">
            {unreadIds.length === 0 ? 'You are all caught up.' : `${unreadIds.length} unread`}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={markAllRead}
          disabled={unreadIds.length === 0 || markAll.isPending}
        >
          {markAll.isPending ? <Spinner /> : <CheckCheck aria-hidden="true" className="h-4 w-4" />}
          Mark all as read
        </Button>
      </div>
      <div className="overflow-hidden rounded-lg border border-gray-200">
        <NotificationList userId={userId} />
      </div>
    </div>
  );
}
