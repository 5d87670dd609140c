import { type ComponentType, lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useIsLoggedIn } from '@/lib/auth/session-store';
import { usePageIdle } from '@/lib/use-page-idle';
import { useSignedInUserId } from '../lib/signed-in-user';

/** A chunk that cannot be fetched (offline) leaves the chat out until the next load, never the page. */
const ChatWidget = lazy<ComponentType<{ userId: string }>>(() =>
  import('./chat-widget').catch(() => ({ default: () => null })),
);

/**
 * The live support chat (docs/product/support-chat.md#in-the-browser), rendered by the pages that
 * show it: the account's pages and the checkout, never the page shell, so no other page's first
 * load holds any of it (decision 054). Only for a signed-in shopper; its code (the launcher and
 * its one request) loads once the page has loaded and is idle, so none of it competes with the
 * page's own start-up (decision 075); the chat's e-mailed link (`?chat=open`) loads it at once.
 * Keyed by the signed-in person: another account signing in gets a widget of its own, nothing of
 * the last one's.
 */
export function SupportChat() {
  const loggedIn = useIsLoggedIn();
  const userId = useSignedInUserId();
  const [searchParams] = useSearchParams();
  const idle = usePageIdle(searchParams.get('chat') === 'open');
  if (!loggedIn || !userId || !idle) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget key={userId} userId={userId} />
    </Suspense>
  );
}
