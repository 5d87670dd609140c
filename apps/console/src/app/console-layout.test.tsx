import { OpsConsole } from '@console/app/console';
import { fakeEndpoint, installFakeApi, type Routes } from '@console/test/fake-api';
import { endOpsSession, holdsOpsSession, startOpsSession } from '@console/test/ops-session';
import { renderRoutes } from '@console/test/render-routes';
import { type OperatorRole, opsEndpoints, roleCapabilities } from '@gvm/contract/ops';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

let restoreApi = () => {};

function serve(routes: Routes) {
  const fake = installFakeApi(routes);
  restoreApi = fake.restore;
  return fake.requests;
}

afterEach(() => {
  restoreApi();
  endOpsSession();
});

/** The menu each role sees (docs/product/operators.md#the-console), written out here, not derived. */
const menuOf: Record<OperatorRole, string[]> = {
  support: ['Customers', 'Chat', 'Messages'],
  finance: ['Customers', 'Approvals', 'Supplier codes', 'Reports'],
  partnerships: ['Partners'],
  admin: ['Customers', 'Approvals', 'Supplier codes', 'Chat', 'Messages', 'Partners', 'Reports', 'Audit log', 'Team'],
};
const addressOf: Record<string, string> = {
  Customers: '/ops/customers',
  Approvals: '/ops/approvals',
  'Supplier codes': '/ops/codes',
  Chat: '/ops/chat',
  Messages: '/ops/messages',
  Partners: '/ops/partners',
  Reports: '/ops/reports',
  'Audit log': '/ops/audit',
  Team: '/ops/team',
};

function signedInAs(role: OperatorRole): Routes {
  startOpsSession();
  return {
    ...fakeEndpoint(opsEndpoints.me, ({ csrf }) =>
      csrf === 'csrf-1'
        ? {
            status: 200,
            body: { id: 'op-1', email: `${role}@ugm.example`, role, capabilities: [...roleCapabilities[role]] },
          }
        : { status: 401, body: { error: 'Unauthorized' } },
    ),
    ...fakeEndpoint(opsEndpoints.team, () => ({ status: 200, body: { operators: [] } })),
  };
}

const renderConsole = (path: string) => renderRoutes([{ path: '/ops/*', Component: OpsConsole }], path);

describe('the console menu (docs/product/operators.md#the-console)', () => {
  it.each(Object.keys(menuOf) as OperatorRole[])(
    "shows %s exactly the role's items, with its e-mail, role and 'Sign out'",
    async (role) => {
      serve(signedInAs(role));
      renderConsole('/ops');
      const menu = await screen.findByRole('navigation', { name: 'Console' });
      const links = within(menu).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual(menuOf[role]);
      for (const link of links) expect(link).toHaveAttribute('href', addressOf[link.textContent ?? '']);
      expect(screen.getByText(`${role}@ugm.example`)).toBeInTheDocument();
      expect(screen.getByText(role)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
      // /ops opens the first item the role may use, marked as the current page.
      const first = menuOf[role][0] ?? '';
      expect(await screen.findByRole('heading', { level: 1, name: first })).toBeInTheDocument();
      expect(within(menu).getByRole('link', { name: first })).toHaveAttribute('aria-current', 'page');
    },
  );

  it('refuses plainly a page the role may not use, opened by its address, and asks the API nothing for it', async () => {
    const requests = serve(signedInAs('support'));
    renderConsole('/ops/team');
    expect(
      await screen.findByText('Your role (support) may not use Team. Ask an admin if you need it.'),
    ).toBeInTheDocument();
    // The menu's unread count of Chat is the layout's, not the page's.
    expect(requests.map((request) => request.path).filter((path) => path !== '/ops/chat/unread')).toEqual(['/ops/me']);
  });

  it('sends an operator without a session to /ops/login, remembering the page', async () => {
    serve({});
    renderConsole('/ops/team');
    expect(await screen.findByRole('heading', { name: 'Operator sign-in' })).toBeInTheDocument();
  });

  it('goes back to /ops/login saying the session ended when the API answers 401', async () => {
    serve(signedInAs('admin'));
    startOpsSession('ended-session');
    renderConsole('/ops/team');
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Operator sign-in' })).toBeInTheDocument();
    expect(holdsOpsSession()).toBe(false);
  });

  it("'Sign out' ends the session on the server and here", async () => {
    const requests = serve({
      ...signedInAs('partnerships'),
      ...fakeEndpoint(opsEndpoints.signOut, () => ({ status: 204, body: null })),
    });
    renderConsole('/ops/partners');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Operator sign-in' })).toBeInTheDocument();
    expect(holdsOpsSession()).toBe(false);
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/ops/auth/sign-out',
      csrf: 'csrf-1',
    });
  });
});
