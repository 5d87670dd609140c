import { Bell } from 'lucide-react';
import { lazy, type MouseEvent, type PointerEvent, Suspense, useId, useRef, useState } from 'react';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useNotifications } from '../api/get-notifications';
import { bellClassName } from './bell-class-name';

const loadPopover = () => import('./notification-popover');
const NotificationPopover = lazy(loadPopover);

/**
 * The bell of a signed-in user (docs/product/README.md#notifications): a red dot while any notification is unread;
 * the 'Notifications' panel opens on hover or click and closes on a click outside (or Escape).
 * Loaded by `NotificationBell`. The dot needs only the notifications query; the panel (a Radix
 * popover with its positioning and focus code, about 25 kB) is fetched when the pointer or the
 * keyboard first reaches the bell, not with every signed-in page (decision 037).
 */
export default function SignedInNotificationBell() {
  const user = useCurrentUser();
  const userId = user.data?._id;
  const notifications = useNotifications(userId);
  const hasUnread = notifications.data?.some((notification) => !notification.read) ?? false;
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the panel's own closing (focus, outside clicks) runs.
  const [mounted, setMounted] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // A panel opened by hovering stays open when the pointer then clicks the bell, instead of the
  // click toggling it shut under the user's hand.
  const openedByHover = useRef(false);

  function changeOpen(next: boolean) {
    if (!next) openedByHover.current = false;
    if (next) setMounted(true);
    setOpen(next);
  }

  function openOnHover(event: PointerEvent<HTMLButtonElement>) {
    void loadPopover();
    if (event.pointerType !== 'mouse' || open) return;
    openedByHover.current = true;
    changeOpen(true);
  }

  function toggleOnClick(event: MouseEvent<HTMLButtonElement>) {
    if (open && openedByHover.current) {
      openedByHover.current = false;
      event.preventDefault();
      return;
    }
    changeOpen(!open);
  }

  return (
    <>
      <button
        ref={bell}
        type="button"
        aria-label={hasUnread ? 'Notifications (unread)' : 'Notifications'}
        title="Notifications"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={openOnHover}
        onPointerDown={() => void loadPopover()}
        onFocus={() => void loadPopover()}
        onClick={toggleOnClick}
        className={bellClassName}
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {hasUnread && (
          <span
            aria-hidden="true"
            className="absolute top-2 right-2 h-2.5 w-2.5 rounded-full bg-red-500 ring-2 ring-white"
          />
        )}
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <NotificationPopover open={open} onOpenChange={changeOpen} bell={bell} id={panelId} userId={userId} />
        </Suspense>
      ) : null}
    </>
  );
}
