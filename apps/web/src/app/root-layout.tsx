import { Outlet, ScrollRestoration } from 'react-router';
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
    </div>
  );
}

/** Spec 000 section 2: the scroll position returns to the top on every route change. */
function ScrollToTop() {
  return <ScrollRestoration getKey={(location) => location.key} />;
}
