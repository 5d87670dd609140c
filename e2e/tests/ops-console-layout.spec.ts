import { expect, test } from './fixtures';
import { createAccount, uniqueEmail } from './support/accounts';
import { createOperator, inviteOperator, openConsoleAs } from './support/operator';

/**
 * The console's layout at a desktop's and a phone's width (docs/product/operators.md#the-console):
 * the audit log fits at 1280 px, and at 390 px the header is a bar of one line whose 'Menu' opens
 * the items.
 */

/** How far the page, and every scrolling table region, reaches past its own width. */
async function sidewaysOverflow(page: import('@playwright/test').Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const regions = [...document.querySelectorAll('section[aria-label]')].map(
      (region) => region.scrollWidth - region.clientWidth,
    );
    return { page: root.scrollWidth - root.clientWidth, regions: Math.max(0, ...regions) };
  });
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the audit log fits: 'Download CSV' and the IP column in view, changes as text, targets as links", async ({
    page,
    request,
  }) => {
    const admin = await createOperator(request, 'admin');
    const invitee = await inviteOperator(request, 'support', { as: admin.token });
    await openConsoleAs(page, admin, '/ops/audit');
    const filters = page.getByRole('form', { name: 'Filter the audit log' });
    await filters.getByLabel('Action').fill('operator.invite');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    const row = page.getByRole('row').filter({ hasText: invitee.email });
    await expect(row).toHaveCount(1);

    const download = page.getByRole('button', { name: 'Download CSV' });
    await expect(download).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('columnheader', { name: 'IP' })).toBeInViewport({ ratio: 1 });
    expect(await sidewaysOverflow(page)).toEqual({ page: 0, regions: 0 });
    // The change is read as text, not JSON.
    await expect(row).toContainText(`email: ${invitee.email}`);
    await expect(row).toContainText('role: support');
    await expect(row).not.toContainText('{"');

    // A customer's page, opened, is an entry whose target links back to it.
    const shopperEmail = uniqueEmail('audit-link');
    await createAccount(request, shopperEmail);
    const auth = { headers: { Authorization: `Bearer ${admin.token}` } };
    const found = await request.get(`/api/v1/ops/customers/search?q=${encodeURIComponent(shopperEmail)}`, auth);
    const customerId = ((await found.json()) as { customers: { id: string }[] }).customers[0]?.id ?? '';
    expect((await request.get(`/api/v1/ops/customers/${customerId}`, auth)).ok()).toBe(true);
    await filters.getByLabel('Action').fill('customer.view');
    await filters.getByLabel('Target id').fill(customerId);
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    const target = page.getByRole('link', { name: `customer ${customerId.slice(0, 8)}…` });
    await expect(target).toHaveAttribute('href', `/ops/customers/${customerId}`);
    await target.click();
    await expect(page.getByRole('heading', { level: 1, name: shopperEmail })).toBeVisible();
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the header is one line with 'Menu', which opens the items and closes on moving to a page", async ({
    page,
    request,
  }) => {
    const admin = await createOperator(request, 'admin');
    await openConsoleAs(page, admin, '/ops/customers');
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeInViewport();
    const header = await page.getByRole('banner').boundingBox();
    expect(header?.height).toBeLessThan(64);
    await expect(page.getByRole('navigation', { name: 'Console' })).toBeHidden();

    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = page.getByRole('navigation', { name: 'Console' });
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await nav.getByRole('link', { name: 'Team' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await expect(nav).toBeHidden();
    expect((await sidewaysOverflow(page)).page).toBe(0);
  });
});
