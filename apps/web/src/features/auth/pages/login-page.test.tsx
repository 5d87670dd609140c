import { authEndpoints, publicConfigEndpoints } from '@gvm/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type EndpointAnswer, fakeEndpoint, installFakeApi, type Routes, type SentRequest } from '@/test/fake-api';
import { renderRoutes } from '@/test/render-routes';
import { LoginPage } from './login-page';

let restoreApi = () => {};

function serve(routes: Routes) {
  const fake = installFakeApi({
    ...fakeEndpoint(publicConfigEndpoints.get, () => ({ status: 200, body: { googleClientId: null } })),
    ...routes,
  });
  restoreApi = fake.restore;
  return fake.requests;
}

const renderLogin = (path = '/login') => renderRoutes([{ path: '/login', Component: LoginPage }], path);
const codeRequests = (requests: SentRequest[]) => requests.filter((r) => r.path === '/users/generate-code');

afterEach(() => restoreApi());

/** sonner's live region, where the toasts are. */
const toasts = () => screen.getByRole('region', { name: /Notifications/ });
const emailField = () => screen.getByLabelText('Email');

describe('/login (docs/product/accounts.md#sign-in-by-code)', () => {
  it('shows the page copy', async () => {
    serve({});
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Enter your email')).toBeInTheDocument();
    expect(screen.getByText('OR')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByText(/© 2025/)).toBeInTheDocument();
  });

  it("an address without @ toasts 'Invalid email' and asks the server nothing", async () => {
    const requests = serve({});
    renderLogin();
    await userEvent.type(screen.getByPlaceholderText('Enter your email'), 'ada.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Email' }));
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(within(toasts()).getByText('Please enter a valid email address')).toBeInTheDocument();
    // Decision 029: and at the field, until the address is changed.
    expect(emailField()).toHaveAccessibleDescription('Please enter a valid email address');
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(codeRequests(requests)).toEqual([]);
    await userEvent.type(emailField(), 'x');
    expect(emailField()).not.toHaveAccessibleDescription();
    expect(emailField()).not.toHaveAttribute('aria-invalid');
  });

  it('an empty address is refused the same way', async () => {
    const requests = serve({});
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Email' }));
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(codeRequests(requests)).toEqual([]);
  });

  it('requests a code, says so and goes to the code page for that address', async () => {
    const requests = serve(
      fakeEndpoint(authEndpoints.generateCode, () => ({ status: 200, body: { success: true as const } })),
    );
    renderLogin();
    await userEvent.type(screen.getByPlaceholderText('Enter your email'), '  ada@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Email' }));
    expect(await screen.findByText('Verification code sent')).toBeInTheDocument();
    expect(await screen.findByText('Now at /login-code?email=ada%40example.com')).toBeInTheDocument();
    expect(codeRequests(requests).map((request) => request.body)).toEqual([{ email: 'ada@example.com' }]);
  });

  it("shows 'Loading...' while the code is being requested", async () => {
    let answer: (value: EndpointAnswer<typeof authEndpoints.generateCode>) => void = () => {};
    serve(fakeEndpoint(authEndpoints.generateCode, () => new Promise((resolve) => (answer = resolve))));
    renderLogin('/login?email=ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Email' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    answer({ status: 200, body: { success: true } });
    expect(await screen.findByText(/Now at \/login-code/)).toBeInTheDocument();
  });

  it("a refused request shows the server's message", async () => {
    serve(
      fakeEndpoint(authEndpoints.generateCode, () => ({
        status: 429,
        body: { error: 'Too many verification codes requested.' },
      })),
    );
    renderLogin('/login?email=ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Email' }));
    expect(await within(toasts()).findByText('Too many verification codes requested.')).toBeInTheDocument();
    expect(emailField()).toHaveAccessibleDescription('Too many verification codes requested.');
  });

  it('a failure without a message falls back to the spec text', async () => {
    serve(fakeEndpoint(authEndpoints.generateCode, () => ({ status: 500 })));
    renderLogin('/login?email=ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Email' }));
    expect(
      await within(toasts()).findByText('An error occurred while sending the verification code'),
    ).toBeInTheDocument();
    expect(emailField()).toHaveAccessibleDescription('An error occurred while sending the verification code');
  });

  it('prefills the email and remembers a safe returnTo from the query', async () => {
    serve({});
    renderLogin('/login?email=ada@example.com&returnTo=%2Fwishlist');
    expect(screen.getByPlaceholderText('Enter your email')).toHaveValue('ada@example.com');
    expect(localStorage.getItem('returnTo')).toBe('/wishlist');
  });

  it('never remembers a returnTo that leaves the site', async () => {
    serve({});
    renderLogin('/login?returnTo=%2F%2Fevil.example%2Fsteal');
    expect(localStorage.getItem('returnTo')).toBeNull();
  });
});
