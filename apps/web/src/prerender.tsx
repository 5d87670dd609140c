import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AppRoutes } from '@/app/router';

/**
 * The first paint of a page without its script (decision 024): the app's own first render of
 * `pathname` as a guest (the header, and the page's skeleton while its code loads), drawn at
 * build time by apps/web/scripts/prerender-shells.ts. The server puts it inside #root; React's
 * first render in the browser draws the same markup, so nothing moves when it replaces it.
 */
export function renderShell(pathname: string): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[pathname]}>
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
