import { Bell } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useIsLoggedIn } from '@/lib/auth/session-store';
import { bellClassName } from './bell-class-name';

const SignedInNotificationBell = lazy(() => import('./signed-in-notification-bell'));

/**
 * The header's notification bell (docs/product/README.md#notifications): signed-in users only. Guests never load
 * its code (the notifications, Radix's popover); a signed-in user sees a plain bell until it has
 * loaded (decision 023).
 */
export function NotificationBell() {
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) return null;
  return (
    <Suspense
      fallback={
        <button type="button" aria-label="Notifications" title="Notifications" className={bellClassName}>
          <Bell className="h-5 w-5" aria-hidden="true" />
        </button>
      }
    >
      <SignedInNotificationBell />
    </Suspense>
  );
}
