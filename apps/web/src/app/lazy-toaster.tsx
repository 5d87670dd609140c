import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { dismissErrorToastsOnRouteChange, onToastRequested, toastRequested } from '@/lib/toast';

const AppToaster = lazy(() => import('./toaster'));

/**
 * sonner's Toaster, fetched with the first toast (decision 023): a visit that shows none never
 * loads it. The toast waits in `@/lib/toast` until the Toaster has mounted, so it lands in a
 * live region that is already on the page and is announced.
 */
export function LazyToaster() {
  const [wanted, setWanted] = useState(toastRequested);

  useEffect(() => {
    if (wanted) return;
    return onToastRequested(() => setWanted(true));
  }, [wanted]);

  return wanted ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

/** Decision 029: error toasts from the page being left are dismissed when the path changes. */
export function DismissErrorToastsOnRouteChange() {
  const { pathname } = useLocation();
  const shownFor = useRef(pathname);
  useEffect(() => {
    if (shownFor.current === pathname) return;
    shownFor.current = pathname;
    dismissErrorToastsOnRouteChange();
  }, [pathname]);
  return null;
}
