/**
 * Chat (docs/product/support-chat.md): the live support conversations, answered from the console.
 * Its page is loaded by the console's page list (app/console-pages.tsx) on first use; the layout
 * holds its socket and shows the menu's unread count (decision 074).
 */
export { ChatLiveProvider, ChatMenuLabel } from './components/chat-live';
