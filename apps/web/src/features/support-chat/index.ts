/**
 * The support chat feature's public face (docs/product/support-chat.md): the shopper's launcher
 * and panel, mounted by the page shell.
 */
export { SupportChat } from './components/support-chat';
