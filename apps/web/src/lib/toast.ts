import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Sonner = typeof sonnerToast;
type Message = Parameters<Sonner['success']>[0];

let loading: Promise<Sonner> | null = null;
const requestListeners = new Set<() => void>();
let toasterMounted: () => void = () => {};
/** Settles once a Toaster is on the page: toasts wait for it, so its live region is there first. */
const toasterReady = new Promise<void>((resolve) => {
  toasterMounted = resolve;
});

/**
 * Called by the app's Toaster once mounted (and by the tests' setup, which mount sonner's own):
 * queued toasts are shown from then on. A screen reader announces what is added to a live region
 * that is already in the page, not the content a new region arrives with.
 */
export function markToasterReady(): void {
  toasterMounted();
}

/** sonner's module, fetched once on first need (decision 023: it is not part of the first load). */
export function loadSonner(): Promise<Sonner> {
  if (!loading) {
    loading = import('sonner').then((module) => module.toast);
    for (const listener of requestListeners) listener();
  }
  return loading;
}

/** Whether a toast has been asked for (the app then mounts its Toaster). */
export function toastRequested(): boolean {
  return loading !== null;
}

export function onToastRequested(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

type ToastId = string | number;

/** The error toasts on screen (or queued), each with when it was asked for. */
const errorToasts = new Map<Promise<ToastId>, number>();

/** An error asked for this recently is part of the action that changed the route, and stays. */
export const ROUTE_CHANGE_GRACE_MS = 1000;

function dismiss(entries: Promise<ToastId>[]): void {
  for (const entry of entries) {
    errorToasts.delete(entry);
    void Promise.all([entry, loading]).then(([id, toast]) => toast?.dismiss(id));
  }
}

/**
 * Decision 029: an error toast is out of date once the page has moved on. The app calls this when
 * the path changes; errors asked for in the last second came with the change (e.g. 'Account Not
 * Found' then the sign-up page) and stay, older ones are dismissed.
 */
export function dismissErrorToastsOnRouteChange(now = Date.now()): void {
  dismiss([...errorToasts].filter(([, askedAt]) => now - askedAt > ROUTE_CHANGE_GRACE_MS).map(([entry]) => entry));
}

function later(kind: 'success' | 'error' | 'info') {
  return (message: Message, options?: ExternalToast): void => {
    // A success answers what failed before it (decision 029: the wrong codes before a sign-in).
    if (kind === 'success') dismiss([...errorToasts.keys()]);
    // Toasts run in the order asked: each waits for the same module and the same mounted Toaster.
    const sonner = loadSonner();
    if (kind !== 'error') {
      void toasterReady.then(() => sonner).then((toast) => toast[kind](message, options));
      return;
    }
    // Closed by the shopper or timed out: it is forgotten, nothing is left to dismiss.
    const forget = () => errorToasts.delete(shown);
    const shown: Promise<ToastId> = toasterReady
      .then(() => sonner)
      .then((toast) =>
        toast.error(message, {
          ...options,
          onDismiss: (closed) => {
            forget();
            options?.onDismiss?.(closed);
          },
          onAutoClose: (closed) => {
            forget();
            options?.onAutoClose?.(closed);
          },
        }),
      );
    errorToasts.set(shown, Date.now());
  };
}

/**
 * The app's toasts (docs/product/README.md#web-client): sonner's `toast.success/error/info` with the same
 * arguments, loading sonner on the first call instead of with the page.
 */
export const toast = {
  success: later('success'),
  error: later('error'),
  info: later('info'),
};
