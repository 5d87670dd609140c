import type { Page, Route } from '@playwright/test';
import { test as baseTest, expect } from './fixtures';
import { axeViolations } from './support/axe';

/**
 * The shared fixture fails a test on any console error. Chromium logs one for every failed
 * response, so the server-error tests declare the one failure they cause, and nothing else passes.
 */
const test = baseTest.extend<{ expectedFailedResponses: number }>({
  expectedFailedResponses: [0, { option: true }],
  // A plain function keeps the shared fixture's `auto`; it replaces the shared check for this file.
  failOnConsoleErrors: async ({ page, expectedFailedResponses }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(undefined);
    const failedResponse = /^Failed to load resource: the server responded with a status of 500/;
    expect(errors.filter((error) => failedResponse.test(error))).toHaveLength(expectedFailedResponses);
    expect(
      errors.filter((error) => !failedResponse.test(error)),
      'console errors on the page',
    ).toEqual([]);
  },
});

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** Holds a request until the test lets it go, so the submitting state can be seen; then sends it on. */
async function holdRequests(page: Page, path: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/v1/outreach/${path}`, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** axe-core's verdict on one form as it stands (for example with its errors showing). */
async function expectAccessibleForm(page: Page, name: string) {
  expect(await axeViolations(page, { include: `form[aria-label="${name}"]` })).toEqual([]);
}

/** Counts the requests a form sends, to prove that a refused form sends nothing. */
function countRequests(page: Page, path: string) {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(`/api/v1/outreach/${path}`)) sent.push(request.url());
  });
  return sent;
}

test.describe('newsletter sign-up in the footer', () => {
  test('an address without a dot after the @ is refused before anything is sent', async ({ page }) => {
    const sent = countRequests(page, 'newsletter');
    await page.goto('/about');
    const form = page.getByRole('form', { name: 'Newsletter sign-up' });
    await form.getByRole('textbox', { name: 'Email address' }).fill('reader@localhost');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please enter a valid email address');
    await expect(form.getByRole('textbox', { name: 'Email address' })).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
    await expectAccessibleForm(page, 'Newsletter sign-up');
  });

  test('subscribing disables the form while it is sent, then thanks the reader and clears the field', async ({
    page,
  }) => {
    await page.goto('/about');
    const release = await holdRequests(page, 'newsletter');
    const form = page.getByRole('form', { name: 'Newsletter sign-up' });
    const field = form.getByRole('textbox', { name: 'Email address' });
    await field.fill(`reader-${unique()}@example.com`);
    await field.press('Enter');
    await expect(field).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
    release();
    await expect(form.getByRole('status')).toHaveText('Thank you for subscribing!');
    await expect(field).toHaveValue('');
    await expect(field).toBeEnabled();
  });

  test.describe('when the server fails', () => {
    test.use({ expectedFailedResponses: 1 });

    test('a failure without a reason says something went wrong and keeps the address', async ({ page }) => {
      await page.route('**/api/v1/outreach/newsletter', (route) => route.fulfill({ status: 500, body: '' }));
      await page.goto('/about');
      const form = page.getByRole('form', { name: 'Newsletter sign-up' });
      await form.getByRole('textbox', { name: 'Email address' }).fill('reader@example.com');
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await expect(form.getByRole('alert')).toHaveText('Something went wrong');
      await expect(form.getByRole('textbox', { name: 'Email address' })).toHaveValue('reader@example.com');
    });
  });
});

test.describe('contact form', () => {
  test('a message without a name, email or message is refused with the spec’s words', async ({ page }) => {
    const sent = countRequests(page, 'support');
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Your name').fill('Amelia Hart');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please fill in all required fields');
    await expect(form.getByLabel('Email address')).toBeFocused();
    await expect(form.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Message')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Your name')).not.toHaveAttribute('aria-invalid');
    expect(sent).toEqual([]);
    await expectAccessibleForm(page, 'Send us a message');
  });

  test('a visitor using only the keyboard sends a message, sees “Sending...”, then a cleared form', async ({
    page,
  }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send us a message' });
    const release = await holdRequests(page, 'support');
    await form.getByLabel('Your name').focus();
    await page.keyboard.type('Amelia Hart');
    await page.keyboard.press('Tab');
    await page.keyboard.type(`amelia-${unique()}@example.com`);
    await page.keyboard.press('Tab');
    await expect(form.getByLabel('Subject')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(form.getByLabel('Subject')).toHaveValue('business');
    await page.keyboard.press('Tab');
    await page.keyboard.type('We would like vouchers for our team of twelve.');
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect(form.getByLabel('Your name')).toBeDisabled();
    await expect(form.getByLabel('Message')).toBeDisabled();
    release();

    await expect(form.getByRole('status')).toContainText('Thank you for your message.');
    await expect(form.getByLabel('Your name')).toHaveValue('');
    await expect(form.getByLabel('Email address')).toHaveValue('');
    await expect(form.getByLabel('Subject')).toHaveValue('support');
    await expect(form.getByLabel('Message')).toHaveValue('');
  });

  test.describe('when the server fails', () => {
    test.use({ expectedFailedResponses: 1 });

    test('the server’s error is shown and every value is kept', async ({ page }) => {
      await page.route('**/api/v1/outreach/support', (route) =>
        route.fulfill({ status: 500, json: { error: 'Something went wrong on our side. Please try again.' } }),
      );
      await page.goto('/contact');
      const form = page.getByRole('form', { name: 'Send us a message' });
      await form.getByLabel('Your name').fill('Amelia Hart');
      await form.getByLabel('Email address').fill('amelia@example.com');
      await form.getByLabel('Subject').selectOption('feedback');
      await form.getByLabel('Message').fill('Lovely site.');
      await form.getByRole('button', { name: 'Send Message' }).click();

      await expect(form.getByRole('alert')).toHaveText('Something went wrong on our side. Please try again.');
      await expect(form.getByLabel('Your name')).toHaveValue('Amelia Hart');
      await expect(form.getByLabel('Email address')).toHaveValue('amelia@example.com');
      await expect(form.getByLabel('Subject')).toHaveValue('feedback');
      await expect(form.getByLabel('Message')).toHaveValue('Lovely site.');
      await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    });
  });
});

test.describe('partnership application', () => {
  test('the company name, contact name and business email are required', async ({ page }) => {
    const sent = countRequests(page, 'partnership');
    await page.goto('/partners');
    const form = page.getByRole('form', { name: 'Partnership application' });
    await form.getByLabel('Phone number').fill('0161 496 0000');
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please fill in all required fields');
    await expect(form.getByLabel('Company name')).toBeFocused();
    for (const label of ['Company name', 'Contact name', 'Business email']) {
      await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(sent).toEqual([]);
    await expectAccessibleForm(page, 'Partnership application');
  });

  test('an application with only the required fields is accepted and the form clears', async ({ page }) => {
    await page.goto('/partners');
    const form = page.getByRole('form', { name: 'Partnership application' });
    const release = await holdRequests(page, 'partnership');
    await form.getByLabel('Company name').fill('Hartley & Sons Bakery');
    await form.getByLabel('Contact name').fill('Priya Hartley');
    await form.getByLabel('Business email').fill(`priya-${unique()}@hartleybakery.co.uk`);
    await form.getByLabel('Business category').selectOption({ label: 'Food & Drink' });
    await form.getByRole('button', { name: 'Submit Application' }).click();

    await expect(form.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await expect(form.getByLabel('Company name')).toBeDisabled();
    release();

    await expect(form.getByRole('status')).toContainText('Thank you for your application.');
    await expect(form.getByLabel('Company name')).toHaveValue('');
    await expect(form.getByLabel('Business category')).toHaveValue('');
  });

  test.describe('when the server fails', () => {
    test.use({ expectedFailedResponses: 1 });

    test('the server’s error is shown and the application is kept', async ({ page }) => {
      await page.route('**/api/v1/outreach/partnership', (route) =>
        route.fulfill({ status: 500, json: { error: 'Applications are paused for maintenance' } }),
      );
      await page.goto('/partners');
      const form = page.getByRole('form', { name: 'Partnership application' });
      await form.getByLabel('Company name').fill('Pennine Outdoor Gear');
      await form.getByLabel('Contact name').fill('Hannah Shaw');
      await form.getByLabel('Business email').fill('hannah@pennine.example');
      await form.getByLabel('Tell us about your business').fill('Walking and climbing kit.');
      await form.getByRole('button', { name: 'Submit Application' }).click();

      await expect(form.getByRole('alert')).toHaveText('Applications are paused for maintenance');
      await expect(form.getByLabel('Company name')).toHaveValue('Pennine Outdoor Gear');
      await expect(form.getByLabel('Business email')).toHaveValue('hannah@pennine.example');
      await expect(form.getByLabel('Tell us about your business')).toHaveValue('Walking and climbing kit.');
    });
  });
});
