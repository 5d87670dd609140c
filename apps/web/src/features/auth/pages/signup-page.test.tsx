import { authEndpoints, publicConfigEndpoints } from '@gvm/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeEndpoint, installFakeApi, type Routes, type SentRequest } from '@/test/fake-api';
import { renderRoutes } from '@/test/render-routes';
import { SignupPage } from './signup-page';

let restoreApi = () => {};

function serve(routes: Routes) {
  const fake = installFakeApi({
    ...fakeEndpoint(publicConfigEndpoints.get, () => ({ status: 200, body: { googleClientId: null } })),
    ...routes,
  });
  restoreApi = fake.restore;
  return fake.requests;
}

const registrations = (requests: SentRequest[]) =>
  requests
    .filter((request) => request.path === '/users/register')
    .map((request) => request.body as Record<string, unknown>);

async function signUp(name: string, email: string) {
  renderRoutes([{ path: '/signup', Component: SignupPage }], '/signup');
  if (name) await userEvent.type(screen.getByLabelText('Full Name'), name);
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
}

const registered = (email: string) => ({
  status: 201 as const,
  body: { success: true as const, message: `We've sent a validation email to ${email}. Please check your inbox.` },
});

afterEach(() => restoreApi());

/** sonner's live region, where the toasts are. */
const toasts = () => screen.getByRole('region', { name: /Notifications/ });

describe('/signup (docs/product/accounts.md#sign-up)', () => {
  it("a missing name toasts 'Please enter your name' and asks nothing", async () => {
    const requests = serve({});
    await signUp('   ', 'ada@example.com');
    expect(await within(toasts()).findByText('Please enter your name')).toBeInTheDocument();
    // Decision 029: and at the field.
    expect(screen.getByLabelText('Full Name')).toHaveAccessibleDescription('Please enter your name');
    expect(screen.getByLabelText('Email')).not.toHaveAccessibleDescription();
    expect(registrations(requests)).toEqual([]);
  });

  it("an invalid email toasts 'Please enter a valid email address' and asks nothing", async () => {
    const requests = serve({});
    await signUp('Ada Lovelace', 'ada@example');
    expect(await within(toasts()).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('Full Name')).not.toHaveAccessibleDescription();
    expect(registrations(requests)).toEqual([]);
  });

  it('registers a consumer with a username made from the name, then goes to /login with the email', async () => {
    const requests = serve(fakeEndpoint(authEndpoints.register, () => registered('ada@example.com')));
    await signUp(' Ada Lovelace ', 'ada@example.com');
    expect(await screen.findByText('Validation email sent')).toBeInTheDocument();
    expect(
      screen.getByText("We've sent a validation email to ada@example.com. Please check your inbox."),
    ).toBeInTheDocument();
    expect(await screen.findByText('Now at /login?email=ada%40example.com')).toBeInTheDocument();
    const [body] = registrations(requests);
    expect(body).toMatchObject({
      email: 'ada@example.com',
      consumer: { name: 'Ada Lovelace' },
      role: 'consumer',
      selectedPersonas: [],
    });
    expect(body?.username).toMatch(/^adalovel\d{7}$/);
  });

  it('a username clash (409) is tried once more with a new suffix', async () => {
    let attempts = 0;
    const requests = serve(
      fakeEndpoint(authEndpoints.register, () =>
        ++attempts === 1 ? { status: 409, body: { error: 'This username is taken' } } : registered('ada@example.com'),
      ),
    );
    await signUp('Ada', 'ada@example.com');
    expect(await screen.findByText('Validation email sent')).toBeInTheDocument();
    const usernames = registrations(requests).map((body) => body.username);
    expect(usernames).toHaveLength(2);
    expect(usernames[0]).toMatch(/^ada\d{7}$/);
    expect(usernames[1]).toMatch(/^ada\d{7}$/);
  });

  it("a refusal shows the server's message under 'Error', without retrying", async () => {
    const requests = serve(
      fakeEndpoint(authEndpoints.register, () => ({
        status: 429,
        body: {
          error: 'Too many sign-up emails have been sent to this address. Please wait up to an hour and try again.',
        },
      })),
    );
    await signUp('Ada', 'ada@example.com');
    const tooMany = 'Too many sign-up emails have been sent to this address. Please wait up to an hour and try again.';
    expect(await within(toasts()).findByText(tooMany)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(tooMany);
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(registrations(requests)).toHaveLength(1);
  });

  it("a second username clash shows the server's message under 'Error'", async () => {
    const requests = serve(
      fakeEndpoint(authEndpoints.register, () => ({ status: 409, body: { error: 'This username is taken' } })),
    );
    await signUp('Ada', 'ada@example.com');
    expect(await within(toasts()).findByText('This username is taken')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(registrations(requests)).toHaveLength(2);
  });

  it('a failure without a message falls back to the spec text', async () => {
    serve(fakeEndpoint(authEndpoints.register, () => ({ status: 500 })));
    await signUp('Ada', 'ada@example.com');
    expect(
      await within(toasts()).findByText('An error occurred while sending the verification email.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'An error occurred while sending the verification email.',
    );
  });
});
