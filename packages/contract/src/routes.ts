import { endpointPath } from './endpoint-shape';

/**
 * Every page of the web app (docs/product/README.md#routes), as route patterns with `:params`, in one place: the
 * web router registers these (through `routePatterns` in apps/web/src/config/paths.ts), the web's
 * `paths` builds links from them, and the API's sitemap lists the public ones.
 */
export const pageRoutes = {
  home: '/',
  login: '/login',
  loginCode: '/login-code',
  signup: '/signup',
  product: '/product/:id',
  cart: '/cart',
  redeem: '/redeem',
  wishlist: '/wishlist',
  wallet: '/wallet',
  checkout: '/checkout',
  sentGift: '/sent-gift',
  confirmation: '/confirmation',
  /** A gift recipient's claim link (docs/product/README.md#added-routes). */
  gift: '/gift/:token',
  verify: '/verify/:token',
  /** The voucher at the till (docs/product/README.md#added-routes), its owner only once activated: every voucher's redemptionUrl. */
  voucher: '/vouchers/:id',
  exchangeVoucher: '/exchange-voucher',
  exchangeConfirmation: '/exchange-confirmation',
  account: '/account',
  settings: '/settings',
  about: '/about',
  partners: '/partners',
  exchange: '/exchange',
  terms: '/terms',
  privacy: '/privacy',
  contact: '/contact',
  amlPolicy: '/aml-policy',
  refundPolicy: '/refund-policy',
  /**
   * The operator console (docs/product/operators.md#the-console): a page of its own (the web's
   * ops.html, decision 052) whose own router draws its pages under /ops (decision 047).
   */
  ops: '/ops/*',
} as const;

export type PageRoute = (typeof pageRoutes)[keyof typeof pageRoutes];

/**
 * The pages without parameters that anyone may read (docs/product/README.md#access), as the sitemap
 * lists them; product pages (`pageRoutes.product`) are listed one per product.
 */
export const publicPagePaths = [
  pageRoutes.home,
  pageRoutes.about,
  pageRoutes.partners,
  pageRoutes.exchange,
  pageRoutes.contact,
  pageRoutes.terms,
  pageRoutes.privacy,
  pageRoutes.amlPolicy,
  pageRoutes.refundPolicy,
] as const;

/**
 * The page a path is, matched as the web's router matches it (react-router: compared without
 * regard to case after decoding, trailing slashes ignored, a `:param` any one non-empty segment, a
 * final `*` any rest, none included); undefined for a path no page has, which the app draws as its not-found page. The API answers
 * those with 404 (apps/api/src/plugins/web-app.ts).
 */
export function matchPageRoute(pathname: string): PageRoute | undefined {
  const trimmed = pathname.replace(/\/+$/, '');
  if (trimmed !== '' && !trimmed.startsWith('/')) return undefined;
  const segments = trimmed === '' ? [] : trimmed.slice(1).split('/').map(decodeSegment);
  return routeSegments.find(({ parts }) => {
    const splat = parts.at(-1) === '*';
    const fixed = splat ? parts.slice(0, -1) : parts;
    if (splat ? segments.length < fixed.length : segments.length !== fixed.length) return false;
    return fixed.every((part, index) => {
      const segment = segments[index] ?? '';
      return part.startsWith(':') ? segment !== '' : part === segment.toLowerCase();
    });
  })?.pattern;
}

const routeSegments = Object.values(pageRoutes).map((pattern) => ({
  pattern,
  parts: pattern.split('/').filter((part) => part !== ''),
}));

/** A segment decoded as the router decodes the path; one that cannot be decoded stays as it is. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The `:name` parameters of a route pattern: `RouteParams<'/gift/:token'>` is `'token'`. */
export type RouteParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | RouteParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A page's path with its parameters filled in, URI-encoded: `pagePath(pageRoutes.product, { id })`. */
export function pagePath<P extends PageRoute>(pattern: P, params: Record<RouteParams<P>, string>): string {
  return endpointPath({ path: pattern }, params);
}
