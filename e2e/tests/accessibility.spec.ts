import { apiUrl, walletEndpoints } from '@gvm/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from './support/accounts';
import { axeViolations } from './support/axe';
import { findProduct } from './support/catalogue';
import { createOperator, openConsoleAs } from './support/operator';
import { signInThroughApi } from './support/sign-in';

/**
 * axe-core over the shop's main pages, signed out and signed in, on a laptop and a phone: no
 * serious or critical violation anywhere (WCAG 2.1 AA as axe checks it). Each page is scanned
 * once it has drawn its content; `/` after scrolling to its foot, so its rows, grid and
 * explainer are all on the page, as a shopper who has scrolled sees it.
 */
const widths = [
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

interface Scanned {
  path: string;
  /** Shown once the page has drawn what it is for. */
  ready(page: Page): Promise<void>;
}

const heading = (page: Page) => expect(page.locator('main h1').first()).toBeVisible();

async function scrolledHome(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name: 'Top sellers' })).toBeVisible();
  const gridCard = page.getByRole('list', { name: 'Products' }).getByRole('listitem').first();
  // Down the page a screen at a time, as a shopper scrolls, to its foot, with the grid drawn on the way.
  await expect(async () => {
    await page.mouse.wheel(0, 1200);
    const atFoot = await page.evaluate(() => window.innerHeight + window.scrollY >= document.body.scrollHeight - 2);
    expect(atFoot).toBe(true);
    await expect(gridCard).toBeAttached({ timeout: 1_000 });
  }).toPass({ intervals: [50], timeout: 60_000 });
  await page.waitForLoadState('networkidle');
}

function publicPages(productId: string): Scanned[] {
  return [
    { path: '/', ready: scrolledHome },
    { path: `/product/${productId}`, ready: heading },
    { path: '/cart', ready: heading },
    { path: '/login', ready: heading },
  ];
}

const signedInPages: Scanned[] = [
  { path: '/checkout', ready: (page) => expect(page.getByText('Welcome back!')).toBeVisible() },
  { path: '/wallet', ready: heading },
  { path: '/wishlist', ready: heading },
  { path: '/account', ready: heading },
  { path: '/settings', ready: heading },
  { path: '/redeem', ready: heading },
];

async function scan(page: Page, pages: Scanned[]): Promise<void> {
  for (const scanned of pages) {
    await test.step(scanned.path, async () => {
      await page.goto(scanned.path);
      await scanned.ready(page);
      expect(await axeViolations(page), `axe on ${scanned.path}`).toEqual([]);
    });
  }
}

/** A signed-in shopper with a card in the cart (else /checkout sends them to /cart). */
async function signedInWithCart(page: Page, request: APIRequestContext, productId: string): Promise<void> {
  const { token, userId } = await signInThroughApi(page, request, uniqueEmail('axe'), { name: 'Ada Axe' });
  // The wallet as a returning shopper has it: a first visit's 'Wallet Created' toast fades in,
  // and axe would read its text's contrast halfway through the fade.
  const wallet = await request.post(apiUrl(walletEndpoints.create.path), {
    headers: { authorization: `Bearer ${token}` },
    data: { userID: userId, currency: 'GBP' },
  });
  expect(wallet.ok(), await wallet.text()).toBe(true);
  await page.goto(`/product/${productId}`);
  await page.getByRole('group', { name: 'Value per card' }).getByText('£50.00', { exact: true }).click();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page).toHaveURL('/cart');
}

/** The operator console's pages (docs/product/operators.md#the-console), each once drawn. */
const consolePages: Scanned[] = [
  { path: '/ops/team', ready: (page) => expect(page.getByRole('table')).toBeVisible({ timeout: 20_000 }) },
  { path: '/ops/audit', ready: (page) => expect(page.getByRole('table')).toBeVisible({ timeout: 20_000 }) },
  { path: '/ops/customers', ready: heading },
  { path: '/ops/codes', ready: (page) => expect(page.getByText('No code is waiting for the supplier.')).toBeVisible() },
  {
    path: '/ops/reports',
    ready: (page) => expect(page.getByRole('heading', { name: 'Supplier float and activations' })).toBeVisible(),
  },
  { path: '/ops/no-such-page', ready: heading },
];

for (const { name, viewport } of widths) {
  test.describe(`on a ${name} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test('the main pages signed out have no serious accessibility violation', async ({ page, request }) => {
      test.setTimeout(240_000);
      const product = await findProduct(request, 'Red Letter Days');
      await scan(page, publicPages(product._id));
    });

    test('the main pages signed in have no serious accessibility violation', async ({ page, request }) => {
      test.setTimeout(240_000);
      const product = await findProduct(request, 'Red Letter Days');
      await signedInWithCart(page, request, product._id);
      // The signed-in header is on each of these; the public pages' own content is scanned signed out.
      await scan(page, signedInPages);
    });

    test('the operator console has no accessibility violation', async ({ page, request }) => {
      test.setTimeout(120_000);
      await page.goto('/ops/login');
      await heading(page);
      expect(await axeViolations(page, { all: true }), 'axe on /ops/login').toEqual([]);
      const admin = await createOperator(request, 'admin');
      await openConsoleAs(page, admin);
      for (const scanned of consolePages) {
        await test.step(scanned.path, async () => {
          await page.goto(scanned.path);
          await scanned.ready(page);
          expect(await axeViolations(page, { all: true }), `axe on ${scanned.path}`).toEqual([]);
        });
      }
    });
  });
}
