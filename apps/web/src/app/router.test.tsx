import { matchPageRoute } from '@gvm/contract';
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, routePatterns } from '@/config/paths';
import { renderRoutes } from '@/test/render-routes';
import { preloadPage, routes } from './router';

/** The route pattern that answers a URL (the catch-all answers `*`). */
function patternOf(url: string): string | undefined {
  const matches = matchRoutes(routes, url);
  const leaf = matches?.at(-1)?.route;
  return leaf?.index ? '/' : leaf?.path;
}

/** The shop's patterns: every page route but the operator console's, which ops.html draws (decision 052). */
const shopPatterns = Object.values(routePatterns).filter((pattern) => pattern !== routePatterns.ops);

describe('router', () => {
  it('registers every route pattern of config/paths.ts but the console', () => {
    for (const pattern of shopPatterns) {
      const url = pattern.replace(/:\w+/g, 'x');
      expect(patternOf(url), url).toBe(pattern);
    }
  });

  it('answers the links that paths builds', () => {
    expect(patternOf(paths.product('p 1'))).toBe(routePatterns.product);
    expect(patternOf(paths.gift('t'))).toBe(routePatterns.gift);
    expect(patternOf('/no-such-page')).toBe('*');
  });

  it("leaves /ops to the console's own page: the shop's routes hold none of the console (decision 052)", () => {
    for (const url of ['/ops', '/ops/login', '/ops/customers/x']) {
      expect(patternOf(url), url).toBe('*');
      expect(matchPageRoute(url), url).toBe(routePatterns.ops);
    }
  });

  it('agrees with the API, which answers 404 for a path no page has (matchPageRoute)', () => {
    const urls = [
      '/',
      '/cart',
      '/Cart/',
      '/product/abc',
      '/product/a%20b/',
      '/PRODUCT/abc',
      '/product',
      '/product/a/b',
      '/verify/t',
      '/verify',
      '/wallet/x',
      '/no-such-page',
      '/about//',
      ...shopPatterns.map((pattern) => pattern.replace(/:\w+/g, 'x')),
    ];
    for (const url of urls) {
      const router = patternOf(url);
      expect(matchPageRoute(url) ?? '*', url).toBe(router);
    }
  });
});

describe('the first page (decision 042)', () => {
  /** The page at `path` under a Suspense boundary, as the shell holds it. */
  function renderPage(path: string) {
    const element = matchRoutes(routes, path)?.at(-1)?.route.element;
    renderRoutes([{ path, element: <Suspense fallback={<p>Skeleton</p>}>{element}</Suspense> }], path);
  }

  it('is drawn by the first render, with no skeleton, once preloadPage has loaded its code', async () => {
    await preloadPage({ pathname: routePatterns.about });
    renderPage(routePatterns.about);
    expect(screen.queryByText('Skeleton')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('without it, shows the skeleton until its code has loaded', async () => {
    renderPage(routePatterns.terms);
    expect(screen.getByText('Skeleton')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Skeleton')).not.toBeInTheDocument();
  });
});
