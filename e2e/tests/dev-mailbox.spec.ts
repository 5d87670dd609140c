import { expect, test } from './fixtures';
import { extractCode, extractLink, readLatestMail } from './mailbox';
import { uniqueEmail } from './support/accounts';
import { axeViolations } from './support/axe';

test('an e-mail the app sends can be read from the dev mailbox, as JSON and as a page', async ({ page, request }) => {
  const email = uniqueEmail('reader');
  const before = new Date();
  const subscribed = await request.post('/api/v1/outreach/newsletter', { data: { email } });
  expect(subscribed.ok()).toBe(true);

  const mail = await readLatestMail(request, email.toUpperCase(), { subject: /subscribed/i, after: before });
  expect(mail.html).toContain('<!doctype html>');
  expect(extractLink(mail.text, '/')).toBe('/');

  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dev mailbox' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: mail.subject })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Recipient')).toHaveValue(email);

  expect(await axeViolations(page, { all: true })).toEqual([]);
});

test('reading the mailbox gives up with a clear message when nothing arrives', async ({ request }) => {
  await expect(readLatestMail(request, 'nobody@example.com', { timeoutMs: 500 })).rejects.toThrow(
    'No e-mail to nobody@example.com arrived in time (mailbox for nobody@example.com: empty)',
  );
});

test('the code and link helpers find what an e-mail carries', () => {
  const text = 'Your sign-in code is 123456.\nVerify: http://localhost:3000/verify/abc?x=1 then http://localhost/other';
  expect(extractCode(text)).toBe('123456');
  expect(extractLink(text, '/verify/')).toBe('/verify/abc?x=1');
  expect(() => extractLink(text, '/signup')).toThrow('No link to /signup');
});
