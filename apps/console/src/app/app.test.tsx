import { fakeEndpoint, installFakeApi } from '@console/test/fake-api';
import { endOpsSession, startOpsSession } from '@console/test/ops-session';
import { type CurrentOperator, opsEndpoints } from '@gvm/contract/ops';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { OpsApp } from './app';

const ada: CurrentOperator = {
  id: 'op-1',
  email: 'ada@ugm.example',
  role: 'admin',
  capabilities: ['customers.view', 'team'],
};

let restoreApi = () => {};
afterEach(() => {
  restoreApi();
  endOpsSession();
});

/** The console's server: an e-mailed code 246810, the authenticator's 135790, then Ada's session. */
function serve() {
  const fake = installFakeApi({
    ...fakeEndpoint(opsEndpoints.requestCode, () => ({ status: 200, body: { success: true as const } })),
    ...fakeEndpoint(opsEndpoints.verifyCode, ({ body }) =>
      body.code === '246810'
        ? { status: 200, body: { token: 'pending-1', next: 'totp' as const, expiresAt: '2026-11-27T10:00:00.000Z' } }
        : { status: 401, body: { error: 'Invalid or expired code' } },
    ),
    ...fakeEndpoint(opsEndpoints.totpVerify, ({ body }) => {
      if (body.code !== '135790') return { status: 401, body: { error: 'The authenticator code is incorrect' } };
      // The answer sets the session's cookies (decision 073).
      startOpsSession();
      return { status: 200, body: { token: 'session-1', expiresAt: '2026-11-27T18:00:00.000Z' } };
    }),
    ...fakeEndpoint(opsEndpoints.me, ({ csrf }) =>
      csrf === 'csrf-1' ? { status: 200, body: ada } : { status: 401, body: { error: 'Unauthorized' } },
    ),
    ...fakeEndpoint(opsEndpoints.team, () => ({ status: 200, body: { operators: [] } })),
  });
  restoreApi = fake.restore;
}

/** The console's own app (its entry's), opened at `path`. */
function openConsoleAt(path: string) {
  window.history.replaceState(null, '', path);
  render(<OpsApp />);
}

describe("the console's focus on a change of page", { timeout: 20_000 }, () => {
  it("moves from the sign-in's last button to the heading of the page it returns to, across the layout drawn meanwhile", async () => {
    serve();
    openConsoleAt(`/ops/login?${new URLSearchParams({ returnTo: '/ops/team' })}`);
    await userEvent.type(screen.getByLabelText('Work email'), 'ada@ugm.example{Enter}');
    await userEvent.type(await screen.findByLabelText('Sign-in code'), '246810{Enter}');
    await userEvent.type(await screen.findByLabelText('Authenticator code'), '135790{Enter}');
    // The console's layout shows 'Loading the console' in a main region of its own until it knows
    // the operator, then the page in another.
    const heading = await screen.findByRole('heading', { level: 1, name: 'Team' });
    expect(heading).toHaveFocus();
    // The next Tab goes into the page, not back to the menu.
    await userEvent.tab();
    expect(screen.getByRole('main')).toContainElement(document.activeElement as HTMLElement);
  });

  it("moves from the menu's link to the new page's heading", async () => {
    serve();
    // Signed in already: the console's session is the browser's (docs/product/operators.md).
    startOpsSession();
    openConsoleAt('/ops/team');
    expect(await screen.findByRole('heading', { level: 1, name: 'Team' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Console' });
    within(menu).getByRole('link', { name: 'Customers' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customers' })).toHaveFocus();
  });
});
