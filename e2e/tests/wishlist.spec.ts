import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from './support/accounts';
import { findProduct } from './support/catalogue';
import { signIn, signInThroughApi } from './support/sign-in';

/** The browse grid narrowed to one merchant, as the header search leaves it. */
async function searchFor(page: Page, merchantName: string) {
  await page.goto(`/?q=${encodeURIComponent(merchantName)}`);
  const card = page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: merchantName });
  await expect(card.first()).toBeVisible();
  return card.first();
}

const wishlistGrid = (page: Page) => page.getByRole('list', { name: 'Wishlist products' });

// Each test signs a new shopper in through the mailbox and walks several pages.
test.beforeEach(() => test.slow());

test('the heart on a product card and on the product page keeps the product in the wishlist', async ({
  page,
  request,
}) => {
  const product = await findProduct(request, 'Red Letter Days');
  await signIn(page, request, uniqueEmail('heart'));

  const card = await searchFor(page, 'Red Letter Days');
  await card.getByRole('button', { name: 'Add Red Letter Days to wishlist' }).click();
  await expect(page.getByText('Added to your wishlist')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Remove Red Letter Days from wishlist' })).toBeVisible();

  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Red Letter Days' })).toBeVisible();
  const heart = page.getByRole('button', { name: /Red Letter Days (to|from) wishlist/ }).first();
  await expect(heart).toHaveAccessibleName('Remove Red Letter Days from wishlist');
  await heart.click();
  await expect(page.getByText('Removed from your wishlist')).toBeVisible();
  await expect(heart).toHaveAccessibleName('Add Red Letter Days to wishlist');
  await heart.click();
  await expect(heart).toHaveAccessibleName('Remove Red Letter Days from wishlist');

  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { level: 1, name: 'WISHLISTS' })).toBeVisible();
  const link = wishlistGrid(page).getByRole('link', { name: /Red Letter Days/ });
  await expect(link).toHaveAttribute('href', `/product/${product._id}`);
  await page.reload();
  await expect(wishlistGrid(page).getByRole('link', { name: /Red Letter Days/ })).toBeVisible();
});

test('the wishlist page is empty until a heart is tapped, and empty again once it is undone', async ({
  page,
  request,
}) => {
  await signInThroughApi(page, request, uniqueEmail('empty-wishlist'));
  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { level: 1, name: 'WISHLISTS' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You Have No Wishlists Yet' })).toBeVisible();

  const card = await searchFor(page, 'Red Letter Days');
  await card.getByRole('button', { name: 'Add Red Letter Days to wishlist' }).click();
  await expect(card.getByRole('button', { name: 'Remove Red Letter Days from wishlist' })).toBeVisible();

  await page.goto('/wishlist');
  await wishlistGrid(page).getByRole('button', { name: 'Remove Red Letter Days from wishlist' }).click();
  await expect(page.getByText('Removed from your wishlist')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You Have No Wishlists Yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Discover Items' }).click();
  await expect(page).toHaveURL('/');
});

test('a guest tapping the heart lands on /login and, after signing in, finds the product in the wishlist', async ({
  page,
  request,
}) => {
  const product = await findProduct(request, 'Red Letter Days');
  const card = await searchFor(page, 'Red Letter Days');
  await card.getByRole('button', { name: 'Add Red Letter Days to wishlist' }).click();

  await expect(page).toHaveURL('/login?returnTo=/wishlist');
  await expect(page.getByText('Please log in to add items to your wishlist.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('pendingWishlistItem'))).toBe(product._id);

  await signIn(page, request, uniqueEmail('pending-heart'));
  await expect(page).toHaveURL('/wishlist');
  await expect(wishlistGrid(page).getByRole('link', { name: /Red Letter Days/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('pendingWishlistItem'))).toBeNull();

  await page.reload();
  await expect(wishlistGrid(page).getByRole('link', { name: /Red Letter Days/ })).toBeVisible();
});
