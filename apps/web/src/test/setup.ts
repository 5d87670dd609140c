import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { markToasterReady } from '@/lib/toast';

// The tests mount sonner's Toaster themselves (test/render-routes.tsx): toasts need not wait for the app's.
markToasterReady();

afterEach(() => {
  cleanup();
  // The build scripts' tests run in node (`@vitest-environment node`), without storage.
  globalThis.localStorage?.clear();
});
