import type { Notification } from '@gvm/contract';
import { cn } from '@gvm/ui/cn';
import { formatNotificationDate } from '../lib/format-notification-date';

interface NotificationItemProps {
  notification: Notification;
  disabled?: boolean;
  onRead(notification: Notification): void;
}

/** One notification: its message and date; clicking an unread one marks it read. */
export function NotificationItem({ notification, disabled, onRead }: NotificationItemProps) {
  const { message, read, createdAt } = notification;
  return (
    <li>
      <button
        type="button"
        disabled={disabled}
        onClick={() => onRead(notification)}
        aria-label={read ? message : `Unread: ${message}`}
        className={cn(
          'flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-gray-50',
          'focus-visible:bg-gray-50 focus-visible:outline-none disabled:cursor-wait',
          !read && 'bg-brand-50/60',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', read ? 'bg-transparent' : 'bg-brand-600')}
        />
        <span className="min-w-0 flex-1">
          <span className={cn('block text-sm break-words', read ? 'text-gray-600' : 'font-semibold text-gray-900')}>
            {message}
          </span>
          <time dateTime={createdAt} className="mt-1 block text-xs text-gray-500">
            {formatNotificationDate(createdAt)}
          </time>
        </span>
      </button>
    </li>
  );
}
