import { type ComponentType, lazy, Suspense } from 'react';
import { useIsLoggedIn } from '@/lib/auth/session-store';
import { useSignedInUserId } from '../lib/signed-in-user';

/** A chunk that cannot be fetched (offline) leaves the chat out until the next load, never the page. */
const ChatWidget = lazy<ComponentType<{ userId: string }>>(() =>
  import('./chat-widget').catch(() => ({ default: () => null })),
);

/**
 * The live support chat (docs/product/support-chat.md#in-the-browser), rendered by the pages that
 * show it: the account's pages and the checkout, never the page shell, so no other page's first
 * load holds any of it (decision 054). Only for a signed-in shopper; its code (the launcher, the
 * socket, the contract's schemas) loads the first time it is shown. Keyed by the signed-in person:
 * another account signing in gets a widget of its own, nothing of the last one's.
 */
export function SupportChat() {
  const loggedIn = useIsLoggedIn();
  const userId = useSignedInUserId();
  if (!loggedIn || !userId) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget key={userId} userId={userId} />
    </Suspense>
  );
}
