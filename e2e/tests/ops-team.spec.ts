import { teamListSchema } from '@gvm/contract/ops';
import { expect, test } from './fixtures';
import { createOperator, OPS_ADMIN_EMAIL, openConsoleAs, uniqueOperatorEmail } from './support/operator';

/**
 * Team (docs/product/operators.md#operators-and-roles), as an admin uses it: invite, change a
 * role, disable with a reason; the server's refusals shown as it words them.
 */
test('an admin invites an operator, changes their role and disables them with a reason', async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = await createOperator(request, 'admin');
  await openConsoleAs(page, admin, '/ops/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();

  const invitee = uniqueOperatorEmail('invitee');
  const invite = page.getByRole('form', { name: 'Invite an operator' });
  await invite.getByLabel('Work email').fill(invitee);
  await invite.getByLabel('Role').selectOption('support');
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `${invitee} is invited as support. They sign in at /ops/login with that address.`,
  );
  const row = page.getByRole('row').filter({ hasText: invitee });
  await expect(row.getByRole('cell').nth(2)).toHaveText('Active');
  await expect(row.getByRole('cell').nth(3)).toHaveText('Not set up');

  // The same address again: the server's 409, at the field.
  await invite.getByLabel('Work email').fill(invitee);
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(invite.getByText('This address already belongs to an operator.')).toBeVisible();

  await row.getByLabel(`Role of ${invitee}`).selectOption('finance');
  await row.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByRole('status')).toHaveText(`${invitee} is now finance.`);
  await expect(row.getByLabel(`Role of ${invitee}`)).toHaveValue('finance');

  await row.getByRole('button', { name: 'Disable' }).click();
  const disable = page.getByRole('form', { name: `Disable ${invitee}` });
  await disable.getByRole('button', { name: 'Confirm disable' }).click();
  await expect(disable.getByText('Please give a reason')).toBeVisible();
  await disable.getByLabel('Reason').fill('Left the company');
  await disable.getByRole('button', { name: 'Confirm disable' }).click();
  await expect(page.getByRole('status')).toHaveText(`${invitee} is disabled.`);
  await expect(row.getByRole('cell').nth(2)).toHaveText('Disabled');
  await expect(row.getByRole('button', { name: 'Enable' })).toBeVisible();

  // What the server holds now.
  const team = await request.get('/api/v1/ops/team', { headers: { Authorization: `Bearer ${admin.token}` } });
  const member = teamListSchema.parse(await team.json()).operators.find((operator) => operator.email === invitee);
  expect(member).toMatchObject({ role: 'finance', disabled: true, twoStepSetUp: false });

  // The OPS_ADMINS admin cannot be disabled from Team: the refusal is shown plainly.
  const configured = page.getByRole('row').filter({ hasText: OPS_ADMIN_EMAIL });
  await configured.getByRole('button', { name: 'Disable' }).click();
  const refuse = page.getByRole('form', { name: `Disable ${OPS_ADMIN_EMAIL}` });
  await refuse.getByLabel('Reason').fill('Trying');
  await refuse.getByRole('button', { name: 'Confirm disable' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'OPS_ADMINS' })).toHaveText(
    'This operator is named in OPS_ADMINS and is always an admin: change the configuration to change that.',
  );
  await expect(configured.getByRole('cell').nth(2)).toHaveText('Active');
});
