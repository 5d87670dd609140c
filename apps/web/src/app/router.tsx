import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, type ElementType, lazy, useState } from 'react';
import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { routePatterns } from '@/config/paths';
import { RequireAuth } from '@/features/auth';
import { RootLayout } from './root-layout';

/**
 * What a page's module may export beside its component, as `pageData`: starts the queries the
 * page's first render draws, in the query cache, and settles when they have (a failure included:
 * the page's own queries show it). Before the app's first render, main.tsx waits for the first
 * page's (decision 076), so that render draws the page with its data in slices the browser can
 * interrupt, rather than drawing it empty and then again, in one task, as each answer lands.
 */
export type PageData = (queryClient: QueryClient) => Promise<unknown>;

/** What a page's route carries beside its element: how to load its code and its data ahead of its first render. */
export interface PageHandle {
  preload: () => Promise<void>;
  /** The page's `pageData`, once its code has loaded; settled at once for a page without one. */
  data: (queryClient: QueryClient) => Promise<unknown>;
}

/**
 * A page's module, fetched on its first visit, so each page's code is loaded only when needed.
 * While it loads, the shell's Suspense boundary shows the page's skeleton (first visit) or keeps
 * the page being left (navigations run as transitions). Once loaded (`preload`, which main.tsx
 * calls for the first page before the app's first render, decision 042), the page renders at once
 * rather than suspending: React shows a boundary's content no sooner than 300 ms after its
 * fallback, so a fallback drawn for a module already loaded holds the page back that long.
 */
interface PageCode extends PageHandle {
  /** The page's component, once its module has loaded. */
  loaded?: ComponentType;
  /** The module's `pageData`, once it has loaded. */
  loadedData?: PageData;
  /** The page's component through React.lazy: loads the module, suspending meanwhile. */
  lazy: ElementType;
}

function pageCode<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): PageCode {
  const code: PageCode = {
    preload: async () => {
      const module = await load();
      code.loaded = pick(module);
      code.loadedData = (module as { pageData?: PageData }).pageData;
    },
    data: async (queryClient) => code.loadedData?.(queryClient),
    lazy: lazy(async () => {
      await code.preload();
      return { default: code.loaded as ComponentType };
    }),
  };
  return code;
}

function LazyPage({ code }: { code: PageCode }) {
  // Chosen once a mount, so a later render never swaps one for the other (and loses the page's state).
  const [Component] = useState<ElementType>(() => code.loaded ?? code.lazy);
  return <Component />;
}

function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Pick<RouteObject, 'element' | 'handle'> {
  const code = pageCode(load, pick);
  return { element: <LazyPage code={code} />, handle: { preload: code.preload, data: code.data } satisfies PageHandle };
}

/** A page that needs login (docs/product/README.md#access): a guest goes to /login and comes back after signing in. */
function protectedPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): Pick<RouteObject, 'element' | 'handle'> {
  const code = pageCode(load, pick);
  return {
    element: (
      <RequireAuth>
        <LazyPage code={code} />
      </RequireAuth>
    ),
    handle: { preload: code.preload, data: code.data } satisfies PageHandle,
  };
}

/**
 * Loads the code of the page at `location` (and waits for it), so that the app's first render
 * draws that page rather than its skeleton. A failure is left to the page's own load, which the
 * shell shows as a route error.
 */
export async function preloadPage(location: { pathname: string }): Promise<void> {
  await Promise.all(pageHandles(location).map((handle) => handle.preload().catch(() => undefined)));
}

/**
 * Starts the queries the first render of the page at `location` draws (its module's `pageData`,
 * once `preloadPage` has loaded it) and settles when they have.
 */
export async function preloadPageData(location: { pathname: string }, queryClient: QueryClient): Promise<void> {
  await Promise.all(pageHandles(location).map((handle) => handle.data(queryClient).catch(() => undefined)));
}

/** The last location's handles: the first page's code and data are looked up once (a first match ranks every route). */
let lastHandles: { pathname: string; handles: PageHandle[] } | undefined;

function pageHandles(location: { pathname: string }): PageHandle[] {
  if (lastHandles?.pathname !== location.pathname) {
    const matches = matchRoutes(routes, location) ?? [];
    lastHandles = {
      pathname: location.pathname,
      handles: matches.flatMap((match) => (match.route.handle as PageHandle | undefined) ?? []),
    };
  }
  return lastHandles.handles;
}

/**
 * docs/product/README.md#routes: the full route table, but for the operator console's `/ops/*`,
 * which is not the shop's: the server answers those addresses with the console's own page
 * (ops.html, decision 052), so none of its code is in the shop's entry.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      {
        index: true,
        ...page(
          () => import('@/features/catalog/pages/home-page'),
          (m) => m.HomePage,
        ),
      },
      {
        path: routePatterns.product,
        ...page(
          () => import('@/features/catalog/pages/product-page'),
          (m) => m.ProductPage,
        ),
      },
      {
        path: routePatterns.cart,
        ...page(
          () => import('@/features/cart/pages/cart-page'),
          (m) => m.CartPage,
        ),
      },
      {
        path: routePatterns.checkout,
        ...page(
          () => import('@/features/checkout/pages/checkout-page'),
          (m) => m.CheckoutPage,
        ),
      },
      {
        path: routePatterns.sentGift,
        ...page(
          () => import('@/features/gifts/pages/sent-gift-page'),
          (m) => m.SentGiftPage,
        ),
      },
      {
        path: routePatterns.login,
        ...page(
          () => import('@/features/auth/pages/login-page'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: routePatterns.loginCode,
        ...page(
          () => import('@/features/auth/pages/login-code-page'),
          (m) => m.LoginCodePage,
        ),
      },
      {
        path: routePatterns.signup,
        ...page(
          () => import('@/features/auth/pages/signup-page'),
          (m) => m.SignupPage,
        ),
      },
      {
        path: routePatterns.verify,
        ...page(
          () => import('@/features/auth/pages/verify-email-page'),
          (m) => m.VerifyEmailPage,
        ),
      },
      {
        path: routePatterns.wishlist,
        ...protectedPage(
          () => import('@/features/wishlist/pages/wishlist-page'),
          (m) => m.WishlistPage,
        ),
      },
      {
        path: routePatterns.wallet,
        ...protectedPage(
          () => import('@/features/wallet/pages/wallet-page'),
          (m) => m.WalletPage,
        ),
      },
      {
        path: routePatterns.voucher,
        ...protectedPage(
          () => import('@/features/vouchers/pages/voucher-page'),
          (m) => m.VoucherPage,
        ),
      },
      {
        path: routePatterns.redeem,
        ...protectedPage(
          () => import('@/features/redeem/pages/redeem-page'),
          (m) => m.RedeemPage,
        ),
      },
      {
        path: routePatterns.confirmation,
        ...protectedPage(
          () => import('@/features/checkout/pages/confirmation-page'),
          (m) => m.ConfirmationPage,
        ),
      },
      {
        path: routePatterns.gift,
        ...page(
          () => import('@/features/gifts/pages/gift-page'),
          (m) => m.GiftPage,
        ),
      },
      {
        path: routePatterns.exchangeVoucher,
        ...protectedPage(
          () => import('@/features/exchange/pages/exchange-voucher-page'),
          (m) => m.ExchangeVoucherPage,
        ),
      },
      {
        path: routePatterns.exchangeConfirmation,
        ...page(
          () => import('@/features/exchange/pages/exchange-confirmation-page'),
          (m) => m.ExchangeConfirmationPage,
        ),
      },
      {
        path: routePatterns.account,
        ...protectedPage(
          () => import('@/features/settings/pages/account-page'),
          (m) => m.AccountPage,
        ),
      },
      {
        path: routePatterns.settings,
        ...protectedPage(
          () => import('@/features/settings/pages/settings-page'),
          (m) => m.SettingsPage,
        ),
      },
      {
        path: routePatterns.about,
        ...page(
          () => import('@/features/info/pages/about-page'),
          (m) => m.AboutPage,
        ),
      },
      {
        path: routePatterns.partners,
        ...page(
          () => import('@/features/info/pages/partners-page'),
          (m) => m.PartnersPage,
        ),
      },
      {
        path: routePatterns.exchange,
        ...page(
          () => import('@/features/info/pages/exchange-guide-page'),
          (m) => m.ExchangeGuidePage,
        ),
      },
      {
        path: routePatterns.terms,
        ...page(
          () => import('@/features/info/pages/terms-page'),
          (m) => m.TermsPage,
        ),
      },
      {
        path: routePatterns.privacy,
        ...page(
          () => import('@/features/info/pages/privacy-page'),
          (m) => m.PrivacyPage,
        ),
      },
      {
        path: routePatterns.contact,
        ...page(
          () => import('@/features/info/pages/contact-page'),
          (m) => m.ContactPage,
        ),
      },
      {
        path: routePatterns.amlPolicy,
        ...page(
          () => import('@/features/info/pages/aml-policy-page'),
          (m) => m.AmlPolicyPage,
        ),
      },
      {
        path: routePatterns.refundPolicy,
        ...page(
          () => import('@/features/info/pages/refund-policy-page'),
          (m) => m.RefundPolicyPage,
        ),
      },
      {
        path: '*',
        ...page(
          () => import('./not-found-page'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];

/**
 * The app's pages under the browser's router (decision 023: react-router's declarative mode; the
 * data router's loaders, actions and fetchers, unused here, were 18 kB of the first load).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
