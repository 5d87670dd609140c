import { matchPath } from 'react-router';
import { routePatterns } from '@/config/paths';

/**
 * The pages that show the chat's launcher to a signed-in shopper
 * (docs/product/support-chat.md#in-the-browser): the account's own pages and the checkout. Never
 * a public page (home, products, the cart, information pages) and never the console.
 */
const chatPages = [
  routePatterns.wallet,
  routePatterns.account,
  routePatterns.settings,
  routePatterns.wishlist,
  routePatterns.redeem,
  routePatterns.exchangeVoucher,
  routePatterns.checkout,
];

/** Whether `pathname` is one of those pages, matched as the router matches it. */
export function isChatPage(pathname: string): boolean {
  return chatPages.some((pattern) => matchPath(pattern, pathname) !== null);
}
