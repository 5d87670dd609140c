import { type OrderItem, orderEndpoints, PAYMENT_STATUS_POLL_MS } from '@gvm/contract';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverCartQueryKey, useCartStore, useRecipientStore } from '@/features/cart';
import { createQueryClient } from '@/lib/query-client';
import { type EndpointAnswer, fakeEndpoint, installFakeApi } from '@/test/fake-api';
import { signInAs, signOut, testUser } from '@/test/signed-in';
import { ConfirmationPage } from './confirmation-page';

const confetti = vi.hoisted(() => Object.assign(vi.fn(), { reset: vi.fn() }));
vi.mock('canvas-confetti', () => ({ default: { create: () => confetti } }));

const ada = testUser();
const personal: OrderItem = {
  _id: 'order-1',
  productCode: 'ARGOS-GB',
  merchant: { name: 'Argos' },
  valuePurchased: 25,
  currency: 'GBP',
};
const gift: OrderItem = {
  ...personal,
  _id: 'order-2',
  giftOrder: { recipientName: 'Grace Hopper', recipientEmail: 'grace@example.com', status: 'pending' },
};
let restoreApi = () => {};

type VerifyAnswer = EndpointAnswer<typeof orderEndpoints.verify>;
type StatusAnswer = EndpointAnswer<typeof orderEndpoints.status>;

/** Verify answers `verify`; each status poll takes the next of `statuses` (the last one repeats). */
function servePayment({ verify, statuses = [] }: { verify?: VerifyAnswer; statuses?: StatusAnswer[] }) {
  let polls = 0;
  const fake = installFakeApi({
    ...fakeEndpoint(orderEndpoints.verify, () => verify ?? { status: 404, body: { error: 'Not found' } }),
    ...fakeEndpoint(orderEndpoints.status, () => {
      const answer = statuses[Math.min(polls, statuses.length - 1)] ?? { status: 404, body: { error: 'Not found' } };
      polls += 1;
      return answer;
    }),
  });
  restoreApi = fake.restore;
  return { polls: () => polls, requests: fake.requests };
}

function renderResult(search: string, state?: unknown): QueryClient {
  const queryClient = createQueryClient();
  signInAs(queryClient, ada);
  queryClient.setQueryData(serverCartQueryKey(ada._id), { _id: 'cart-ada', userId: ada._id, items: [] });
  const router = createMemoryRouter([{ path: '/confirmation', Component: ConfirmationPage }], {
    initialEntries: [{ pathname: '/confirmation', search, state }],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return queryClient;
}

function holdSomethingInTheCart() {
  useCartStore.getState().addItem({
    productId: 'product-argos',
    productCode: 'ARGOS-GB',
    merchantName: 'Argos',
    imageUrl: '',
    currency: 'GBP',
    selectedValue: 25,
    quantity: 1,
  });
  useRecipientStore.getState().addRecipient({ productId: 'product-argos', name: 'Grace', email: 'grace@example.com' });
}

beforeEach(() => {
  useCartStore.setState({ items: [] });
  useRecipientStore.setState({ recipients: [] });
  confetti.mockClear();
});

afterEach(() => {
  restoreApi();
  signOut();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the payment result screen (docs/product/buying.md#payment-result-screen)', () => {
  it('a paid personal purchase: the heading, the order reference, the voucher, confetti, and the cart cleared', async () => {
    holdSomethingInTheCart();
    servePayment({
      verify: { status: 200, body: { success: true, orderReference: 'UGM-3F2A9C1B7D', orders: [personal] } },
    });
    const queryClient = renderResult('?session_id=cs_1&key=k1');

    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Gift Voucher Successfully Added to Your Account' }),
    ).toBeInTheDocument();
    // The payment's one identifier, as the receipt and the console name it.
    expect(screen.getByText('UGM-3F2A9C1B7D')).toBeInTheDocument();
    expect(screen.getByText(/Order reference/)).toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Vouchers' })).getByRole('listitem');
    expect(card).toHaveTextContent('Argos');
    expect(card).toHaveTextContent('£25.00');
    expect(screen.getByRole('link', { name: 'Go To My Account' })).toHaveAttribute('href', '/wallet');
    expect(screen.queryByRole('link', { name: 'View sent gifts' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(confetti).toHaveBeenCalledWith(expect.objectContaining({ particleCount: 5 })));
    expect(useCartStore.getState().items).toEqual([]);
    expect(useRecipientStore.getState().recipients).toEqual([]);
    expect(queryClient.getQueryState(serverCartQueryKey(ada._id))?.isInvalidated).toBe(true);
  });

  it('a gift purchase: the delivered heading, the recipient chip and a link to the sent gifts', async () => {
    servePayment({
      verify: { status: 200, body: { success: true, orderReference: 'UGM-3F2A9C1B7D', orders: [gift, personal] } },
    });
    renderResult('?session_id=cs_1&key=k1');
    expect(
      await screen.findByRole('heading', { name: 'Gift Voucher Successfully Delivered to the Recipient!' }),
    ).toBeInTheDocument();
    const [giftCard] = within(screen.getByRole('list', { name: 'Vouchers' })).getAllByRole('listitem');
    expect(giftCard).toHaveTextContent('G');
    expect(giftCard).toHaveTextContent('Sent to grace@example.com');
    expect(screen.getByRole('link', { name: 'View sent gifts' })).toHaveAttribute('href', '/sent-gift?key=k1');
  });

  it("a failed payment (402): the failure heading, the failed vouchers and 'Go To Checkout'; the cart is kept", async () => {
    holdSomethingInTheCart();
    servePayment({ verify: { status: 402, body: { error: 'Payment failed', failedOrders: [gift] } } });
    renderResult('?session_id=cs_1&key=k1');
    expect(
      await screen.findByRole('heading', {
        name: 'There was a problem delivering this gift card to the recipient. Please try again.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go To Checkout' })).toHaveAttribute('href', '/checkout');
    expect(screen.getByText('grace@example.com')).toBeInTheDocument();
    expect(confetti).not.toHaveBeenCalled();
    expect(useCartStore.getState().items).toHaveLength(1);
  });

  it('a pending payment is polled every 3 seconds, ignoring a failed poll, until it is paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { polls, requests } = servePayment({
      statuses: [
        { status: 200, body: { status: 'processing', orders: [] } },
        { status: 500, body: { error: 'Temporarily unavailable' } },
        { status: 200, body: { status: 'paid', orders: [personal] } },
      ],
    });
    renderResult('?session_id=pending&key=k1');

    expect(screen.getByRole('heading', { name: 'Processing your payment…' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Please wait while we confirm your payment. This usually takes a few seconds. You can safely stay on this page.',
      ),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(polls()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_STATUS_POLL_MS));
    await vi.waitFor(() => expect(polls()).toBe(2));
    expect(screen.getByRole('heading', { name: 'Processing your payment…' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_STATUS_POLL_MS));
    expect(
      await screen.findByRole('heading', { name: 'Gift Voucher Successfully Added to Your Account' }),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_STATUS_POLL_MS * 2));
    expect(polls()).toBe(3);
    expect(requests.some((r) => r.path === '/orders/verify')).toBe(false);
  });

  it('a session not yet paid (409) falls back to polling by key, and shows a failure once failed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { polls } = servePayment({
      verify: { status: 409, body: { error: 'Payment not completed yet' } },
      statuses: [
        { status: 200, body: { status: 'processing', orders: [] } },
        { status: 200, body: { status: 'failed', orders: [personal] } },
      ],
    });
    renderResult('?session_id=cs_1&key=k1');
    expect(await screen.findByRole('heading', { name: 'Processing your payment…' })).toBeInTheDocument();
    await vi.waitFor(() => expect(polls()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_STATUS_POLL_MS));
    expect(
      await screen.findByRole('heading', {
        name: 'There was a problem adding this gift voucher to your account. Please try again.',
      }),
    ).toBeInTheDocument();
  });

  it('no confetti for someone who prefers reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
    servePayment({
      verify: { status: 200, body: { success: true, orderReference: 'UGM-3F2A9C1B7D', orders: [personal] } },
    });
    renderResult('?session_id=cs_1&key=k1');
    expect(
      await screen.findByRole('heading', { name: 'Gift Voucher Successfully Added to Your Account' }),
    ).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(confetti).not.toHaveBeenCalled();
  });
});

describe('the redemption success destination (docs/product/vouchers-and-gifts.md#claiming-a-gift: /confirmation without a payment)', () => {
  it("shows the success, the voucher just claimed and 'Go To My Account'; nothing is verified", async () => {
    const { requests } = servePayment({});
    renderResult('', {
      redeemed: { merchant: { name: 'Argos', redemptionUrl: null }, imageUrl: '', valuePurchased: 25, currency: 'GBP' },
    });
    expect(
      screen.getByRole('heading', { name: 'Gift Voucher Successfully Added to Your Account' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Argos')).toBeInTheDocument();
    expect(screen.getByText('£25.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go To My Account' })).toHaveAttribute('href', '/wallet');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toEqual([]);
    expect(confetti).not.toHaveBeenCalled();
  });

  it('opened directly, still leads to the wallet', () => {
    servePayment({});
    renderResult('');
    expect(
      screen.getByRole('heading', { name: 'Gift Voucher Successfully Added to Your Account' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go To My Account' })).toHaveAttribute('href', '/wallet');
  });
});
