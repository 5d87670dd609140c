import { pageRoutes } from '@gvm/contract/routes';
import { createQueryClient } from '@gvm/web-lib/query-client';
import { useFocusOnRouteChange } from '@gvm/web-lib/route-focus';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, useRoutes } from 'react-router';
import { OpsConsole } from './console';

const queryClient = createQueryClient();

/**
 * The operator console as an app of its own (docs/product/operators.md#the-console, decisions 052
 * and 069): the console's data and router, none of the shop's shell, session or toasts. The
 * console draws its pages under /ops itself.
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

/**
 * The console's pages; each move to another page puts the focus at its start (its heading), as
 * the shop's layout does, so the next Tab goes into the new page and not on from the menu link or
 * the sign-in button left behind.
 */
function ConsoleRoutes() {
  useFocusOnRouteChange();
  return useRoutes([{ path: pageRoutes.ops, element: <OpsConsole /> }]);
}
