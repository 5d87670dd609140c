import { pagePath, pageRoutes } from '@gvm/contract';

/**
 * The route patterns the router registers (docs/product/README.md#routes): one list, kept in the contract
 * (`pageRoutes`), which the API's sitemap reads too.
 */
export const routePatterns = pageRoutes;

/** Every route (docs/product/README.md#routes), as links: `paths.product(id)`. */
export const paths = {
  home: pageRoutes.home,
  login: pageRoutes.login,
  loginCode: pageRoutes.loginCode,
  signup: pageRoutes.signup,
  product: (id: string) => pagePath(pageRoutes.product, { id }),
  cart: pageRoutes.cart,
  redeem: pageRoutes.redeem,
  wishlist: pageRoutes.wishlist,
  wallet: pageRoutes.wallet,
  checkout: pageRoutes.checkout,
  sentGift: pageRoutes.sentGift,
  confirmation: pageRoutes.confirmation,
  /** A gift recipient's claim link (docs/product/README.md#added-routes). */
  gift: (token: string) => pagePath(pageRoutes.gift, { token }),
  verify: (token: string) => pagePath(pageRoutes.verify, { token }),
  /** The voucher at the till (docs/product/README.md#added-routes). */
  voucher: (id: string) => pagePath(pageRoutes.voucher, { id }),
  exchangeVoucher: pageRoutes.exchangeVoucher,
  exchangeConfirmation: pageRoutes.exchangeConfirmation,
  account: pageRoutes.account,
  settings: pageRoutes.settings,
  about: pageRoutes.about,
  partners: pageRoutes.partners,
  exchange: pageRoutes.exchange,
  terms: pageRoutes.terms,
  privacy: pageRoutes.privacy,
  contact: pageRoutes.contact,
  amlPolicy: pageRoutes.amlPolicy,
  refundPolicy: pageRoutes.refundPolicy,
} as const;
