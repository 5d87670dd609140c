import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { showAllGiftCards } from './support/catalogue';

interface Shelf {
  slug: string;
  title: string;
  products: { merchant: { name: string }; imageUrl: string }[];
}

async function api<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.ok(), url).toBe(true);
  return (await response.json()) as T;
}

const row = (page: Page, title: string) => page.getByRole('list', { name: title, exact: true });
/** The merchant names on a list's cards, in order. */
const merchants = (list: Locator) => list.getByRole('listitem').getByRole('heading').allTextContents();

/** How many of a row's cards are wholly inside the row's box (what a shopper sees without scrolling). */
async function cardsInView(list: Locator): Promise<number> {
  return list.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return Array.from(element.querySelectorAll(':scope > li')).filter((item) => {
      const card = item.getBoundingClientRect();
      return card.left >= box.left - 1 && card.right <= box.right + 1;
    }).length;
  });
}

/** Headings' vertical order on the page. */
async function top(page: Page, name: string): Promise<number> {
  const box = await page.getByRole('heading', { name, exact: true }).boundingBox();
  if (!box) throw new Error(`no heading ${name}`);
  return box.y;
}

/**
 * Opens `/` at 390 px and waits for the rows' titles (they come with their data); the last price
 * band's cards are not drawn yet, far below the first screen. Returns the rows and that last one.
 */
async function openWithLastRowUndrawn(page: Page, request: APIRequestContext) {
  const shelves = await api<{ occasions: Shelf[]; priceBands: Shelf[] }>(
    request,
    '/api/v1/products/shelves?country=GB',
  );
  const last = shelves.priceBands.at(-1);
  if (!last) throw new Error('no price bands');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const heading = page.getByRole('heading', { name: last.title, exact: true });
  await expect(heading).toBeAttached();
  await expect(row(page, last.title)).toHaveCount(0);
  return { shelves, last, heading };
}

test.describe('a home page that sells (decision 032)', () => {
  test('at 1366 px: TOP SELLERS!, the top sellers first, then occasions, price bands and the A-Z grid', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const topSellers = await api<{ products: Shelf['products'] }>(
      request,
      '/api/v1/products/top-sellers?limit=8&country=GB',
    );
    const shelves = await api<{ occasions: Shelf[]; priceBands: Shelf[] }>(
      request,
      '/api/v1/products/shelves?country=GB',
    );
    expect(shelves.occasions.map((shelf) => shelf.title)).toEqual([
      'Birthday',
      'Thank you',
      'Wedding',
      'New baby',
      'Christmas',
    ]);
    expect(shelves.priceBands[0]?.title).toBe('Under £25');

    const response = await page.goto('/');
    // The first row's first pictures come with the HTML, at high priority: they are the LCP.
    const html = (await response?.text()) ?? '';
    for (const product of topSellers.products.slice(0, 2)) expect(html).toContain(`href="${product.imageUrl}"`);

    await expect(page.getByRole('heading', { level: 1, name: 'TOP SELLERS!' })).toBeVisible();
    const first = row(page, 'Top sellers');
    await expect.poll(() => merchants(first)).toEqual(topSellers.products.map((product) => product.merchant.name));
    const firstImage = first.getByRole('listitem').first().locator('img');
    await expect(firstImage).toHaveAttribute('fetchpriority', 'high');
    await expect(firstImage).toHaveAttribute('loading', 'eager');
    const inView = await cardsInView(first);
    expect(inView).toBeGreaterThanOrEqual(4);
    expect(inView).toBeLessThanOrEqual(6);
    // The filter bar and the grid, below the rows, are not loaded on the first screen (decision 032).
    await expect(page.getByRole('heading', { name: 'All gift cards' })).toBeAttached();
    await expect(page.getByRole('list', { name: 'Products' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Filters' })).toHaveCount(0);

    // The occasions and price bands load as the shopper scrolls to them, each row's cards as it comes near.
    await page.getByRole('heading', { name: 'All gift cards' }).scrollIntoViewIfNeeded();
    for (const shelf of [...shelves.occasions, ...shelves.priceBands]) {
      await page.getByRole('heading', { name: shelf.title, exact: true }).scrollIntoViewIfNeeded();
      await expect
        .poll(() => merchants(row(page, shelf.title)), shelf.title)
        .toEqual(shelf.products.map((product) => product.merchant.name));
    }
    const order = await Promise.all(
      [
        'TOP SELLERS!',
        'Top sellers',
        'Shop by occasion',
        'Birthday',
        'Shop by price',
        'Under £25',
        'All gift cards',
      ].map((name) => top(page, name)),
    );
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The A-Z grid follows, as before, loading as the shopper nears it.
    await showAllGiftCards(page);
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem')).toHaveCount(16);
    await expect(page.getByText(/^Results for/)).toHaveCount(0);
  });

  test('a row is walked with the keyboard, and at 390 px scrolls sideways with snapping', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const first = row(page, 'Top sellers');
    await expect(first.getByRole('listitem')).toHaveCount(8);
    const layout = await first.evaluate((element) => ({
      overflow: element.scrollWidth > element.clientWidth,
      snap: getComputedStyle(element).scrollSnapType,
      pageWidth: document.documentElement.scrollWidth,
    }));
    expect(layout.overflow).toBe(true);
    expect(layout.snap).toContain('x');
    expect(layout.snap).toContain('mandatory');
    // The row scrolls, not the page.
    expect(layout.pageWidth).toBeLessThanOrEqual(390);
    expect(await cardsInView(first)).toBeLessThanOrEqual(3);

    // Tab moves card by card (link, then its heart) and the row follows the focus.
    await first.getByRole('listitem').first().getByRole('link').focus();
    for (let step = 0; step < 8; step += 1) await page.keyboard.press('Tab');
    const fifth = first.getByRole('listitem').nth(4).getByRole('link');
    await expect(fifth).toBeFocused();
    await expect(fifth).toBeInViewport();
    expect(await first.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });

  test('at 390 px a row below the first screen draws its cards as the shopper scrolls to it, in the same place', async ({
    page,
    request,
  }) => {
    const { last, heading } = await openWithLastRowUndrawn(page, request);
    const before = await top(page, 'All gift cards');
    await heading.scrollIntoViewIfNeeded();
    await expect
      .poll(() => merchants(row(page, last.title)))
      .toEqual(last.products.map((product) => product.merchant.name));
    // Drawn, the row is the height its place was: nothing below it moved.
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(await top(page, 'All gift cards')).toBeCloseTo(before - scrolled, 0);
  });

  test('with the keyboard every row is drawn at the first Tab, so Tab walks through all their cards', async ({
    page,
    request,
  }) => {
    const { shelves, last, heading } = await openWithLastRowUndrawn(page, request);
    // Not drawn yet, the row's outline has the cards' text, for screen readers and the browser's search.
    const outline = heading.locator('xpath=following-sibling::div[1]');
    for (const product of last.products) await expect(outline).toContainText(product.merchant.name);
    await page.keyboard.press('Tab');
    // Every row is drawn, near the screen or not, so Tab goes through all their cards.
    for (const shelf of [...shelves.occasions, ...shelves.priceBands]) {
      await expect(row(page, shelf.title).getByRole('link')).toHaveCount(shelf.products.length);
    }
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a search says what was searched and how many gift cards match, and updates as the search changes', async ({
    page,
    request,
  }) => {
    const count = async (q: string) =>
      (await api<{ pagination: { total: number } }>(request, `/api/v1/products/search?country=GB&q=${q}`)).pagination
        .total;
    const [ar, boots] = [await count('ar'), await count('boots')];
    expect(ar).toBeGreaterThan(1);
    const cards = (n: number) => `${n} gift ${n === 1 ? 'card' : 'cards'}`;

    await page.goto('/');
    const searchBox = page.getByRole('searchbox', { name: 'Search by merchant name' });
    await searchBox.fill('ar');
    await expect(page).toHaveURL(/\?q=ar$/);
    const summary = page.getByRole('status').filter({ hasText: 'Results for' });
    await expect(summary).toHaveText(`Results for "ar" · ${cards(ar)}`);
    await expect(summary).toHaveAttribute('role', 'status');
    // A search is the grid alone: no rows.
    await expect(row(page, 'Top sellers')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Shop by occasion' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem')).toHaveCount(Math.min(16, ar));

    await searchBox.fill('boots');
    await expect(summary).toHaveText(`Results for "boots" · ${cards(boots)}`);

    // Opened from a link, the page says the same from its first render.
    await page.goto('/?q=ar');
    await expect(summary).toHaveText(`Results for "ar" · ${cards(ar)}`);
  });
});
