import type { Product } from '@gvm/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findProduct } from './support/catalogue';

async function openProduct(page: Page, product: Product): Promise<void> {
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.merchant.name })).toBeVisible();
}

/** The header's cart link, named with the number of vouchers in the cart (decision 029). */
function cartLink(page: Page, name: string) {
  return page.getByRole('banner').getByRole('link', { name, exact: true });
}

function totalEstimate(page: Page) {
  return page.getByRole('complementary', { name: 'Order Summary' });
}

test('a guest adds a gift card to the cart, keeps it over a reload, changes and removes it', async ({
  page,
  request,
}) => {
  const product = await findProduct(request, 'Red Letter Days');
  await openProduct(page, product);
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb).toContainText('United Kingdom');
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('heading', { name: 'Terms and conditions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top Sellers' })).toBeVisible();

  const addToCart = page.getByRole('button', { name: 'Add To Cart' });
  await expect(addToCart).toBeDisabled();
  await page.getByRole('group', { name: 'Value per card' }).getByText('£50.00', { exact: true }).click();
  await page.getByRole('group', { name: 'Quantity' }).getByText('2', { exact: true }).click();
  await expect(page.getByRole('radio', { name: '£50.00' })).toBeChecked();
  await addToCart.click();

  await expect(page.getByText('Added product to cart')).toBeVisible();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'My Cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Red Letter Days' })).toBeVisible();
  await expect(totalEstimate(page)).toContainText('£100.00');
  await expect(cartLink(page, 'Cart, 2 items')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('link', { name: 'Red Letter Days' })).toBeVisible();
  await expect(totalEstimate(page)).toContainText('£100.00');

  await page.getByRole('button', { name: 'Increase quantity of Red Letter Days' }).click();
  await expect(totalEstimate(page)).toContainText('£150.00');
  await expect(cartLink(page, 'Cart, 3 items')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');

  await page.getByRole('button', { name: 'Remove Red Letter Days from cart' }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(cartLink(page, 'Cart')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await page.getByRole('link', { name: 'Start Shopping' }).click();
  await expect(page).toHaveURL('/');
});

test('adding to a line already at 5 says so and keeps 5; the header counts the cart on every page', async ({
  page,
  request,
}) => {
  const product = await findProduct(request, 'Red Letter Days');
  await openProduct(page, product);
  await expect(cartLink(page, 'Cart')).toBeVisible();
  await page.getByRole('group', { name: 'Value per card' }).getByText('£50.00', { exact: true }).click();
  await page.getByRole('group', { name: 'Quantity' }).getByText('5', { exact: true }).click();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page).toHaveURL('/cart');
  await expect(cartLink(page, 'Cart, 5 items')).toBeVisible();

  // A page that never loads the cart's code still counts it, from this browser's saved cart.
  await page.goto('/');
  await expect(cartLink(page, 'Cart, 5 items')).toBeVisible();

  await openProduct(page, product);
  await page.getByRole('group', { name: 'Value per card' }).getByText('£50.00', { exact: true }).click();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByText('You can buy at most 5 of one voucher')).toBeVisible();
  await expect(page.getByText('Added product to cart')).toHaveCount(0);
  await expect(page).toHaveURL(`/product/${product._id}`);
  await expect(cartLink(page, 'Cart, 5 items')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a long description shows 4 lines with Show More and Show Less', async ({ page, request }) => {
    await openProduct(page, await findProduct(request, 'Red Letter Days'));
    const showMore = page.getByRole('button', { name: 'Show More' });
    await expect(showMore).toHaveAttribute('aria-expanded', 'false');
    const clampedHeight = await page.locator('#product-description').evaluate((element) => element.clientHeight);

    await showMore.click();
    const showLess = page.getByRole('button', { name: 'Show Less' });
    await expect(showLess).toHaveAttribute('aria-expanded', 'true');
    const fullHeight = await page.locator('#product-description').evaluate((element) => element.clientHeight);
    expect(fullHeight).toBeGreaterThan(clampedHeight);

    await showLess.click();
    await expect(page.getByRole('button', { name: 'Show More' })).toBeVisible();
  });
});

test('a short description has no Show More', async ({ page, request }) => {
  await openProduct(page, await findProduct(request, 'Google Play'));
  await expect(page.locator('#product-description')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show More' })).toHaveCount(0);
});

test('a fixed-value product has its value preselected', async ({ page, request }) => {
  const product = await findProduct(request, 'Build-A-Bear Workshop');
  expect(product.minPrice).toBe(product.maxPrice);
  await openProduct(page, product);
  await expect(page.getByRole('group', { name: 'Value per card' }).getByRole('radio')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: '£25.00' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeEnabled();
});

test('a product with both bounds under £5 offers only £5.00', async ({ page, request }) => {
  const product = await findProduct(request, 'Greggs');
  expect(product.maxPrice).toBeLessThan(5);
  await openProduct(page, product);
  const values = page.getByRole('group', { name: 'Value per card' }).getByRole('radio');
  await expect(values).toHaveCount(1);
  await expect(page.getByRole('radio', { name: '£5.00' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Add To Cart' })).toBeDisabled();
});

test('an unknown product id shows that the product was not found', async ({ page }) => {
  await page.goto('/product/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  await expect(page).toHaveTitle(/Product not found/);
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL('/');
});
