/**
 * Messages (docs/product/operators.md#messages): the contact form's messages and their replies. Its page is
 * loaded by the console's page list (app/console-pages.tsx) on first use; nothing else imports it.
 */
export { MessagesPage } from './pages/messages-page';
