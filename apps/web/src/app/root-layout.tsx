import { useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SaveLocalCartOnSignIn } from '@/features/cart';
import { Footer } from './layout/footer';
import { Header } from './layout/header';

/** The page shell of spec 000 section 2: header, the page, footer. */
export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollToTop />
      <SaveLocalCartOnSignIn />
    </div>
  );
}

/**
 * Spec 000 section 2: the scroll position returns to the top on every route change, back and
 * forward included. A change of query only (a filter, a search) keeps the shopper's place.
 */
function ScrollToTop() {
  const { pathname } = useLocation();

  useLayoutEffect(() => {
    // The browser would otherwise restore an old position on back/forward after this runs.
    window.history.scrollRestoration = 'manual';
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path, by design.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return null;
}
