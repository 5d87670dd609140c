import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeViolations } from './support/axe';

/** The information pages (decision 011): each with its h1, the headings it must show, and its document title. */
const infoPages = [
  {
    path: '/about',
    title: 'About Us',
    h1: 'Gifts that always fit',
    headings: [
      'Our mission',
      'Effortless',
      'Meaningful',
      'Flexible',
      'Value-Preserving',
      'For Gift Givers',
      'For Recipients',
    ],
  },
  {
    path: '/exchange',
    title: 'How to Exchange Your Voucher',
    h1: 'How to Exchange Your Voucher',
    headings: ['Exchange in six steps', 'Exchange policy highlights', 'Need a hand with an exchange?'],
  },
  {
    path: '/partners',
    title: 'Business Partnership',
    h1: 'Partner with UGM Gift Marketplace',
    headings: [
      'Why partner with us',
      'How it works',
      'Step 1: Apply',
      'Step 2: Onboard',
      'Step 3: Grow',
      'Apply to become a partner',
    ],
  },
  {
    path: '/contact',
    title: 'Contact Us',
    h1: 'Contact Us',
    headings: ['Get in touch', 'Support hours (GMT)', 'Follow us', 'Send us a message'],
  },
  { path: '/terms', title: 'Terms and Conditions', h1: 'Terms and Conditions', headings: ['Referral contest'] },
  { path: '/privacy', title: 'Privacy Policy', h1: 'Privacy Policy', headings: ['Your rights'] },
  {
    path: '/aml-policy',
    title: 'Anti-Money Laundering Policy',
    h1: 'Anti-Money Laundering Policy',
    headings: ['Customer Due Diligence', 'Suspicious Activity Reporting'],
  },
  { path: '/refund-policy', title: 'Refund Policy', h1: 'Refund Policy', headings: ['Refund Scenarios'] },
];

for (const info of infoPages) {
  test(`${info.path} shows its heading, sections and its own document title`, async ({ page }) => {
    await page.goto(info.path);
    await expect(page.getByRole('heading', { level: 1, name: info.h1 })).toBeVisible();
    for (const heading of info.headings) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await expect(page).toHaveTitle(`${info.title} | UGM Gift Marketplace`);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length).toBeGreaterThan(50);
  });

  test(`${info.path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(info.path);
    await expect(page.getByRole('heading', { level: 1, name: info.h1 })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

test('the about page states that vouchers never expire and keep their full value', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('About Us');
  await expect(page.getByText('never expire and keep their full value').first()).toBeVisible();
});

test('the exchange guide lists six steps, the policy highlights and a way to contact support', async ({ page }) => {
  await page.goto('/exchange');
  const steps = page.getByRole('region', { name: 'Exchange in six steps' }).getByRole('listitem');
  await expect(steps).toHaveCount(6);
  for (const highlight of [
    'Equal value, same currency',
    'Exchanges cannot be undone',
    'The original voucher is deactivated',
    'The new voucher appears in your wallet',
  ]) {
    await expect(page.getByRole('heading', { name: highlight })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Contact Support' }).click();
  await expect(page).toHaveURL('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
});

test('the contact page lists support hours in GMT and the company’s social profiles', async ({ page }) => {
  await page.goto('/contact');
  const hours = page.getByRole('region', { name: 'Support hours (GMT)' });
  await expect(hours.getByRole('term')).toHaveText(['Monday to Friday', 'Saturday', 'Sunday']);
  await expect(hours.getByRole('definition')).toHaveText(['9:00 AM to 5:00 PM', '10:00 AM to 4:00 PM', 'Closed']);
  for (const network of ['Instagram', 'Facebook', 'X', 'LinkedIn']) {
    await expect(page.getByRole('link', { name: `UGM on ${network} (opens in a new tab)` })).toHaveAttribute(
      'target',
      '_blank',
    );
  }
  await expect(page.getByRole('link', { name: 'support@ugmgifts.co.uk' })).toHaveAttribute(
    'href',
    'mailto:support@ugmgifts.co.uk',
  );
});

test('the home explainer swaps between how to redeem and how to exchange', async ({ page }) => {
  await openHomeExplainer(page);
  await expect(page.getByRole('heading', { name: 'HOW TO REDEEM?' })).toBeVisible();
  await expect(
    page.getByText('New to UGM? You need to create an account before you can redeem a voucher.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Show HOW TO EXCHANGE?' }).click();
  await expect(page.getByRole('heading', { name: 'HOW TO EXCHANGE?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'HOW TO REDEEM?' })).toHaveCount(0);
  for (const step of ['Copy your code', 'Click Exchange', 'Swap and enjoy']) {
    await expect(page.getByRole('heading', { name: step })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Show HOW TO REDEEM?' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'HOW TO REDEEM?' })).toBeVisible();
  for (const step of ['Copy your code', 'Enter and redeem', 'Enjoy']) {
    await expect(page.getByRole('heading', { name: step, exact: true })).toBeVisible();
  }
});

test('the home explainer has no serious or critical accessibility violations', async ({ page }) => {
  await openHomeExplainer(page);
  await expect(page.getByRole('region', { name: 'HOW TO REDEEM?' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('robots.txt points crawlers to a sitemap that lists the information pages', async ({ request, baseURL }) => {
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const info of infoPages) expect(sitemap).toContain(`<loc>${baseURL}${info.path}</loc>`);
});

/** The explainer under the grid loads as the shopper scrolls towards it (decision 023). */
async function openHomeExplainer(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.locator('footer').scrollIntoViewIfNeeded();
}

/** axe-core's verdict on the whole page, header and footer included. */
async function expectNoSeriousViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}
