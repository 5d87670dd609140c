import { useLocation } from 'react-router';
import { useIsLoggedIn } from '@/lib/auth/session-store';
import { isChatPage } from '../lib/chat-pages';

/**
 * Whether the chat's launcher shows on this page (docs/product/support-chat.md#in-the-browser):
 * for a signed-in shopper on the account's pages and the checkout. The toasts, at the bottom
 * right like the launcher, stand above it then.
 */
export function useChatLauncherShown(): boolean {
  const loggedIn = useIsLoggedIn();
  const { pathname } = useLocation();
  return loggedIn && isChatPage(pathname);
}
