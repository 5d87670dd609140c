import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useRoutes } from 'react-router';
import { routePatterns } from '@/config/paths';
import { OpsConsole } from '@/features/ops';
import { createQueryClient } from '@/lib/query-client';

const queryClient = createQueryClient();

/**
 * The operator console as an app of its own (docs/product/operators.md#the-console, decision 052):
 * the console's data and router, none of the shop's shell, session or toasts. The console draws
 * its pages under /ops itself.
 */
export function OpsApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ConsoleRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}

function ConsoleRoutes() {
  return useRoutes([{ path: routePatterns.ops, element: <OpsConsole /> }]);
}
