import { type Notification, notificationEndpoints } from '@gvm/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { fakeEndpoint, installFakeApi } from '@/test/fake-api';
import { signInAs, signOut, testUser } from '@/test/signed-in';
import { formatNotificationDate } from '../lib/format-notification-date';
import { NotificationBell } from './notification-bell';

const ada = testUser();
let restoreApi = () => {};

/** The user's notifications as the server holds them, answered by GET and changed by POST …/read. */
function serveNotifications(notifications: Notification[]) {
  const fake = installFakeApi({
    ...fakeEndpoint(notificationEndpoints.list, ({ params }) =>
      params.userId === ada._id ? { status: 200, body: notifications } : { status: 403, body: { error: 'Forbidden' } },
    ),
    ...fakeEndpoint(notificationEndpoints.markRead, ({ params }) => {
      const found = notifications.find((n) => n._id === params.id);
      if (!found) return { status: 404, body: { error: 'Notification not found' } };
      found.read = true;
      return { status: 200, body: found };
    }),
  });
  restoreApi = fake.restore;
  return fake.requests;
}

function renderBell({ signedIn = true } = {}) {
  const queryClient = createQueryClient();
  if (signedIn) signInAs(queryClient, ada);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => {
  restoreApi();
  signOut();
});

const welcome: Notification = {
  _id: 'n-welcome',
  message: 'Welcome to UGM Gift Marketplace!',
  read: false,
  createdAt: '2026-11-20T10:15:00.000Z',
};
const older: Notification = {
  _id: 'n-older',
  message: 'Your gift to Grace was delivered.',
  read: true,
  createdAt: '2026-11-10T08:00:00.000Z',
};

describe('the notification bell (docs/product/README.md#notifications)', () => {
  it('is not shown to a guest', () => {
    serveNotifications([welcome]);
    renderBell({ signedIn: false });
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
  });

  it('shows the red dot while a notification is unread, and lists each with its local date', async () => {
    serveNotifications([{ ...welcome }, { ...older }]);
    const user = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications (unread)' });
    await user.click(bell);
    // The panel's code loads when the bell is first reached (decision 037).
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText(welcome.message)).toBeInTheDocument();
    expect(within(panel).getByText(formatNotificationDate(welcome.createdAt))).toBeInTheDocument();
    expect(within(panel).getByText(older.message)).toBeInTheDocument();
  });

  it("says 'No notifications available' when there are none, without a dot", async () => {
    serveNotifications([]);
    const user = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications available')).toBeInTheDocument();
  });

  it('opens on hover and closes on a click outside', async () => {
    serveNotifications([{ ...older }]);
    const user = renderBell();
    await user.hover(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
    await user.click(document.body);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
  });

  it('closes when the bell is clicked again, or on Escape with the focus back on the bell', async () => {
    serveNotifications([{ ...older }]);
    const user = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(bell).toHaveAttribute('aria-controls', panel.id);
    await user.click(bell);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    await user.click(bell);
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
    expect(bell).toHaveFocus();
  });

  it('marks a clicked notification read on the server, refetches, and the dot clears', async () => {
    const requests = serveNotifications([{ ...welcome }, { ...older }]);
    const user = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications (unread)' }));
    await user.click(screen.getByRole('button', { name: `Unread: ${welcome.message}` }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    const sent = requests.map((r) => `${r.method} ${r.path}`);
    const marked = sent.indexOf(`POST /notifications/${welcome._id}/read`);
    expect(marked).toBeGreaterThan(0);
    expect(sent.slice(marked + 1)).toEqual([`GET /notifications/${ada._id}`]);
  });
});
