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

/**
 * `html` with `name=value` taken out of every link's query: a shell drawn for a stand-in query
 * (the grid's, from `/?merchant=shell`) must not send a click made before the script runs to
 * that stand-in ('No products found for "shell"'). Other parameters and their order are kept.
 */
export function withoutQueryValue(html: string, name: string, value: string): string {
  return html.replace(/ href="(\/[^"]*\?[^"]*)"/g, (attribute, href: string) => {
    const url = new URL(href.replaceAll('&amp;', '&'), 'http://localhost');
    if (!url.searchParams.getAll(name).includes(value)) return attribute;
    const kept = [...url.searchParams].filter(([key, each]) => key !== name || each !== value);
    const query = new URLSearchParams(kept).toString();
    const cleaned = `${url.pathname}${query ? `?${query}` : ''}${url.hash}`;
    return ` href="${cleaned.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`;
  });
}
