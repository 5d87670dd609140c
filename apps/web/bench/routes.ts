import type { RouteToMeasure } from './measure';

/** The routes decision 024 measures; the last two are opened signed in (they are protected). */
export function benchRoutes(productId: string): { guest: RouteToMeasure[]; signedIn: RouteToMeasure[] } {
  return {
    guest: [
      { name: 'home', path: '/', readySelector: 'ul[aria-labelledby="home-top-sellers"] li' },
      { name: 'product', path: `/product/${productId}`, readySelector: '#main h1' },
      { name: 'cart', path: '/cart', readySelector: '#main h1' },
    ],
    signedIn: [
      { name: 'checkout', path: '/checkout', readySelector: '#main h1' },
      { name: 'wallet', path: '/wallet', readySelector: '#main h1' },
    ],
  };
}
