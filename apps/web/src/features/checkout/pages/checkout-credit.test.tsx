import {
  type Cart,
  type CheckoutSessionRequest,
  CREDIT_BALANCE_TOO_LOW_MESSAGE,
  cartEndpoints,
  checkoutEndpoints,
  creditCurrencyMessage,
  type UserWallets,
  type Wallet,
  walletEndpoints,
} from '@gvm/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore, useRecipientStore } from '@/features/cart';
import { createQueryClient } from '@/lib/query-client';
import { type EndpointAnswer, fakeEndpoint, installFakeApi } from '@/test/fake-api';
import { testProduct } from '@/test/products';
import { signInAs, signOut, testUser } from '@/test/signed-in';
import { holding } from '@/test/wallets';
import { goToPaymentPage } from '../lib/go-to-payment-page';
import { CheckoutPage } from './checkout-page';

vi.mock('../lib/go-to-payment-page', () => ({ goToPaymentPage: vi.fn() }));

/** docs/product/buying.md#paying-with-ugm-credit: the checkout's UGM Credit control. */

const ada = testUser();
const argos = testProduct();
const cartOf = (value: number, currency = 'GBP'): Cart => ({
  _id: 'cart-ada',
  userId: ada._id,
  items: [
    { _id: 'line-argos', productId: argos._id, quantity: 1, selectedValue: value, product: { ...argos, currency } },
  ],
});
const walletWith = (balance: number, currency = 'GBP'): Wallet => ({
  _id: 'wallet-ada',
  currency,
  balance,
  transactions: [],
});
let restoreApi = () => {};

function serve({
  cart,
  wallet,
  answer = { status: 200, body: { url: 'http://localhost/pay/cs_1' } },
}: {
  cart: Cart;
  wallet: Wallet | UserWallets | null;
  answer?: EndpointAnswer<typeof checkoutEndpoints.createSession>;
}) {
  const fake = installFakeApi({
    ...fakeEndpoint(cartEndpoints.get, () => ({ status: 200, body: cart })),
    ...fakeEndpoint(walletEndpoints.get, () =>
      wallet
        ? { status: 200, body: 'wallets' in wallet ? wallet : holding(wallet) }
        : { status: 404, body: { error: 'Wallet not found' } },
    ),
    ...fakeEndpoint(checkoutEndpoints.createSession, () => answer),
  });
  restoreApi = fake.restore;
  seen = fake.requests;
  return fake.requests;
}
let seen: { path: string }[] = [];
const requestsSeen = () => seen;

function renderCheckout() {
  const queryClient = createQueryClient();
  signInAs(queryClient, ada);
  const router = createMemoryRouter([{ path: '/checkout', Component: CheckoutPage }], {
    initialEntries: ['/checkout'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const creditControl = () => screen.findByRole('region', { name: /UGM Credit/ });
const sentPayload = (requests: { path: string; body: unknown }[]) =>
  requests.find((request) => request.path === '/wallets/checkout-session')?.body as CheckoutSessionRequest | undefined;

beforeEach(() => {
  useCartStore.setState({ items: [] });
  useRecipientStore.setState({ recipients: [] });
  vi.mocked(goToPaymentPage).mockClear();
});
afterEach(() => {
  restoreApi();
  signOut();
});

describe('paying with UGM Credit at checkout', () => {
  it('applies the whole total from a £25 balance: credit £10, nothing by card, sent as walletCredit', async () => {
    const requests = serve({
      cart: cartOf(10),
      wallet: walletWith(25),
      answer: { status: 200, body: { url: 'http://localhost/confirmation?session_id=s1&key=k1' } },
    });
    const user = renderCheckout();

    const control = await creditControl();
    expect(within(control).getByText('Balance: £25.00')).toBeInTheDocument();
    await user.click(within(control).getByLabelText('Use my UGM Credit'));
    expect(within(control).getByLabelText('Credit to use (£)')).toHaveValue('10.00');
    expect(within(control).getByText('-£10.00')).toBeInTheDocument();
    expect(within(control).getByText('To pay by card').nextSibling).toHaveTextContent('£0.00');
    expect(within(control).getByText('Your UGM Credit pays the whole total: no card is needed.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make Payment' }));

    await vi.waitFor(() =>
      expect(goToPaymentPage).toHaveBeenCalledWith('http://localhost/confirmation?session_id=s1&key=k1'),
    );
    expect(sentPayload(requests)).toMatchObject({ walletCredit: 10, paymentMethod: 'card' });
  });

  it('applies part of the total: the card pays the rest', async () => {
    const requests = serve({ cart: cartOf(40), wallet: walletWith(25) });
    const user = renderCheckout();

    const control = await creditControl();
    await user.click(within(control).getByLabelText('Use my UGM Credit'));
    const amount = within(control).getByLabelText('Credit to use (£)');
    expect(amount).toHaveValue('25.00');
    await user.clear(amount);
    await user.type(amount, '12.50');
    expect(within(control).getByText('-£12.50')).toBeInTheDocument();
    expect(within(control).getByText('To pay by card').nextSibling).toHaveTextContent('£27.50');

    await user.click(screen.getByRole('button', { name: 'Make Payment' }));
    await vi.waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith('http://localhost/pay/cs_1'));
    expect(sentPayload(requests)?.walletCredit).toBe(12.5);
  });

  it('refuses more than the balance or the total, or nothing, and keeps Make Payment disabled', async () => {
    serve({ cart: cartOf(40), wallet: walletWith(25) });
    const user = renderCheckout();
    const control = await creditControl();
    await user.click(within(control).getByLabelText('Use my UGM Credit'));
    const amount = within(control).getByLabelText('Credit to use (£)');

    for (const typed of ['25.01', '0', 'ten', '1.234']) {
      await user.clear(amount);
      await user.type(amount, typed);
      expect(within(control).getByRole('alert')).toHaveTextContent('Enter an amount from £0.01 to £25.00.');
      expect(amount).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('button', { name: 'Make Payment' })).toBeDisabled();
    }

    // Turning credit off pays by card alone, and sends no credit.
    await user.click(within(control).getByLabelText('Use my UGM Credit'));
    expect(screen.getByRole('button', { name: 'Make Payment' })).toBeEnabled();
  });

  it('sends no walletCredit when the box is left unticked', async () => {
    const requests = serve({ cart: cartOf(10), wallet: walletWith(25) });
    const user = renderCheckout();
    await creditControl();
    await user.click(screen.getByRole('button', { name: 'Make Payment' }));
    await vi.waitFor(() => expect(goToPaymentPage).toHaveBeenCalled());
    expect(sentPayload(requests)).not.toHaveProperty('walletCredit');
  });

  it('shows the server’s refusal when the balance has been spent meanwhile', async () => {
    serve({
      cart: cartOf(10),
      wallet: walletWith(25),
      answer: { status: 422, body: { error: CREDIT_BALANCE_TOO_LOW_MESSAGE } },
    });
    const user = renderCheckout();
    await user.click(within(await creditControl()).getByLabelText('Use my UGM Credit'));
    await user.click(screen.getByRole('button', { name: 'Make Payment' }));
    expect(await screen.findByText(CREDIT_BALANCE_TOO_LOW_MESSAGE)).toBeInTheDocument();
    expect(goToPaymentPage).not.toHaveBeenCalled();
  });

  it('explains that GBP credit cannot pay a EUR total, and offers no box', async () => {
    serve({ cart: cartOf(10, 'EUR'), wallet: walletWith(25) });
    renderCheckout();
    const control = await creditControl();
    expect(within(control).getByText(creditCurrencyMessage('GBP', 'EUR'))).toBeInTheDocument();
    expect(within(control).queryByLabelText('Use my UGM Credit')).not.toBeInTheDocument();
  });

  it('pays a EUR total from the EUR wallet of a shopper who holds GBP credit too', async () => {
    const requests = serve({ cart: cartOf(10, 'EUR'), wallet: holding(walletWith(25), walletWith(4, 'EUR')) });
    const user = renderCheckout();
    const control = await creditControl();
    expect(within(control).queryByText(creditCurrencyMessage('GBP', 'EUR'))).not.toBeInTheDocument();
    await user.click(within(control).getByLabelText('Use my UGM Credit'));
    await user.click(screen.getByRole('button', { name: 'Make Payment' }));
    await vi.waitFor(() => expect(goToPaymentPage).toHaveBeenCalled());
    expect(sentPayload(requests)).toMatchObject({ walletCredit: 4 });
  });

  it.each([
    ['no wallet', null],
    ['a zero balance', walletWith(0)],
  ])('offers no credit with %s', async (_case, wallet) => {
    serve({ cart: cartOf(10), wallet });
    renderCheckout();
    expect(await screen.findByRole('button', { name: 'Make Payment' })).toBeEnabled();
    await vi.waitFor(() =>
      expect(requestsSeen().some((request) => request.path === `/wallets/user/${ada._id}`)).toBe(true),
    );
    expect(screen.queryByRole('region', { name: /UGM Credit/ })).not.toBeInTheDocument();
  });
});
