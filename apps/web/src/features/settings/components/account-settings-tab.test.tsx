import { type CurrentUser, userEndpoints } from '@gvm/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '@/lib/auth/current-user';
import { type EndpointAnswer, fakeEndpoint, installFakeApi } from '@/test/fake-api';
import { renderRoutes } from '@/test/render-routes';
import { AccountSettingsTab } from './account-settings-tab';

const ada: CurrentUser = {
  _id: 'user-ada',
  username: 'adalovel1234567',
  email: 'ada@example.com',
  createdAt: '2025-06-03T10:00:00.000Z',
  consumer: { name: 'Ada Lovelace', phoneNumber: null },
  role: 'consumer',
};
let restoreApi = () => {};

function renderTab(answer: () => EndpointAnswer<typeof userEndpoints.updateMe>) {
  const fake = installFakeApi(fakeEndpoint(userEndpoints.updateMe, answer));
  restoreApi = fake.restore;
  const { queryClient } = renderRoutes(
    [{ path: '/settings', element: <AccountSettingsTab user={ada} /> }],
    '/settings',
  );
  return { requests: fake.requests, queryClient };
}

afterEach(() => restoreApi());

describe('the Account tab of /settings (docs/product/accounts.md#account-and-settings)', () => {
  it('shows the handle, email and joined date read-only', () => {
    renderTab(() => ({ status: 500 }));
    expect(screen.getByLabelText('UGM Handle')).toHaveValue('adalovel1234567');
    expect(screen.getByLabelText('UGM Handle')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByText('Joined 3 June 2025')).toBeInTheDocument();
  });

  it('sends the trimmed name and phone under their dotted keys and updates the cached user', async () => {
    const { requests, queryClient } = renderTab(() => ({
      status: 200,
      body: {
        message: 'Your account details have been updated.',
        user: { ...ada, consumer: { name: 'Ada King', phoneNumber: '020 7946 0018' } },
      },
    }));
    await userEvent.clear(screen.getByLabelText('Full Name'));
    await userEvent.type(screen.getByLabelText('Full Name'), ' Ada King ');
    await userEvent.type(screen.getByLabelText('Phone Number'), '020 7946 0018');
    await userEvent.click(screen.getByRole('button', { name: 'Update Account' }));
    expect(await screen.findByText('Your account details have been updated.')).toBeInTheDocument();
    expect(requests.map((request) => request.body)).toEqual([
      { 'consumer.name': 'Ada King', 'consumer.phoneNumber': '020 7946 0018' },
    ]);
    expect(queryClient.getQueryData<CurrentUser>(currentUserQueryKey)?.consumer.name).toBe('Ada King');
  });

  it('disables Update Account while the name is wrong, with the live message', async () => {
    renderTab(() => ({ status: 500 }));
    await userEvent.clear(screen.getByLabelText('Full Name'));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Account' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Full Name'), 'A');
    expect(screen.getByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveAccessibleDescription('Name must be at least 2 characters');
  });

  it('a short phone number is explained live and refused with a toast on submit', async () => {
    const { requests } = renderTab(() => ({ status: 500 }));
    await userEvent.type(screen.getByLabelText('Phone Number'), '12');
    expect(screen.getByText('Please enter a valid phone number or leave it empty')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update Account' }));
    expect(await screen.findByText('Please enter a valid phone number or leave it empty.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it("a failure shows the server's message, else 'Failed to update account details.'", async () => {
    renderTab(() => ({ status: 500 }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Account' }));
    expect(await screen.findByText('Failed to update account details.')).toBeInTheDocument();
  });
});
