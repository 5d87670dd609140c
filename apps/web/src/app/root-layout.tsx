import { type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SaveLocalCartOnSignIn } from '@/features/cart';
import { HomePageSkeleton } from '@/features/catalog';
import Footer from './layout/footer';
import { Header } from './layout/header';
import { OfflineBanner } from './layout/offline-banner';
import { LazyScrollRestoration } from './lazy-scroll-restoration';
import { RouteErrorBoundary } from './route-error';

/**
 * The page shell (docs/product/README.md#page-shell): header, the page, footer. Until the first page's code has
 * loaded, the shell shows the shape of that page, drawn from the entry's code alone, so the first
 * paint does not wait for the page's chunk (decision 023); the footer comes with the page. A page
 * that fails to load or throws shows RouteError in the shell, until the path changes.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const [pageShown, setPageShown] = useState(false);
  return (
    <Shell footer={pageShown}>
      <RouteErrorBoundary key={pathname} onError={() => setPageShown(true)}>
        <Suspense fallback={<PageSkeleton pathname={pathname} />}>
          <Outlet />
          {/* The footer (below the first screen) drawn as a transition: in slices the browser can
              interrupt, not in the same task as the page's own first commit (decision 075). */}
          <WhenShown onShown={() => startTransition(() => setPageShown(true))} />
        </Suspense>
      </RouteErrorBoundary>
      <LazyScrollRestoration />
      <SaveLocalCartOnSignIn />
    </Shell>
  );
}

/** Tells the shell once the Suspense boundary it sits in shows the page rather than the skeleton. */
function WhenShown({ onShown }: { onShown(): void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when first shown.
  useEffect(() => onShown(), []);
  return null;
}

/**
 * `footer`: whether to draw the footer. It comes with the first page, not with its skeleton: a
 * footer drawn under the skeleton would move when the page arrives (decision 023).
 */
function Shell({ children, footer }: { children: ReactNode; footer: boolean }) {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <OfflineBanner />
      <main id="main" className="flex-1">
        {children}
      </main>
      {footer ? <Footer /> : null}
    </div>
  );
}

const block = 'rounded bg-gray-100';

function PageSkeleton({ pathname }: { pathname: string }) {
  // The real hero and category strip: the page draws them in the same place (decision 024).
  if (pathname === '/') return <HomePageSkeleton />;
  if (pathname.startsWith('/product/')) {
    return (
      <div
        role="status"
        aria-label="Loading"
        className="mx-auto max-w-7xl animate-pulse px-4 py-6 sm:px-6 sm:py-10 lg:px-8"
      >
        <div className={`h-4 w-56 ${block}`} />
        <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-12">
          <div className="aspect-[4/3] rounded-3xl bg-gray-100" />
          <div className="space-y-5">
            <div className={`h-9 w-2/3 ${block}`} />
            <div className={`h-6 w-40 ${block}`} />
            <div className={`h-64 ${block}`} />
          </div>
        </div>
      </div>
    );
  }
  return (
    <div
      role="status"
      aria-label="Loading"
      className="mx-auto max-w-7xl animate-pulse px-4 py-8 sm:px-6 sm:py-12 lg:px-8"
    >
      <div className={`h-9 w-48 ${block}`} />
      <div className={`mt-8 h-48 ${block}`} />
    </div>
  );
}
