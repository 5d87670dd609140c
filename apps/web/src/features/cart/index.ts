/** The cart feature's public face: what pages, the shell and other features may use. */
export { serverCartQueryKey, serverCartQueryOptions } from './api/get-cart';
export { CartLink } from './components/cart-link';
export { CartTotals } from './components/cart-totals';
export { SaveLocalCartOnSignIn } from './components/save-local-cart-on-sign-in';
export { useCart } from './hooks/use-cart';
export { useCartStore } from './stores/cart-store';
export { type Recipient, useRecipientStore } from './stores/recipient-store';
export type { CartApi, CartLine, CartRecipient, CurrencyTotal, NewCartLine } from './types';
