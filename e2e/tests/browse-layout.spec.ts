import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { showAllGiftCards } from './support/catalogue';

/**
 * Decision 031: brands that lead somewhere, the whole category strip, a header whose
 * search box shows its placeholder from 768 px up, and merchant names on two lines on a phone.
 */

const PLACEHOLDER = 'Search by merchant name...';
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search by merchant name' });
const strip = (page: Page) => page.getByRole('navigation', { name: 'Categories' }).getByRole('list');
const leftArrow = (page: Page) => page.getByRole('button', { name: 'Scroll categories left' });
const rightArrow = (page: Page) => page.getByRole('button', { name: 'Scroll categories right' });
const cards = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('listitem');

/** Room for text inside the input, and the placeholder's width in the input's own font. */
async function placeholderFit(input: Locator): Promise<{ room: number; text: number }> {
  return input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return { room, text: context.measureText(element.placeholder).width };
  });
}

/**
 * The server's shell draws the header and the strip before the app runs (after the first paint,
 * decision 035); the app then draws its own, so an element measured or focused before that can be
 * replaced under the test. The top sellers' list (the shell has only its pictures) says the app
 * has drawn the page.
 */
async function appHasDrawn(page: Page): Promise<void> {
  await expect(page.getByRole('list', { name: 'Top sellers' })).toBeVisible();
}

/** How many lines a heading takes, and whether any of it is cut off. */
async function headingLines(heading: Locator): Promise<{ lines: number; cut: boolean }> {
  return heading.evaluate((element) => {
    const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
    return {
      lines: Math.round(element.clientHeight / lineHeight),
      cut: element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1,
    };
  });
}

const stripScroll = (page: Page) => strip(page).evaluate((list) => list.scrollLeft);

test.describe('the Brand filter lists only brands found under the country and category', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('US-only brands are not offered to a GB shopper, and a category narrows the brands', async ({
    page,
    request,
  }) => {
    const everything = (await (await request.get('/api/v1/products/filters')).json()) as { merchants: string[] };
    expect(everything.merchants).toEqual(expect.arrayContaining(['Best Buy']));
    const gb = (await (await request.get('/api/v1/products/filters?country=GB')).json()) as { merchants: string[] };
    const fashion = (await (await request.get('/api/v1/products/filters?country=GB&category=fashion')).json()) as {
      merchants: string[];
    };
    expect(fashion.merchants.length).toBeGreaterThan(0);
    expect(fashion.merchants.length).toBeLessThan(gb.merchants.length);

    await page.goto('/');
    await showAllGiftCards(page);
    const brand = page.getByRole('combobox', { name: 'Brand' });
    const offered = () => brand.getByRole('option').allTextContents();
    await expect.poll(offered).toEqual(['All brands', ...gb.merchants]);
    expect(await offered()).not.toContain('Best Buy');
    expect(await offered()).not.toContain("Macy's");

    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Fashion' });
    await expect(page).toHaveURL('/?category=fashion');
    await expect.poll(offered).toEqual(['All brands', ...fashion.merchants]);

    // Each brand offered has products here: picking one never ends on 'No products found'.
    const picked = fashion.merchants.at(-1) ?? '';
    await brand.selectOption({ label: picked });
    await expect(cards(page).first()).toBeVisible();
    await expect(cards(page).getByRole('heading', { name: picked, exact: true }).first()).toBeVisible();
  });
});

for (const width of [768, 800, 820, 900, 1024, 1280, 1366]) {
  test(`at ${width} px the header holds the search box with its whole placeholder`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await appHasDrawn(page);
    const input = searchBox(page);
    await expect(input).toHaveAttribute('placeholder', PLACEHOLDER);
    const fit = await placeholderFit(input);
    expect(fit.text, `placeholder ${fit.text}px in ${fit.room}px`).toBeLessThanOrEqual(fit.room);
    // In the header's bar, beside the home link, not on a row of its own.
    const home = await page.getByRole('banner').getByRole('link', { name: /home$/ }).boundingBox();
    const box = await input.boundingBox();
    expect(home && box && Math.abs(home.y + home.height / 2 - (box.y + box.height / 2))).toBeLessThan(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('at 390 px the search box is below the bar, full width, with its whole placeholder', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await appHasDrawn(page);
  const fit = await placeholderFit(searchBox(page));
  expect(fit.text).toBeLessThanOrEqual(fit.room);
  const home = await page.getByRole('banner').getByRole('link', { name: /home$/ }).boundingBox();
  const box = await searchBox(page).boundingBox();
  expect(home && box && box.y >= home.y + home.height).toBe(true);
});

for (const width of [768, 820, 1366]) {
  test(`at ${width} px arrows scroll the category strip to its last category and back, by mouse and keyboard`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    // An arrow focused before the app has drawn its own would be replaced and the focus lost.
    await appHasDrawn(page);
    const travel = page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Travel' });
    await expect(rightArrow(page)).toBeVisible();
    await expect(leftArrow(page)).toBeHidden();
    await expect(travel).not.toBeInViewport({ ratio: 1 });

    // Keyboard: Enter on the right arrow until the end; the arrow then hides and focus moves left.
    await rightArrow(page).focus();
    for (let press = 0; press < 8 && (await rightArrow(page).isVisible()); press++) {
      await page.keyboard.press('Enter');
      await page.waitForTimeout(400);
    }
    await expect(rightArrow(page)).toBeHidden();
    await expect(travel).toBeInViewport({ ratio: 1 });
    await expect(leftArrow(page)).toBeFocused();

    // Space on the left arrow goes back to the start, where focus moves right again.
    const atEnd = await stripScroll(page);
    await page.keyboard.press('Space');
    await expect.poll(() => stripScroll(page)).toBeLessThan(atEnd - 100);
    for (let press = 0; press < 8 && (await leftArrow(page).isVisible()); press++) {
      await page.keyboard.press('Space');
      await page.waitForTimeout(400);
    }
    await expect(leftArrow(page)).toBeHidden();
    expect(await stripScroll(page)).toBe(0);
    await expect(rightArrow(page)).toBeFocused();

    // And by mouse.
    await rightArrow(page).click();
    await expect.poll(() => stripScroll(page)).toBeGreaterThan(100);
    await expect(leftArrow(page)).toBeVisible();
  });
}

test('a chosen category further along the strip is scrolled into view', async ({ page }) => {
  await page.setViewportSize({ width: 820, height: 900 });
  await page.goto('/?category=travel');
  const travel = page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Travel' });
  await expect(travel).toHaveAttribute('aria-current', 'page');
  await expect(travel).toBeInViewport({ ratio: 1 });
  await expect(leftArrow(page)).toBeVisible();
});

test('at 390 px the strip is swiped, not arrowed', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  // Measured in the app's strip: the server's shell is replaced when the app draws (decision 035),
  // and a strip measured as it is removed has no width at all.
  await appHasDrawn(page);
  await expect(strip(page)).toBeVisible();
  await expect(rightArrow(page)).toBeHidden();
  await expect(leftArrow(page)).toBeHidden();
  expect(await strip(page).evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
});

test.describe('merchant names on the cards', () => {
  const longName = 'Virgin Experience Days';

  test('take two lines on a 390 px phone instead of being cut off', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/?merchant=${encodeURIComponent(longName)}`);
    const heading = cards(page).getByRole('heading', { name: longName, exact: true }).first();
    await expect(heading).toBeVisible();
    expect(await headingLines(heading)).toEqual({ lines: 2, cut: false });
  });

  test('stay on one line on a 1366 px desktop', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/?merchant=${encodeURIComponent(longName)}`);
    const heading = cards(page).getByRole('heading', { name: longName, exact: true }).first();
    await expect(heading).toBeVisible();
    expect(await headingLines(heading)).toEqual({ lines: 1, cut: false });
  });
});
