import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { DismissErrorToastsOnRouteChange } from '@/app/lazy-toaster';
import { dismissErrorToastsOnRouteChange, ROUTE_CHANGE_GRACE_MS, toast } from './toast';

function renderToaster() {
  render(<Toaster visibleToasts={10} />);
}

describe('error toasts give way (decision 029)', () => {
  it('a success clears the errors before it', async () => {
    renderToaster();
    toast.error('Error', { description: 'The verification code is incorrect' });
    toast.error('Invalid code', { description: 'Please enter the 6-digit verification code' });
    expect(await screen.findByText('Invalid code')).toBeInTheDocument();
    expect(screen.getByText('The verification code is incorrect')).toBeInTheDocument();

    toast.success('Success!', { description: "You've successfully logged in" });
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Invalid code')).not.toBeInTheDocument());
    expect(screen.queryByText('The verification code is incorrect')).not.toBeInTheDocument();
  });

  it('a route change clears older errors, and keeps one raised with the change', async () => {
    renderToaster();
    toast.error('Old error');
    expect(await screen.findByText('Old error')).toBeInTheDocument();
    toast.error('Account Not Found');
    expect(await screen.findByText('Account Not Found')).toBeInTheDocument();

    // As if the path changed a little after 'Account Not Found' was raised, long after 'Old error'.
    const oldAskedLongAgo = Date.now();
    act(() => dismissErrorToastsOnRouteChange(oldAskedLongAgo));
    expect(screen.getByText('Old error')).toBeInTheDocument();
    act(() => dismissErrorToastsOnRouteChange(oldAskedLongAgo + ROUTE_CHANGE_GRACE_MS + 1));
    await waitFor(() => expect(screen.queryByText('Old error')).not.toBeInTheDocument());
    expect(screen.queryByText('Account Not Found')).not.toBeInTheDocument();
  });

  it('the app dismisses them when the path changes, not before', async () => {
    render(
      <MemoryRouter initialEntries={['/login']}>
        <DismissErrorToastsOnRouteChange />
        <Routes>
          <Route path="/login" element={<Link to="/">Home</Link>} />
          <Route path="/" element={<h1>Home page</h1>} />
        </Routes>
        <Toaster />
      </MemoryRouter>,
    );
    const asked = Date.now();
    toast.error('Invalid email');
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    await waitFor(() => expect(Date.now() - asked).toBeGreaterThan(ROUTE_CHANGE_GRACE_MS), { timeout: 2000 });
    expect(screen.getByText('Invalid email')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Invalid email')).not.toBeInTheDocument());
  });
});
