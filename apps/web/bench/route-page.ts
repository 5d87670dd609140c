import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { RouteToMeasure } from './measure';
import { benchRoutes } from './routes';
import { firstProductId } from './server';
import { signedInStorage } from './session';

/** What the profilers load: a bench route, and for a signed-in one the session it opens with. */
export interface BenchRoute {
  route: RouteToMeasure;
  /** The browser storage of a fresh signed-in shopper (with a card in the cart); guests have none. */
  storage?: Record<string, string>;
}

/** The bench route named `name` (checkout, wallet, home...), signed in when the route is. */
export async function benchRouteNamed(baseURL: string, name: string): Promise<BenchRoute> {
  const productId = await firstProductId(baseURL);
  const routes = benchRoutes(productId);
  const route = [...routes.guest, ...routes.signedIn].find((each) => each.name === name);
  if (!route) throw new Error(`No bench route named ${name}`);
  return routes.signedIn.includes(route) ? { route, storage: await signedInStorage(baseURL, productId) } : { route };
}

/**
 * A page in a fresh phone-sized context (a cold load each time), with the route's session put into
 * the origin's storage first; the caller opens the route and closes the context.
 */
export async function newRoutePage(
  browser: Browser,
  baseURL: string,
  { storage }: BenchRoute,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  if (storage) {
    await page.goto(`${baseURL}/api/v1/health`);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
  }
  return { context, page };
}
