import {
  type ActiveOrder,
  type Gift,
  giftEndpoints,
  type OrderItem,
  orderEndpoints,
  voucherEndpoints,
} from '@gvm/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { fakeEndpoint, installFakeApi } from '@/test/fake-api';
import { signInAs, signOut, testUser } from '@/test/signed-in';
import { GiftPage } from './gift-page';
import { SentGiftPage } from './sent-gift-page';

const ada = testUser();
const sentGift: OrderItem = {
  _id: 'order-2',
  productCode: 'ARGOS-GB',
  merchant: { name: 'Argos' },
  valuePurchased: 25,
  currency: 'GBP',
  giftOrder: { recipientName: 'Grace Hopper', recipientEmail: 'grace@example.com', status: 'pending' },
};
const gift: Gift = {
  senderName: 'Ada Lovelace',
  recipientName: 'Grace',
  merchant: { name: 'Argos' },
  imageUrl: '',
  value: 25,
  currency: 'GBP',
  message: 'Happy birthday!',
  status: 'pending',
};
const claimedOrder: ActiveOrder = {
  _id: 'order-9',
  merchant: { name: 'Argos', redemptionUrl: '/vouchers/order-9' },
  productCode: 'ARGOS-GB',
  currency: 'GBP',
  valuePurchased: 25,
  isActivated: false,
  imageUrl: '',
  country: ['GB'],
  createdAt: '2026-11-20T10:00:00.000Z',
};
let restoreApi = () => {};

function renderAt(path: string, { signedIn }: { signedIn: boolean }) {
  const queryClient = createQueryClient();
  if (signedIn) signInAs(queryClient, ada);
  else signOut();
  const router = createMemoryRouter(
    [
      { path: '/sent-gift', Component: SentGiftPage },
      { path: '/gift/:token', Component: GiftPage },
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/confirmation', element: <h1>Confirmation page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

afterEach(() => {
  restoreApi();
  signOut();
});

describe('the sent gifts of a purchase (/sent-gift)', () => {
  it('lists each gift with its recipient and status', async () => {
    restoreApi = installFakeApi({
      ...fakeEndpoint(orderEndpoints.status, () => ({
        status: 200,
        body: { status: 'paid' as const, orders: [sentGift, { ...sentGift, _id: 'order-1', giftOrder: undefined }] },
      })),
    }).restore;
    renderAt('/sent-gift?key=k1', { signedIn: true });
    const gifts = within(await screen.findByRole('list', { name: 'Sent gifts' })).getAllByRole('listitem');
    expect(gifts).toHaveLength(1);
    expect(gifts[0]).toHaveTextContent('To Grace Hopper');
    expect(gifts[0]).toHaveTextContent('grace@example.com');
    expect(gifts[0]).toHaveTextContent('Pending');
  });

  it('without a purchase points to the full history in the wallet', () => {
    renderAt('/sent-gift', { signedIn: true });
    expect(
      screen.getByText(/full history of sent gifts is in your\s+wallet, under Manage Vouchers/),
    ).toBeInTheDocument();
  });
});

describe('the gift landing page (/gift/:token)', () => {
  it("shows the gift to a guest, the link read-only, and 'Log In To Continue' comes back here", async () => {
    restoreApi = installFakeApi({ ...fakeEndpoint(giftEndpoints.get, () => ({ status: 200, body: gift })) }).restore;
    const { router, user } = renderAt('/gift/tok_1', { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace sent you a gift, Grace!' })).toBeInTheDocument();
    expect(screen.getByText('Argos')).toBeInTheDocument();
    expect(screen.getByText('£25.00')).toBeInTheDocument();
    expect(screen.getByText('“Happy birthday!”')).toBeInTheDocument();
    const link = screen.getByLabelText('Your gift link');
    expect(link).toHaveAttribute('readonly');
    expect(link).toHaveValue(`${window.location.origin}/gift/tok_1`);

    await user.click(screen.getByRole('button', { name: 'Log In To Continue' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/gift/tok_1');
    expect(localStorage.getItem('returnTo')).toBe('/gift/tok_1');
  });

  it("signed in, 'Redeem Gift' claims it by its token and leads to the redemption success", async () => {
    const fake = installFakeApi({
      ...fakeEndpoint(giftEndpoints.get, () => ({ status: 200, body: gift })),
      ...fakeEndpoint(voucherEndpoints.redeemLink, () => ({
        status: 200,
        body: { message: 'Gift claimed', order: claimedOrder },
      })),
    });
    restoreApi = fake.restore;
    const { router, user } = renderAt('/gift/tok_1', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Redeem Gift' }));
    expect(await screen.findByRole('heading', { name: 'Confirmation page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/confirmation');
    expect(fake.requests.find((r) => r.path === '/orders/redeem-link')?.body).toEqual({ link: 'tok_1' });
    expect(screen.queryByRole('button', { name: 'Log In To Continue' })).not.toBeInTheDocument();
  });

  it("a claim the server refuses shows the server's text and stays on the gift", async () => {
    restoreApi = installFakeApi({
      ...fakeEndpoint(giftEndpoints.get, () => ({ status: 200, body: gift })),
      ...fakeEndpoint(voucherEndpoints.redeemLink, () => ({
        status: 404,
        body: { error: 'This gift link is not valid or has already been used.' },
      })),
    }).restore;
    const { router, user } = renderAt('/gift/tok_1', { signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Redeem Gift' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This gift link is not valid or has already been used.');
    expect(router.state.location.pathname).toBe('/gift/tok_1');
  });

  it('a gift refunded or cancelled before it was claimed says it is no longer available, and offers no claim', async () => {
    restoreApi = installFakeApi({
      ...fakeEndpoint(giftEndpoints.get, () => ({ status: 200, body: { ...gift, status: 'unavailable' as const } })),
    }).restore;
    renderAt('/gift/tok_1', { signedIn: true });
    expect(
      await screen.findByText('This gift is no longer available: it has been refunded or cancelled.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Redeem Gift' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log In To Continue' })).not.toBeInTheDocument();
  });

  it('an unknown link says it is not valid', async () => {
    restoreApi = installFakeApi({
      ...fakeEndpoint(giftEndpoints.get, () => ({ status: 404, body: { error: 'Gift not found' } })),
    }).restore;
    renderAt('/gift/nope', { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'This gift link is not valid' })).toBeInTheDocument();
  });
});
