import {
  type Cart,
  type CheckoutSessionRequest,
  cartEndpoints,
  checkoutEndpoints,
  MISSING_NAME_MESSAGE,
  userEndpoints,
  walletEndpoints,
} from '@gvm/contract';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore, useRecipientStore } from '@/features/cart';
import { useSessionStore } from '@/lib/auth/session-store';
import { createQueryClient } from '@/lib/query-client';
import { type EndpointAnswer, epochSeconds, fakeAccessToken, fakeEndpoint, installFakeApi } from '@/test/fake-api';
import { testProduct } from '@/test/products';
import { signInAs, signOut, testUser } from '@/test/signed-in';
import { goToPaymentPage } from '../lib/go-to-payment-page';
import { PENDING_CHECKOUT_KEY } from '../lib/pending-checkout';
import { CheckoutPage, pageData } from './checkout-page';

vi.mock('../lib/go-to-payment-page', () => ({ goToPaymentPage: vi.fn() }));

const ada = testUser();
const argos = testProduct();
const fnac = testProduct({
  _id: '0b6f1c3e-1a2b-4c5d-8e9f-000000000002',
  merchant: { name: 'Fnac', redemptionUrl: null },
  productCode: 'FNAC-FR',
  currency: 'GBP',
});
const adaCart: Cart = {
  _id: 'cart-ada',
  userId: ada._id,
  items: [
    { _id: 'line-argos', productId: argos._id, quantity: 2, selectedValue: 25, product: argos },
    { _id: 'line-fnac', productId: fnac._id, quantity: 1, selectedValue: 50, product: fnac },
  ],
};
let restoreApi = () => {};

type SessionAnswer = EndpointAnswer<typeof checkoutEndpoints.createSession>;

/** Ada's server cart, and the checkout call answering `answer` (held until `release` when given). */
function serveCheckout(answer: SessionAnswer, held?: Promise<void>) {
  const fake = installFakeApi({
    ...fakeEndpoint(cartEndpoints.get, () => ({ status: 200, body: adaCart })),
    ...fakeEndpoint(checkoutEndpoints.createSession, async () => {
      await held;
      return answer;
    }),
  });
  restoreApi = fake.restore;
  return fake.requests;
}

function renderCheckout({
  signedIn,
  queryClient = createQueryClient(),
}: {
  signedIn: boolean;
  queryClient?: QueryClient;
}) {
  if (signedIn) signInAs(queryClient, ada);
  else signOut();
  const router = createMemoryRouter(
    [
      { path: '/checkout', Component: CheckoutPage },
      { path: '/cart', element: <h1>Cart page</h1> },
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/settings', element: <h1>Settings page</h1> },
    ],
    { initialEntries: ['/checkout'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

const paymentDetails = () => screen.getByRole('complementary', { name: 'Payment Details' });
const checkoutBody = (requests: { path: string; body: unknown }[]) =>
  requests.find((r) => r.path === '/wallets/checkout-session')?.body as CheckoutSessionRequest | undefined;

beforeEach(() => {
  useCartStore.setState({ items: [] });
  useRecipientStore.setState({ recipients: [] });
  vi.mocked(goToPaymentPage).mockClear();
});

afterEach(() => {
  restoreApi();
  signOut();
  localStorage.clear();
});

describe("a signed-in checkout's first render, with its data (decision 076)", () => {
  it('pageData loads the user, the cart and the credit, so the first render draws the order', async () => {
    const fake = installFakeApi({
      ...fakeEndpoint(userEndpoints.me, () => ({ status: 200, body: ada })),
      ...fakeEndpoint(cartEndpoints.get, () => ({ status: 200, body: adaCart })),
      ...fakeEndpoint(walletEndpoints.get, () => ({ status: 404, body: { error: 'Wallet not found' } })),
    });
    restoreApi = fake.restore;
    localStorage.setItem('token', fakeAccessToken({ sub: ada._id, exp: epochSeconds(60) }));
    localStorage.setItem('refreshToken', 'refresh');
    useSessionStore.setState({ status: 'authenticated' });
    const queryClient = createQueryClient();
    await pageData(queryClient);
    const asked = [`/carts/${ada._id}`, '/users/me', `/wallets/user/${ada._id}`];
    expect(fake.requests.map((request) => request.path).sort()).toEqual(asked);
    renderCheckout({ signedIn: true, queryClient });
    expect(screen.getByRole('heading', { name: 'Order Summary' })).toBeInTheDocument();
    expect(within(paymentDetails()).getByRole('button', { name: 'Make Payment' })).toBeInTheDocument();
    expect(fake.requests.map((request) => request.path).sort()).toEqual(asked);
  });
});

describe('the checkout page of a guest (docs/product/buying.md#checkout)', () => {
  it("offers 'Login to Checkout' and 'Login to Pay', which go to /login remembering /checkout", async () => {
    useCartStore.getState().addItem({
      productId: argos._id,
      productCode: 'ARGOS-GB',
      merchantName: 'Argos',
      imageUrl: '',
      currency: 'GBP',
      selectedValue: 25,
      quantity: 1,
    });
    const { router, user } = renderCheckout({ signedIn: false });

    expect(screen.getByRole('heading', { name: 'Order Summary' })).toBeInTheDocument();
    expect(within(paymentDetails()).getByText('Already Have An Account?')).toBeInTheDocument();
    expect(within(paymentDetails()).getByRole('button', { name: 'Login to Checkout' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make Payment' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');

    await user.click(screen.getByRole('button', { name: 'Login to Pay' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/checkout');
    expect(localStorage.getItem('returnTo')).toBe('/checkout');
  });

  it('sends an empty cart back to /cart', async () => {
    const { router } = renderCheckout({ signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cart');
  });
});

describe('the checkout page of a signed-in buyer (docs/product/buying.md#checkout)', () => {
  it('sends the payload with a gift recipient and the mixed order type, then goes to the payment page', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const requests = serveCheckout({ status: 200, body: { url: 'http://localhost/pay/cs_1' } }, held);
    const { user } = renderCheckout({ signedIn: true });

    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    const argosItem = within(screen.getByRole('list', { name: 'Checkout items' })).getAllByRole('listitem')[0];
    if (!argosItem) throw new Error('no Argos line');
    await user.click(within(argosItem).getByRole('button', { name: 'Send as a gift' }));
    await user.type(within(argosItem).getByLabelText('Recipient name'), 'Grace Hopper');
    await user.click(within(argosItem).getByRole('button', { name: 'Add Recipient' }));
    expect(await screen.findByText('Please enter both name and email')).toBeInTheDocument();
    await user.type(within(argosItem).getByLabelText('Recipient email'), 'grace@example.com');
    await user.type(within(argosItem).getByLabelText('Message (optional)'), 'Happy birthday!');
    await user.click(within(argosItem).getByRole('button', { name: 'Add Recipient' }));
    expect(await screen.findByText('Recipient added successfully')).toBeInTheDocument();
    expect(useRecipientStore.getState().recipients).toMatchObject([
      { productId: argos._id, name: 'Grace Hopper', email: 'grace@example.com', message: 'Happy birthday!' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Make Payment' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();
    await vi.waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith('http://localhost/pay/cs_1'));

    const body = checkoutBody(requests);
    expect(body).toMatchObject({
      mongoUserId: ada._id,
      paymentMethod: 'card',
      items: [
        {
          id: argos._id,
          value: 25,
          quantity: 2,
          productCode: 'ARGOS-GB',
          merchant: { name: 'Argos', distributionMethod: 'EMAIL' },
          isGift: true,
          recipientInfo: { name: 'Grace Hopper', email: 'grace@example.com', message: 'Happy birthday!' },
        },
        { id: fnac._id, value: 50, quantity: 1, isGift: false },
      ],
      recipients: [
        {
          itemId: argos._id,
          itemName: 'Argos',
          name: 'Grace Hopper',
          email: 'grace@example.com',
          message: 'Happy birthday!',
          isGift: true,
        },
      ],
      orderDetails: {
        userType: 'consumer',
        orderType: 'mixed',
        currency: 'GBP',
        valuePurchased: 100,
        usageLimit: 1,
        hasGiftItems: true,
        totalItems: 3,
        giftOrder: { message: 'Happy birthday!' },
      },
      summary: { personalItems: 2, giftItems: 1, totalRecipients: 1 },
    });
  });

  it('a personal purchase has the personal order type; recipients of products gone from the cart are dropped', async () => {
    useRecipientStore.getState().addRecipient({ productId: 'gone', name: 'Grace', email: 'grace@example.com' });
    const requests = serveCheckout({ status: 200, body: { url: 'http://localhost/pay/cs_2' } });
    const { user } = renderCheckout({ signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Make Payment' }));
    expect(useRecipientStore.getState().recipients).toEqual([]);
    await vi.waitFor(() => expect(goToPaymentPage).toHaveBeenCalled());
    const body = checkoutBody(requests);
    expect(body?.orderDetails?.orderType).toBe('personal');
    expect(body?.orderDetails).not.toHaveProperty('giftOrder');
    expect(body?.recipients).toEqual([]);
  });

  it("shows the missing-name error in red with 'Go to Settings'", async () => {
    serveCheckout({ status: 422, body: { error: MISSING_NAME_MESSAGE } });
    const { router, user } = renderCheckout({ signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Make Payment' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MISSING_NAME_MESSAGE);
    expect(screen.getByRole('button', { name: 'Make Payment' })).toBeEnabled();
    await user.click(within(alert).getByRole('link', { name: 'Go to Settings' }));
    expect(router.state.location.pathname).toBe('/settings');
    expect(goToPaymentPage).not.toHaveBeenCalled();
  });

  it("prefers the server's details, and says when no URL came back", async () => {
    serveCheckout({ status: 400, body: { error: 'Invalid checkout', details: 'Argos does not offer £7.00' } });
    const { user } = renderCheckout({ signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Make Payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Argos does not offer £7.00');
    expect(screen.queryByRole('link', { name: 'Go to Settings' })).not.toBeInTheDocument();

    restoreApi();
    serveCheckout({ status: 200, body: { url: '' } });
    await user.click(screen.getByRole('button', { name: 'Make Payment' }));
    expect(await screen.findByText('No checkout URL returned from server')).toBeInTheDocument();
  });

  it('a 401 stores pendingCheckout and goes to /login?returnTo=/checkout', async () => {
    serveCheckout({ status: 401, body: { error: 'Authentication required' } });
    const { router, user } = renderCheckout({ signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Make Payment' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?returnTo=%2Fcheckout');
    expect(localStorage.getItem(PENDING_CHECKOUT_KEY)).toBe('true');
    expect(localStorage.getItem('returnTo')).toBe('/checkout');
  });
});
