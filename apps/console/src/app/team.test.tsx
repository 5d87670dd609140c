import { OpsConsole } from '@console/app/console';
import { fakeEndpoint, installFakeApi, type Routes } from '@console/test/fake-api';
import { endOpsSession, startOpsSession } from '@console/test/ops-session';
import { renderRoutes } from '@console/test/render-routes';
import { opsEndpoints, roleCapabilities, type TeamMember } from '@gvm/contract/ops';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

let restoreApi = () => {};
afterEach(() => {
  restoreApi();
  endOpsSession();
});

const boss: TeamMember = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'boss@ugm.example',
  role: 'admin',
  disabled: false,
  twoStepSetUp: true,
  createdAt: '2026-11-27T08:00:00.000Z',
};

/** An admin signed in, and a Team of one (the last admin) that the test's handlers may change. */
function adminConsole(extra: Routes = {}) {
  startOpsSession();
  const team: TeamMember[] = [boss];
  const fake = installFakeApi({
    ...fakeEndpoint(opsEndpoints.me, () => ({
      status: 200,
      body: { id: boss.id, email: boss.email, role: 'admin' as const, capabilities: [...roleCapabilities.admin] },
    })),
    ...fakeEndpoint(opsEndpoints.team, () => ({ status: 200, body: { operators: team } })),
    ...fakeEndpoint(opsEndpoints.invite, ({ body }) => {
      const member = { ...boss, id: '00000000-0000-4000-8000-000000000002', ...body, twoStepSetUp: false };
      team.push(member);
      return { status: 201, body: member };
    }),
    ...extra,
  });
  restoreApi = fake.restore;
  renderRoutes([{ path: '/ops/*', Component: OpsConsole }], '/ops/team');
  return fake.requests;
}

describe('Team (docs/product/operators.md#the-console)', { timeout: 20_000 }, () => {
  it('invites an operator by work e-mail and role, and lists them', async () => {
    const requests = adminConsole();
    const form = await screen.findByRole('form', { name: 'Invite an operator' });
    await userEvent.type(within(form).getByLabelText('Work email'), 'ada@ugm.example');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'finance');
    await userEvent.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByRole('status')).toHaveTextContent('ada@ugm.example is invited as finance.');
    const row = (await screen.findByText('ada@ugm.example', { selector: 'td' })).closest('tr');
    expect(row && within(row).getByText('Not set up')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      path: '/ops/team',
      body: { email: 'ada@ugm.example', role: 'finance' },
      csrf: 'csrf-1',
    });
  });

  it("asks for a reason before disabling, and shows the server's refusal for the last admin", async () => {
    const requests = adminConsole(
      fakeEndpoint(opsEndpoints.updateOperator, () => ({
        status: 409,
        body: {
          error:
            'This is the last admin: the last admin cannot be demoted or disabled. Make another operator an admin first.',
        },
      })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    const form = screen.getByRole('form', { name: 'Disable boss@ugm.example' });
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm disable' }));
    expect(within(form).getByText('Please give a reason')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
    await userEvent.type(within(form).getByLabelText('Reason'), 'Leaving');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm disable' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is the last admin');
    expect(requests.find((request) => request.method === 'PATCH')).toMatchObject({
      path: `/ops/team/${boss.id}`,
      body: { disabled: true, reason: 'Leaving' },
    });
  });
});
