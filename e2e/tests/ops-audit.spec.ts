import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { createOperator, inviteOperator, openConsoleAs, operatorMe } from './support/operator';

/**
 * The audit log (docs/product/operators.md#audit-trail) as an admin reads it: filtered by
 * operator and action, and downloaded as CSV with the same filters.
 */
test('an admin filters the audit log by operator and action, and downloads what it shows as CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await createOperator(request, 'admin');
  const me = await operatorMe(request, admin.token);
  // Two changes of this admin's own, through Team's API: two 'operator.invite' rows.
  const invitees = [
    await inviteOperator(request, 'support', { as: admin.token }),
    await inviteOperator(request, 'finance', { as: admin.token }),
  ];

  await openConsoleAs(page, admin, '/ops/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const filters = page.getByRole('form', { name: 'Filter the audit log' });
  await filters.getByLabel('Operator').selectOption({ label: admin.email });
  await filters.getByLabel('Action').fill('operator.invite');
  await filters.getByRole('button', { name: 'Apply filters' }).click();

  const rows = page.getByRole('table').getByRole('row');
  // A header row and this admin's two invitations, newest first.
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(invitees[1]?.email ?? '');
  await expect(rows.nth(2)).toContainText(invitees[0]?.email ?? '');
  for (const row of [rows.nth(1), rows.nth(2)]) {
    await expect(row).toContainText('operator.invite');
    await expect(row).toContainText(`${admin.email} (admin)`);
  }

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(csv[0]).toBe('at,operator_email,operator_id,role,action,target_type,target_id,reason,before,after,ip');
  expect(csv).toHaveLength(3);
  for (const [index, invitee] of [invitees[1], invitees[0]].entries()) {
    const line = csv[index + 1] ?? '';
    expect(line).toContain(`,${admin.email},${me.id},admin,operator.invite,operator,${invitee?.id},`);
    expect(line).toContain(invitee?.email);
  }
});
