import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { formatReport, INITIAL_JS_BUDGET_BYTES, kb, measureRoute, type RouteWeight } from './measure';
import { benchRoutes } from './routes';
import { firstProductId, startServer } from './server';
import { signedInStorage } from './session';

/**
 * `npm run bench -w @gvm/web` (page weight): opens `/`, a product page and `/cart` as a guest and
 * `/checkout` and `/wallet` signed in, each on a cold cache in Debian's Chromium, and prints the
 * JS and CSS each loads (gzip -9), before the first contentful paint and in all, file by file.
 */
const port = Number(process.env.BENCH_PORT ?? 3191);
const server = await startServer(port);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const productId = await firstProductId(server.baseURL);
  const routes = benchRoutes(productId);
  // A card in the cart: /checkout with an empty cart would be a redirect to /cart.
  const storage = await signedInStorage(server.baseURL, productId);
  const weights: RouteWeight[] = [];
  for (const route of routes.guest) weights.push(await measureRoute(browser, server.baseURL, route));
  for (const route of routes.signedIn) weights.push(await measureRoute(browser, server.baseURL, route, storage));
  console.log(`\nPage weight (${new Date().toISOString()}, ${server.baseURL}), kB = 1000 bytes, gzip -9\n`);
  console.log(formatReport(weights));
  const over = weights.filter(
    (weight) => ['home', 'product', 'cart'].includes(weight.name) && weight.js.initial > INITIAL_JS_BUDGET_BYTES,
  );
  console.log(
    over.length === 0
      ? `\nInitial JS of home, product and cart within the ${kb(INITIAL_JS_BUDGET_BYTES)} kB budget.`
      : `\nOver the ${kb(INITIAL_JS_BUDGET_BYTES)} kB initial JS budget: ${over.map((weight) => `${weight.name} ${kb(weight.js.initial)} kB`).join(', ')}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
