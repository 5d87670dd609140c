import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readLatestMail } from './mailbox';
import { axeViolations } from './support/axe';
import { createOperator, openConsoleAs, signInThroughConsole } from './support/operator';

/**
 * The console's inbox (docs/product/operators.md#messages, #partners): a shopper's contact
 * message answered by a support operator, and an application from /partners accepted by a
 * partnerships operator, each signed in with a real authenticator code.
 */

// Each test sends a form, makes an operator (e-mailed code and authenticator through the API) and
// works a page: more than the default 30 seconds on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** axe-core's serious and critical findings on the page as it stands. */
async function expectAccessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

test('a support operator answers a contact message, and the reply reaches the sender quoting it', async ({
  page,
  request,
}) => {
  const id = unique();
  const name = `Amelia Hart ${id}`;
  const sender = `amelia-${id}@example.com`;
  const text = `My gift to my sister never arrived (${id}).`;
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Your name').fill(name);
  await form.getByLabel('Email address').fill(sender);
  await form.getByLabel('Message').fill(text);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status')).toContainText('Thank you for your message.');

  const support = await createOperator(request, 'support');
  await page.goto('/ops/login');
  await signInThroughConsole(page, request, support);
  const menu = page.getByRole('navigation', { name: 'Console' });
  await expect(menu.getByRole('link', { name: 'Partners' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Messages' }).click();
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await page.getByRole('link', { name }).click();

  await expect(page.getByRole('heading', { name: `Message from ${name}` })).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByRole('status')).toHaveText('The message is assigned to you.');

  await page.getByRole('button', { name: 'Reply', exact: true }).click();
  const sentAt = new Date();
  await page.getByLabel('Your reply').fill('We are sorry! A new gift e-mail is on its way.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status')).toHaveText(`Your reply is sent to ${sender}.`);
  const thread = page.getByRole('list', { name: 'Replies' });
  await expect(thread.getByRole('listitem')).toHaveCount(1);
  await expect(thread).toContainText('We are sorry! A new gift e-mail is on its way.');
  await expect(thread).toContainText(support.email);
  await expectAccessible(page);

  const mail = await readLatestMail(request, sender, { after: sentAt, subject: /^Re: your message/ });
  expect(mail.text).toContain('We are sorry! A new gift e-mail is on its way.');
  expect(mail.text).toContain(`> ${text}`);

  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('The message is closed.');
  await expect(page.getByRole('button', { name: 'Reply', exact: true })).toHaveCount(0);
  await page.reload();
  await expect(thread.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
});

test('a partnerships operator notes and accepts an application sent from /partners, and the applicant is told', async ({
  page,
  request,
}) => {
  const id = unique();
  const company = `Hartley Bakery ${id}`;
  const applicant = `priya-${id}@hartleybakery.co.uk`;
  await page.goto('/partners');
  const form = page.getByRole('form', { name: 'Partnership application' });
  await form.getByLabel('Company name').fill(company);
  await form.getByLabel('Contact name').fill('Priya Hartley');
  await form.getByLabel('Business email').fill(applicant);
  await form.getByLabel('Business category').selectOption({ label: 'Food & Drink' });
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(form.getByRole('status')).toContainText('Thank you for your application.');

  const partnerships = await createOperator(request, 'partnerships');
  await openConsoleAs(page, partnerships, '/ops/partners');
  const menu = page.getByRole('navigation', { name: 'Console' });
  await expect(menu.getByRole('link', { name: 'Messages' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('link', { name: company }).click();

  await expect(page.getByRole('heading', { name: company, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Start review' }).click();
  await expect(page.getByRole('status')).toHaveText('The application is in review.');
  await page.getByLabel('Note', { exact: true }).fill('Called Priya: three shops in Leeds.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText('Called Priya: three shops in Leeds.');
  await expectAccessible(page);

  const decidedAt = new Date();
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await page.getByRole('button', { name: 'Confirm accept' }).click();
  await expect(page.getByRole('status')).toHaveText(`The application is accepted; ${applicant} is e-mailed.`);
  await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);

  const mail = await readLatestMail(request, applicant, { after: decidedAt, subject: /is accepted/ });
  expect(mail.text).toContain('your application to sell gift vouchers on UGM Gift Marketplace is accepted');

  await page.getByRole('link', { name: 'Back to partners' }).click();
  await page.getByRole('button', { name: 'Accepted', exact: true }).click();
  await expect(page.getByRole('link', { name: company })).toBeVisible();
  await expectAccessible(page);
});
