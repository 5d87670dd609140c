import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { Toaster, toast } from 'sonner';
import { afterEach } from 'vitest';
import { createQueryClient } from '@/lib/query-client';

// Toasts live in sonner's module-wide store: none may leak into the next test.
afterEach(() => {
  toast.dismiss();
});

/** Every path the test did not declare: shows where the app went, so a test can wait for it. */
function Elsewhere() {
  const location = useLocation();
  return <p>Now at {location.pathname + location.search}</p>;
}

/**
 * Renders `routes` in a memory router at `path`, with the app's query client and the toaster, as
 * the app mounts them. `wrap` adds an outer element (React's StrictMode, say); `queryClient`, a
 * client holding data already, as the app's first render finds it (decision 076).
 */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  wrap: (app: ReactNode) => ReactNode = (app) => app,
  queryClient = createQueryClient(),
) {
  const router = createMemoryRouter([...routes, { path: '*', Component: Elsewhere }], { initialEntries: [path] });
  render(
    wrap(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>,
    ),
  );
  return { router, queryClient };
}
