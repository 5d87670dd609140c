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

function later(kind: 'success' | 'error' | 'info') {
  return (message: Message, options?: ExternalToast): void => {
    // Toasts run in the order asked: each waits for the same module and the same mounted Toaster.
    const sonner = loadSonner();
    void toasterReady.then(() => sonner).then((toast) => toast[kind](message, options));
  };
}

/**
 * The app's toasts (spec 000 section 9): sonner's `toast.success/error/info` with the same
 * arguments, loading sonner on the first call instead of with the page.
 */
export const toast = {
  success: later('success'),
  error: later('error'),
  info: later('info'),
};
