import { createQueryClient } from '@gvm/web-lib/query-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';

/** Every path the test did not declare: shows where the app went, so a test can wait for it. */
function Elsewhere() {
  const location = useLocation();
  return <p>Now at {location.pathname + location.search}</p>;
}

/**
 * Renders `routes` in a memory router at `path`, with the console's query client, as the app
 * mounts them. `wrap` adds an outer element (React's StrictMode, say).
 */
export function renderRoutes(routes: RouteObject[], path: string, wrap: (app: ReactNode) => ReactNode = (app) => app) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([...routes, { path: '*', Component: Elsewhere }], { initialEntries: [path] });
  render(wrap(<QueryClientProvider client={queryClient}>{<RouterProvider router={router} />}</QueryClientProvider>));
  return { router, queryClient };
}
