import { OpsConsole } from '@console/app/console';
import { fakeEndpoint, installFakeApi, type Routes } from '@console/test/fake-api';
import { endOpsSession, holdsOpsSession, startOpsSession } from '@console/test/ops-session';
import { renderRoutes } from '@console/test/render-routes';
import { type CurrentOperator, opsEndpoints } from '@gvm/contract/ops';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

const ada: CurrentOperator = {
  id: 'op-1',
  email: 'ada@ugm.example',
  role: 'support',
  capabilities: ['customers.view', 'messages'],
};
const SETUP_KEY = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
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

/** The server's side of a sign-in: the e-mailed code 246810, then the authenticator's 135790. */
function signInServer(next: 'totp-setup' | 'totp'): Routes {
  return {
    ...fakeEndpoint(opsEndpoints.requestCode, () => ({ status: 200, body: { success: true as const } })),
    ...fakeEndpoint(opsEndpoints.verifyCode, ({ body }) =>
      body.code === '246810'
        ? { status: 200, body: { token: 'pending-1', next, expiresAt: '2026-11-27T10:00:00.000Z' } }
        : { status: 401, body: { error: 'Invalid or expired code' } },
    ),
    ...fakeEndpoint(opsEndpoints.totpSetup, ({ authorization }) =>
      authorization === 'Bearer pending-1'
        ? {
            status: 200,
            body: { otpauthUri: `otpauth://totp/UGM:ada%40ugm.example?secret=${SETUP_KEY}`, setupKey: SETUP_KEY },
          }
        : { status: 401, body: { error: 'Unauthorized' } },
    ),
    ...fakeEndpoint(opsEndpoints.totpVerify, ({ authorization, body }) => {
      if (authorization !== 'Bearer pending-1') return { status: 401, body: { error: 'Unauthorized' } };
      if (body.code !== '135790') return { status: 401, body: { error: 'The authenticator code is incorrect' } };
      // The server's answer sets the session's cookies (decision 073).
      startOpsSession('csrf-1');
      return { status: 200, body: { token: 'session-1', expiresAt: '2026-11-27T18:00:00.000Z' } };
    }),
    ...fakeEndpoint(opsEndpoints.me, ({ authorization, csrf }) =>
      authorization === undefined && csrf === 'csrf-1'
        ? {
            status: 200,
            body: ada,
          }
        : { status: 401, body: { error: 'Unauthorized' } },
    ),
  };
}

const renderConsole = (path = '/ops/login') => renderRoutes([{ path: '/ops/*', Component: OpsConsole }], path);

/** Work email and the e-mailed code, each submitted with Enter as in a real form. */
async function throughTheCode(code = '246810') {
  await userEvent.type(screen.getByLabelText('Work email'), 'ada@ugm.example{Enter}');
  await userEvent.type(await screen.findByLabelText('Sign-in code'), `${code}{Enter}`);
}

// Each test types through two or three forms: more than the default 5 s on a busy machine.
describe('/ops/login (docs/product/operators.md#sign-in)', { timeout: 20_000 }, () => {
  it('the first time: sets up the authenticator from a QR code and the setup key, then signs in', async () => {
    // A shopper signed in in the same browser: their token must never reach the ops API.
    localStorage.setItem('token', 'shopper-token');
    const requests = serve(signInServer('totp-setup'));
    renderConsole();
    expect(screen.getByRole('heading', { name: 'Operator sign-in' })).toBeInTheDocument();
    await throughTheCode();
    expect(await screen.findByRole('heading', { name: 'Set up two-step verification' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByLabelText('Setup key')).toHaveValue(SETUP_KEY);
    await userEvent.type(screen.getByLabelText('Authenticator code'), '135790');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('navigation', { name: 'Console' })).toBeInTheDocument();
    expect(holdsOpsSession()).toBe(true);
    expect(localStorage.getItem('token')).toBe('shopper-token');
    expect(requests.map((request) => `${request.method} ${request.path} ${request.authorization ?? '-'}`)).toEqual([
      'POST /ops/auth/code -',
      'POST /ops/auth/verify-code -',
      'POST /ops/auth/totp/setup Bearer pending-1',
      'POST /ops/auth/totp/verify Bearer pending-1',
      'GET /ops/me -',
    ]);
    // Signed in, /ops opens the role's first page.
    expect(await screen.findByRole('heading', { name: 'Customers' })).toBeInTheDocument();
  });

  it('every later time: asks for the authenticator code alone, and shows a wrong one at its field', async () => {
    serve(signInServer('totp'));
    renderConsole();
    await throughTheCode();
    const field = await screen.findByLabelText('Authenticator code');
    expect(screen.queryByRole('heading', { name: 'Set up two-step verification' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Setup key')).not.toBeInTheDocument();
    await userEvent.type(field, '000000{Enter}');
    expect(await screen.findByText('The authenticator code is incorrect')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(holdsOpsSession()).toBe(false);
    await userEvent.clear(field);
    await userEvent.type(field, '135790{Enter}');
    expect(await screen.findByRole('navigation', { name: 'Console' })).toBeInTheDocument();
  });

  it("shows the API's refusal of the e-mailed code at the 'Sign-in code' field", async () => {
    serve(signInServer('totp'));
    renderConsole();
    await throughTheCode('111111');
    expect(await screen.findByText('Invalid or expired code')).toBeInTheDocument();
    expect(screen.getByLabelText('Sign-in code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByLabelText('Authenticator code')).not.toBeInTheDocument();
  });

  it('asks for a work email before sending anything', async () => {
    const requests = serve(signInServer('totp'));
    renderConsole();
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter your work email')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
