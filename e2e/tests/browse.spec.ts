import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { showAllGiftCards } from './support/catalogue';

interface SearchAnswer {
  products: { _id: string; merchant: { name: string } }[];
  pagination: { total: number };
}

/** What the catalogue holds for a browse query, asked of the running app (the grid is fixed to GB). */
async function catalogue(request: APIRequestContext, query: Record<string, string> = {}): Promise<SearchAnswer> {
  const params = new URLSearchParams({ country: 'GB', limit: '16', ...query });
  const response = await request.get(`/api/v1/products/search?${params}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as SearchAnswer;
}

const productList = (page: Page) => page.getByRole('list', { name: 'Products' });
const cards = (page: Page) => productList(page).getByRole('listitem');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search by merchant name' });

/** The merchant names shown on the cards, in order. */
async function shownMerchants(page: Page): Promise<string[]> {
  return cards(page).getByRole('heading').allTextContents();
}

test.describe('browsing the shop', () => {
  test('the home page shows TOP SELLERS!, 16 cards, and Load More adds the next 16', async ({ page, request }) => {
    const firstPage = await catalogue(request);
    const total = firstPage.pagination.total;
    expect(total).toBeGreaterThan(32);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'TOP SELLERS!' })).toBeVisible();
    // The A-Z grid is below the rows (decision 032).
    await showAllGiftCards(page);
    await expect(cards(page)).toHaveCount(16);
    expect(await shownMerchants(page)).toEqual(firstPage.products.map((product) => product.merchant.name));
    await expect(page.getByText(`Showing 16 of ${total}`)).toBeVisible();

    await page.getByRole('button', { name: 'Load More' }).click();
    await expect(cards(page)).toHaveCount(32);
    await expect(page.getByText(`Showing 32 of ${total}`)).toBeVisible();
    await expect(page.getByRole('progressbar', { name: `Showing 32 of ${total}` })).toHaveAttribute(
      'aria-valuenow',
      '32',
    );
    expect(await page.evaluate(() => localStorage.getItem('userCountry'))).toBe('GB');
  });

  test('the category strip filters by category', async ({ page, request }) => {
    const fashion = await catalogue(request, { category: 'fashion' });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Fashion' }).click();

    await expect(page).toHaveURL(/[?&]category=fashion(&|$)/);
    await expect(page.getByRole('heading', { level: 1, name: 'Fashion' })).toBeVisible();
    await expect(cards(page)).toHaveCount(Math.min(16, fashion.pagination.total));
    await expect.poll(() => shownMerchants(page)).toEqual(fashion.products.map((product) => product.merchant.name));
    await expect(page.getByLabel('Category')).toHaveValue('fashion');

    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'All' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'TOP SELLERS!' })).toBeVisible();
    await expect(page).not.toHaveURL(/category=/);
  });

  test('the filter bar filters by category and brand', async ({ page, request }) => {
    const electricals = await catalogue(request, { category: 'electricals' });
    await page.goto('/');
    await showAllGiftCards(page);
    await page.getByLabel('Category').selectOption({ label: 'Electricals' });

    await expect(page).toHaveURL(/[?&]category=electricals(&|$)/);
    await expect(page.getByRole('heading', { level: 1, name: 'Electricals' })).toBeVisible();
    await expect.poll(() => shownMerchants(page)).toEqual(electricals.products.map((product) => product.merchant.name));

    const brand = electricals.products[1]?.merchant.name ?? '';
    await page.getByLabel('Brand').selectOption({ label: brand });
    await expect(page).toHaveURL(new RegExp(`[?&]merchant=${encodeURIComponent(brand)}(&|$)`));
    await expect.poll(() => shownMerchants(page)).toEqual([brand]);
    await expect(page.getByText('Showing 1 of 1')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);
  });

  test('sorting changes the order of the cards', async ({ page, request }) => {
    const zToA = await catalogue(request, { sortBy: 'merchant-za' });
    const dearest = await catalogue(request, { sortBy: 'price-desc' });
    await page.goto('/');
    await showAllGiftCards(page);
    await expect(cards(page)).toHaveCount(16);

    await page.getByLabel('Sort by').selectOption({ label: 'Brand: Z to A' });
    await expect(page).toHaveURL(/[?&]sortBy=merchant-za(&|$)/);
    await expect.poll(() => shownMerchants(page)).toEqual(zToA.products.map((product) => product.merchant.name));

    await page.getByLabel('Sort by').selectOption({ label: 'Price: High to Low' });
    await expect(page).toHaveURL(/[?&]sortBy=price-desc(&|$)/);
    await expect.poll(() => shownMerchants(page)).toEqual(dearest.products.map((product) => product.merchant.name));
  });

  test('searching from the header sets q, drops the merchant and can be cleared', async ({ page, request }) => {
    const boots = await catalogue(request, { q: 'boots' });
    expect(boots.pagination.total).toBeGreaterThan(0);
    await page.goto('/?merchant=Argos');
    await expect.poll(() => shownMerchants(page)).toEqual(['Argos']);

    await searchBox(page).fill('boots');
    await expect(page).toHaveURL(/\?q=boots$/);
    await expect.poll(() => shownMerchants(page)).toEqual(boots.products.map((product) => product.merchant.name));
    for (const name of await shownMerchants(page)) expect(name.toLowerCase()).toContain('boots');

    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(searchBox(page)).toHaveValue('');
    await expect(page).not.toHaveURL(/q=/);
    // Back on the bare home page: the rows, with the grid below them.
    await showAllGiftCards(page);
    await expect(cards(page)).toHaveCount(16);

    await searchBox(page).fill('boots');
    await expect(page).toHaveURL(/\?q=boots$/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL('/about');
    await expect(searchBox(page)).toHaveValue('');
  });

  test('a search with no matches says so', async ({ page }) => {
    await page.goto('/');
    await searchBox(page).fill('zzqx');
    await expect(page.getByText('No products found for "zzqx"', { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test('a card opens its product', async ({ page, request }) => {
    const first = (await catalogue(request)).products[0];
    await page.goto('/');
    await showAllGiftCards(page);
    await cards(page).first().getByRole('link').click();
    await expect(page).toHaveURL(`/product/${first?._id}`);
  });
});

test.describe('the page shell', () => {
  test('a guest clicking Wallet is sent to log in, remembering /wallet', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Wallet' }).click();
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => localStorage.getItem('returnTo'))).toBe('/wallet');
  });

  test('the side menu lists Wallet, Wishlists, Settings and Login', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const name of ['Wallet', 'Wishlists', 'Settings', 'Login']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await menu.getByRole('button', { name: 'Close' }).click();
    await expect(menu).toBeHidden();
  });

  test('the header turns translucent with a shadow once scrolled', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
  });

  test('the footer has every link, the legal text and the copyright line', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const links: [string, string][] = [
      ['Shop All', '/'],
      ['About Us', '/about'],
      ['Business Partnership', '/partners'],
      ['Log in', '/login'],
      ['How to Redeem Voucher', '/redeem'],
      ['How to Exchange Voucher', '/exchange'],
      ['Terms & Conditions', '/terms'],
      ['Privacy Policy', '/privacy'],
      ['AML Policy', '/aml-policy'],
      ['Refund Policy', '/refund-policy'],
      ['Contact', '/contact'],
    ];
    for (const [name, href] of links) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(footer.getByRole('heading', { name: /new retail partnerships/ })).toBeVisible();
    await expect(footer).toContainText('company number 14785236');
    await expect(footer).toContainText('4th Floor, 12 Tabernacle Street, London EC2A 4LU');
    await expect(footer).toContainText('is not a bank and holds no customer funds');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} UGM Marketplace Ltd`);
  });

  test('a new page starts at the top', async ({ page }) => {
    await page.goto('/');
    await showAllGiftCards(page);
    await expect(cards(page)).toHaveCount(16);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/privacy');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('an unknown path shows the not-found page inside the shell', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'TOP SELLERS!' })).toBeVisible();
  });
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the search box sits below the header bar, the menu works and nothing scrolls sideways', async ({ page }) => {
    await page.goto('/');
    await showAllGiftCards(page);
    await expect(cards(page)).toHaveCount(16);

    const menuButton = await page.getByRole('button', { name: 'Open menu' }).boundingBox();
    const search = await searchBox(page).boundingBox();
    expect(menuButton && search && search.y >= menuButton.y + menuButton.height).toBe(true);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Redeem Gift' })).toBeHidden();

    // Two cards per row.
    const [first, second, third] = await Promise.all([0, 1, 2].map((index) => cards(page).nth(index).boundingBox()));
    expect(first?.y).toBe(second?.y);
    expect(third && first && third.y > first.y).toBe(true);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Wallet', exact: true })).toBeVisible();
    await menu.getByRole('link', { name: 'Wallet', exact: true }).click();
    await expect(page).toHaveURL('/login');
    expect(await page.evaluate(() => localStorage.getItem('returnTo'))).toBe('/wallet');
  });
});
