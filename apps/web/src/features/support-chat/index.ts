/**
 * The support chat feature's public face (docs/product/support-chat.md): the shopper's launcher
 * and panel, rendered by the account pages and the checkout, and what the console's Chat page shares with them (the
 * socket with its reconnection, merging messages by id, message text with safe links).
 */
export { MessageText } from './components/message-text';
export { SupportChat } from './components/support-chat';
export { type ChatSocket, type ChatSocketStatus, chatSocketUrl, openChatSocket } from './lib/chat-socket';
export { compareIds as compareMessageIds, mergeById } from './lib/chat-state';
export { newClientId } from './lib/client-id';
