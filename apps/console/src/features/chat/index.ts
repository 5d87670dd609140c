/**
 * Chat (docs/product/support-chat.md): the live support conversations, answered from the console. Its page is
 * loaded by the console's page list (app/console-pages.tsx) on first use; nothing else imports it.
 */
export { ChatPage } from './pages/chat-page';
