import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Decision 033: while the browser is offline, a polite banner at the foot of the window says so
 * (gone when it is back). The live region is always in the page, so a screen reader announces
 * the words when they appear.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  return (
    <div role="status" className="empty:hidden">
      {online ? null : (
        <p className="fixed inset-x-0 bottom-0 z-50 border-t border-amber-200 bg-amber-50 px-4 py-3 text-center text-sm text-amber-900">
          You are offline. The shop will load again when your connection is back.
        </p>
      )}
    </div>
  );
}
