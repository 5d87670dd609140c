import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** Loads a page module on first visit, so each page's code is fetched only when needed. */
function page<M>(load: () => Promise<M>, pick: (module: M) => React.ComponentType): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

/** A page that needs login (spec 000 section 6): a guest goes to /login and comes back after signing in. */
function protectedPage<M>(load: () => Promise<M>, pick: (module: M) => React.ComponentType): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Page = pick(await load());
      return {
        element: (
          <RequireAuth>
            <Page />
          </RequireAuth>
        ),
      };
    },
  };
}

/** Spec 000 section 2: the full route table. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        index: true,
        ...page(
          () => import('@/features/catalog/pages/home-page'),
          (m) => m.HomePage,
        ),
      },
      {
        path: 'product/:id',
        ...page(
          () => import('@/features/catalog/pages/product-page'),
          (m) => m.ProductPage,
        ),
      },
      {
        path: 'cart',
        ...page(
          () => import('@/features/cart/pages/cart-page'),
          (m) => m.CartPage,
        ),
      },
      {
        path: 'checkout',
        ...page(
          () => import('@/features/checkout/pages/checkout-page'),
          (m) => m.CheckoutPage,
        ),
      },
      {
        path: 'sent-gift',
        ...page(
          () => import('@/features/checkout/pages/sent-gift-page'),
          (m) => m.SentGiftPage,
        ),
      },
      {
        path: 'login',
        ...page(
          () => import('@/features/auth/pages/login-page'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: 'login-code',
        ...page(
          () => import('@/features/auth/pages/login-code-page'),
          (m) => m.LoginCodePage,
        ),
      },
      {
        path: 'signup',
        ...page(
          () => import('@/features/auth/pages/signup-page'),
          (m) => m.SignupPage,
        ),
      },
      {
        path: 'verify/:token',
        ...page(
          () => import('@/features/auth/pages/verify-email-page'),
          (m) => m.VerifyEmailPage,
        ),
      },
      {
        path: 'wishlist',
        ...protectedPage(
          () => import('@/features/wishlist/pages/wishlist-page'),
          (m) => m.WishlistPage,
        ),
      },
      {
        path: 'wallet',
        ...protectedPage(
          () => import('@/features/wallet/pages/wallet-page'),
          (m) => m.WalletPage,
        ),
      },
      {
        path: 'redeem',
        ...protectedPage(
          () => import('@/features/redeem/pages/redeem-page'),
          (m) => m.RedeemPage,
        ),
      },
      {
        path: 'confirmation',
        ...protectedPage(
          () => import('@/features/checkout/pages/confirmation-page'),
          (m) => m.ConfirmationPage,
        ),
      },
      {
        path: 'gift/:token',
        ...page(
          () => import('@/features/checkout/pages/gift-page'),
          (m) => m.GiftPage,
        ),
      },
      {
        path: 'exchange-voucher',
        ...page(
          () => import('@/features/exchange/pages/exchange-voucher-page'),
          (m) => m.ExchangeVoucherPage,
        ),
      },
      {
        path: 'exchange-confirmation',
        ...page(
          () => import('@/features/exchange/pages/exchange-confirmation-page'),
          (m) => m.ExchangeConfirmationPage,
        ),
      },
      {
        path: 'account',
        ...protectedPage(
          () => import('@/features/settings/pages/account-page'),
          (m) => m.AccountPage,
        ),
      },
      {
        path: 'settings',
        ...protectedPage(
          () => import('@/features/settings/pages/settings-page'),
          (m) => m.SettingsPage,
        ),
      },
      {
        path: 'about',
        ...page(
          () => import('@/features/info/pages/about-page'),
          (m) => m.AboutPage,
        ),
      },
      {
        path: 'partners',
        ...page(
          () => import('@/features/info/pages/partners-page'),
          (m) => m.PartnersPage,
        ),
      },
      {
        path: 'exchange',
        ...page(
          () => import('@/features/info/pages/exchange-guide-page'),
          (m) => m.ExchangeGuidePage,
        ),
      },
      {
        path: 'terms',
        ...page(
          () => import('@/features/info/pages/terms-page'),
          (m) => m.TermsPage,
        ),
      },
      {
        path: 'privacy',
        ...page(
          () => import('@/features/info/pages/privacy-page'),
          (m) => m.PrivacyPage,
        ),
      },
      {
        path: 'contact',
        ...page(
          () => import('@/features/info/pages/contact-page'),
          (m) => m.ContactPage,
        ),
      },
      {
        path: 'aml-policy',
        ...page(
          () => import('@/features/info/pages/aml-policy-page'),
          (m) => m.AmlPolicyPage,
        ),
      },
      {
        path: 'refund-policy',
        ...page(
          () => import('@/features/info/pages/refund-policy-page'),
          (m) => m.RefundPolicyPage,
        ),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
