import { type ComponentType, lazy, Suspense } from 'react';
import { useChatLauncherShown } from '../hooks/use-launcher-shown';

/** A chunk that cannot be fetched (offline) leaves the chat out until the next load, never the page. */
const ChatWidget = lazy<ComponentType>(() => import('./chat-widget').catch(() => ({ default: () => null })));

/**
 * The live support chat's launcher and panel (docs/product/support-chat.md#in-the-browser): only
 * for a signed-in shopper on the account's pages and the checkout. Its code (the panel, the
 * socket, the contract's schemas) loads the first time it is shown, so a guest and the public
 * pages never fetch it (decision 023). Mounted once in the page shell, it stays connected while the
 * shopper moves between those pages.
 */
export function SupportChat() {
  if (!useChatLauncherShown()) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}
