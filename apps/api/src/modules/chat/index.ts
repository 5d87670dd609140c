/**
 * The live support chat (docs/product/support-chat.md, decision 051): the shopper's panel, the
 * console's conversations and canned replies, and the socket both use. It owns the chat tables.
 */
export type { ChatTimings } from './hub';
export { chatOpsRoutes } from './ops-routes';
export { chatRoutes } from './routes';
export { type ChatService, registerChat } from './service';
