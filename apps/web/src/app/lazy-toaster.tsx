import { lazy, Suspense, useEffect, useState } from 'react';
import { onToastRequested, toastRequested } from '@/lib/toast';

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
