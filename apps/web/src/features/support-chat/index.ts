/**
 * The support chat feature's public face (docs/product/support-chat.md): the shopper's launcher
 * and panel, rendered by the account pages and the checkout. What the console's Chat page shares
 * with them (the socket with its reconnection, merging messages by id, message text with safe
 * links) is in @gvm/web-lib.
 */
export { SupportChat } from './components/support-chat';
