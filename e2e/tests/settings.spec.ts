import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from './support/accounts';
import { signIn } from './support/sign-in';

async function openSettingsSignedIn(page: Page, request: Parameters<typeof signIn>[1], name: string) {
  const email = uniqueEmail('settings');
  await page.goto('/login?returnTo=/settings');
  await signIn(page, request, email, { name });
  await expect(page).toHaveURL('/settings');
  return email;
}

test('the account form shows the name and phone rules as they are typed', async ({ page, request }) => {
  const email = await openSettingsSignedIn(page, request, 'Ada Lovelace');
  const name = page.getByLabel('Full Name');
  const phone = page.getByLabel('Phone Number');
  const update = page.getByRole('button', { name: 'Update Account' });

  await expect(name).toHaveValue('Ada Lovelace');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Email', { exact: true })).not.toBeEditable();
  await expect(page.getByLabel('UGM Handle')).not.toBeEditable();
  await expect(page.getByLabel('UGM Handle')).not.toHaveValue('');
  await expect(page.getByText(/^Joined \d{1,2} \w+ \d{4}$/)).toBeVisible();

  await name.fill('');
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(update).toBeDisabled();
  await name.fill('A');
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(update).toBeDisabled();
  await name.fill('Ada');
  await expect(page.getByText('Name must be at least 2 characters')).toBeHidden();
  await expect(update).toBeEnabled();

  await phone.fill('12');
  await expect(page.getByText('Please enter a valid phone number or leave it empty', { exact: true })).toBeVisible();
  await update.click();
  await expect(page.getByText('Please enter a valid phone number or leave it empty.', { exact: true })).toBeVisible();
});

test('updated account details are saved and survive a reload', async ({ page, request }) => {
  await openSettingsSignedIn(page, request, 'Alan Turing');
  await page.getByLabel('Full Name').fill('  Alan M. Turing ');
  await page.getByLabel('Phone Number').fill('+44 20 7946 0018');
  await page.getByRole('button', { name: 'Update Account' }).click();
  await expect(page.getByText('Your account details have been updated.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Full Name')).toHaveValue('Alan M. Turing');
  await expect(page.getByLabel('Phone Number')).toHaveValue('+44 20 7946 0018');

  // Emptying the phone number clears it.
  await page.getByLabel('Phone Number').fill('');
  await page.getByRole('button', { name: 'Update Account' }).click();
  await expect(page.getByText('Your account details have been updated.').first()).toBeVisible();
  await page.goto('/account');
  await expect(page.getByText('Alan M. Turing')).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByLabel('Phone Number')).toHaveValue('');
});

test('preferences are kept on this device, with email notifications on and marketing off by default', async ({
  page,
  request,
}) => {
  await openSettingsSignedIn(page, request, 'Mary Somerville');
  await page.getByRole('tab', { name: 'Preferences' }).click();
  const emailNotifications = page.getByRole('switch', { name: 'Email Notifications' });
  const marketing = page.getByRole('switch', { name: 'Marketing Emails' });
  await expect(emailNotifications).toBeChecked();
  await expect(marketing).not.toBeChecked();
  await expect(page.getByText('These preferences are saved on this device only.')).toBeVisible();

  await marketing.click();
  await emailNotifications.click();
  await page.reload();
  await page.getByRole('tab', { name: 'Preferences' }).click();
  await expect(page.getByRole('switch', { name: 'Marketing Emails' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Email Notifications' })).not.toBeChecked();
});
