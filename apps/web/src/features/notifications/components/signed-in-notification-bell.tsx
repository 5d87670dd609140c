import * as Popover from '@radix-ui/react-popover';
import { Bell } from 'lucide-react';
import { type MouseEvent, type PointerEvent, useRef, useState } from 'react';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useNotifications } from '../api/get-notifications';
import { bellClassName } from './bell-class-name';
import { NotificationList } from './notification-list';

/**
 * The bell of a signed-in user (spec 000 section 2): a red dot while any notification is unread;
 * the 'Notifications' panel opens on hover or click and closes on a click outside (or Escape).
 * Spec 000 section 9: the panel is 20rem wide and at most 24rem tall. Loaded by `NotificationBell`.
 */
export default function SignedInNotificationBell() {
  const user = useCurrentUser();
  const userId = user.data?._id;
  const notifications = useNotifications(userId);
  const hasUnread = notifications.data?.some((notification) => !notification.read) ?? false;
  const [open, setOpen] = useState(false);
  // A panel opened by hovering stays open when the pointer then clicks the bell, instead of the
  // click toggling it shut under the user's hand.
  const openedByHover = useRef(false);

  function openOnHover(event: PointerEvent<HTMLButtonElement>) {
    if (event.pointerType !== 'mouse' || open) return;
    openedByHover.current = true;
    setOpen(true);
  }

  function keepHoverOpenOnClick(event: MouseEvent<HTMLButtonElement>) {
    if (open && openedByHover.current) {
      openedByHover.current = false;
      event.preventDefault();
    }
  }

  function changeOpen(next: boolean) {
    if (!next) openedByHover.current = false;
    setOpen(next);
  }

  return (
    <Popover.Root open={open} onOpenChange={changeOpen}>
      <Popover.Trigger
        aria-label={hasUnread ? 'Notifications (unread)' : 'Notifications'}
        title="Notifications"
        onPointerEnter={openOnHover}
        onClick={keepHoverOpenOnClick}
        className={bellClassName}
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {hasUnread && (
          <span
            aria-hidden="true"
            className="absolute top-2 right-2 h-2.5 w-2.5 rounded-full bg-red-500 ring-2 ring-white"
          />
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby="notifications-panel-title"
          className="z-50 flex max-h-96 w-80 max-w-[calc(100vw-1rem)] flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-xl focus:outline-none"
        >
          <h2
            id="notifications-panel-title"
            className="border-b border-gray-100 px-4 py-3 text-base font-semibold text-gray-900"
          >
            Notifications
          </h2>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
            <NotificationList userId={userId} />
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
