import { lazy, Suspense, useEffect, useState } from 'react';
import { onToastRequested, toastRequested } from '@/lib/toast';

const AppToaster = lazy(() => import('./toaster'));

/** After the page has loaded, when the browser is idle; at the latest 2 s after. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}

/**
 * sonner's Toaster, fetched after the first paint (decision 023): when the browser is first idle,
 * so its live region is in the page before any toast is announced, or at once when a toast is
 * asked for sooner. Toasts asked for meanwhile wait in `@/lib/toast`.
 */
export function LazyToaster() {
  const [wanted, setWanted] = useState(toastRequested);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const stopListening = onToastRequested(want);
    let cancelIdle = () => {};
    const afterLoad = () => {
      cancelIdle = whenIdle(want);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      stopListening();
      cancelIdle();
      window.removeEventListener('load', afterLoad);
    };
  }, [wanted]);

  return wanted ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}
