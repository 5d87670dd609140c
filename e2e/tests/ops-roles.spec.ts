import { type OperatorRole, operatorRoles } from '@gvm/contract/ops';
import { expect, test } from './fixtures';
import { createOperator, openConsoleAs } from './support/operator';

/**
 * The role matrix in the browser (docs/product/operators.md#the-console): each role, signed in
 * with a real TOTP code, sees exactly its menu items; every other page, opened by its address,
 * is refused plainly, and the API refuses its data with 403.
 */
const menu = [
  { label: 'Customers', path: '/ops/customers', roles: ['support', 'finance', 'admin'] },
  { label: 'Approvals', path: '/ops/approvals', roles: ['finance', 'admin'] },
  { label: 'Supplier codes', path: '/ops/codes', roles: ['finance', 'admin'] },
  { label: 'Chat', path: '/ops/chat', roles: ['support', 'admin'] },
  { label: 'Messages', path: '/ops/messages', roles: ['support', 'admin'] },
  { label: 'Partners', path: '/ops/partners', roles: ['partnerships', 'admin'] },
  { label: 'Reports', path: '/ops/reports', roles: ['finance', 'admin'] },
  { label: 'Audit log', path: '/ops/audit', roles: ['admin'] },
  { label: 'Team', path: '/ops/team', roles: ['admin'] },
] as const;

/** An API endpoint behind each item, where one is built: the server must refuse it too. */
const endpointOf: Partial<Record<(typeof menu)[number]['label'], string>> = {
  Chat: '/api/v1/ops/chat/conversations',
  Approvals: '/api/v1/ops/approvals',
  'Supplier codes': '/api/v1/ops/voucher-codes',
  Reports: '/api/v1/ops/reports/sales',
  'Audit log': '/api/v1/ops/audit',
  Team: '/api/v1/ops/team',
};

for (const role of operatorRoles) {
  test(`${role}: the menu shows exactly the role's items, and every other page is refused`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const operator = await createOperator(request, role);
    await openConsoleAs(page, operator);
    const nav = page.getByRole('navigation', { name: 'Console' });
    const allowed = menu.filter((item) => (item.roles as readonly OperatorRole[]).includes(role));
    await expect(nav.getByRole('link')).toHaveText(allowed.map((item) => item.label));
    await expect(page.getByText(`Role: ${role}`)).toBeVisible();

    for (const item of menu) {
      await test.step(item.label, async () => {
        const may = allowed.some((shown) => shown.label === item.label);
        if (may) {
          await nav.getByRole('link', { name: item.label }).click();
          await expect(page).toHaveURL(item.path);
          await expect(page.getByRole('heading', { level: 1, name: item.label })).toBeVisible();
          await expect(page.getByText(/may not use/)).toHaveCount(0);
        } else {
          await page.goto(item.path);
          await expect(page.getByRole('heading', { level: 1, name: item.label })).toBeVisible();
          await expect(page.getByText(`Your role (${role}) may not use ${item.label}.`)).toBeVisible();
        }
        const endpoint = endpointOf[item.label];
        if (endpoint) {
          const answer = await request.get(endpoint, { headers: { Authorization: `Bearer ${operator.token}` } });
          expect(answer.status(), `${role} GET ${endpoint}`).toBe(may ? 200 : 403);
        }
      });
    }
  });
}
