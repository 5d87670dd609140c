import {
  type ActiveOrder,
  codePendingMessage,
  codeUnavailableMessage,
  type TransferredOrder,
  userEndpoints,
  voucherEndpoints,
  type Wallet,
  walletEndpoints,
} from '@gvm/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/auth/session-store';
import { createQueryClient } from '@/lib/query-client';
import {
  type EndpointAnswer,
  epochSeconds,
  fakeAccessToken,
  fakeEndpoint,
  installFakeApi,
  type Routes,
} from '@/test/fake-api';
import { renderRoutes } from '@/test/render-routes';
import { signInAs, signOut, testUser } from '@/test/signed-in';
import { emptyWallet, holding } from '@/test/wallets';
import { pageData, WalletPage } from './wallet-page';

const ada = testUser();
let restoreApi = () => {};

const wallet: Wallet = {
  _id: 'wallet-ada',
  currency: 'GBP',
  balance: 37.5,
  transactions: [
    { transactionType: 'purchase', transactionValue: 10, timestamp: '2026-11-02T10:00:00.000Z', orderID: null },
    { transactionType: 'withdrawal', transactionValue: 2.5, timestamp: '2026-11-20T10:00:00.000Z', orderID: 'order-9' },
    { transactionType: 'funding', transactionValue: 30, timestamp: '2026-11-10T10:00:00.000Z', orderID: 'order-7' },
  ],
};

const argos: ActiveOrder = {
  _id: 'order-1',
  merchant: { name: 'Argos', redemptionUrl: '/vouchers/order-1' },
  productCode: 'ARGOS-GB',
  currency: 'GBP',
  valuePurchased: 25,
  isActivated: false,
  imageUrl: '',
  country: ['GB'],
  createdAt: '2026-11-20T10:00:00.000Z',
};

const received: TransferredOrder = {
  orderId: 'order-r',
  currency: 'GBP',
  valuePurchased: 50,
  senderEmail: 'grace@example.com',
  transferDate: '2026-11-21T10:00:00.000Z',
  latestAction: 'pending',
  giftMessage: 'Happy birthday!',
  merchant: { name: 'Boots', redemptionUrl: '/vouchers/order-r' },
  imageUrl: '',
  recipientName: 'Ada',
  isActive: true,
};

function serve(routes: Routes) {
  const fake = installFakeApi({
    ...fakeEndpoint(userEndpoints.me, () => ({ status: 200, body: ada })),
    ...fakeEndpoint(walletEndpoints.get, () => ({ status: 200, body: holding(wallet) })),
    ...fakeEndpoint(voucherEndpoints.active, () => ({ status: 200, body: [] })),
    ...fakeEndpoint(voucherEndpoints.received, () => ({ status: 200, body: { orders: [] } })),
    ...fakeEndpoint(voucherEndpoints.sent, () => ({ status: 200, body: { orders: [] } })),
    ...routes,
  });
  restoreApi = fake.restore;
  return fake.requests;
}

function renderWallet() {
  const rendered = renderRoutes([{ path: '/wallet', Component: WalletPage }], '/wallet');
  signInAs(rendered.queryClient, ada);
  return rendered;
}

afterEach(() => {
  restoreApi();
  signOut();
  localStorage.clear();
});

describe("the wallet's first render, with its data (decision 076)", () => {
  it('pageData loads the user and the wallet, so the first render draws the balance', async () => {
    const requests = serve({});
    localStorage.setItem('token', fakeAccessToken({ sub: ada._id, exp: epochSeconds(60) }));
    localStorage.setItem('refreshToken', 'refresh');
    useSessionStore.setState({ status: 'authenticated' });
    const queryClient = createQueryClient();
    await pageData(queryClient);
    expect(requests.map((request) => request.path).sort()).toEqual(['/users/me', `/wallets/user/${ada._id}`]);
    renderRoutes([{ path: '/wallet', Component: WalletPage }], '/wallet', undefined, queryClient);
    expect(screen.getByText('GBP 37.50')).toBeInTheDocument();
    expect(requests).toHaveLength(2);
  });

  it('asks for nothing in a browser that is not signed in', async () => {
    const requests = serve({});
    signOut();
    await pageData(createQueryClient());
    expect(requests).toEqual([]);
  });
});

describe('the Balances tab of /wallet (docs/product/wallet-and-credit.md#wallet-page)', () => {
  it('shows the title, the tabs, the balance and the history newest first with labels and signs', async () => {
    serve({});
    renderWallet();
    expect(screen.getByRole('heading', { name: 'WALLET' })).toBeInTheDocument();
    for (const name of ['Balances', 'My Vouchers', 'Manage Vouchers']) {
      expect(await screen.findByRole('tab', { name })).toBeInTheDocument();
    }
    expect(await screen.findByText('GBP 37.50')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Wallet Withdrawal',
      'Wallet Funding',
      'Purchase',
    ]);
    const withdrawal = within(rows[0] as HTMLElement).getByText('-GBP 2.50');
    expect(withdrawal).toHaveClass('text-red-600');
    expect(within(rows[1] as HTMLElement).getByText('+GBP 30.00')).toHaveClass('text-green-700');
    expect(within(rows[1] as HTMLElement).getByText('order-7')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('-')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Completed')).toBeInTheDocument();
    expect(screen.getByText('Showing up to last 100 transactions')).toBeInTheDocument();
  });

  it('an empty wallet shows 0.00 and the empty history text', async () => {
    serve({
      ...fakeEndpoint(walletEndpoints.get, () => ({ status: 200, body: holding(emptyWallet()) })),
    });
    renderWallet();
    expect(await screen.findByText('GBP 0.00')).toBeInTheDocument();
    expect(screen.getByText('No transaction history available')).toBeInTheDocument();
  });

  it('a shopper holding credit in two currencies sees each wallet with its own balance and history', async () => {
    const euros: Wallet = {
      _id: 'wallet-ada-eur',
      currency: 'EUR',
      balance: 30,
      transactions: [
        { transactionType: 'funding', transactionValue: 30, timestamp: '2026-11-21T10:00:00.000Z', orderID: 'order-e' },
      ],
    };
    serve({ ...fakeEndpoint(walletEndpoints.get, () => ({ status: 200, body: holding(wallet, euros) })) });
    renderWallet();
    expect(await screen.findByText('GBP 37.50')).toBeInTheDocument();
    expect(screen.getByText('EUR 30.00')).toBeInTheDocument();
    const eurWallet = screen.getByRole('region', { name: 'EUR wallet' });
    expect(within(eurWallet).getByRole('heading', { name: 'Transaction History (EUR)' })).toBeInTheDocument();
    const rows = within(within(eurWallet).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(within(rows[0] as HTMLElement).getByText('+EUR 30.00')).toBeInTheDocument();
    const gbpWallet = screen.getByRole('region', { name: 'GBP wallet' });
    expect(within(within(gbpWallet).getByRole('table')).getAllByRole('row').slice(1)).toHaveLength(3);
  });

  it('a missing wallet (404) is created for GB in GBP and announced', async () => {
    const requests = serve({
      ...fakeEndpoint(walletEndpoints.get, () => ({ status: 404, body: { error: 'Wallet not found' } })),
      ...fakeEndpoint(walletEndpoints.create, ({ body }) => ({
        status: 201,
        body: holding(emptyWallet(body.currency)),
      })),
    });
    renderWallet();
    expect(await screen.findByText('Wallet Created')).toBeInTheDocument();
    expect(screen.getByText('A new wallet has been created.')).toBeInTheDocument();
    expect(await screen.findByText('GBP 0.00')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ userID: ada._id, currency: 'GBP' });
  });

  it('a failed creation shows its message', async () => {
    serve({
      ...fakeEndpoint(walletEndpoints.get, () => ({ status: 404, body: { error: 'Wallet not found' } })),
      ...fakeEndpoint(walletEndpoints.create, () => ({ status: 403, body: { error: 'Not allowed to create' } })),
    });
    renderWallet();
    expect(await screen.findByRole('alert')).toHaveTextContent('Not allowed to create');
  });

  it('any other failure shows its message in red in place of the content, plus an error toast', async () => {
    serve({ ...fakeEndpoint(walletEndpoints.get, () => ({ status: 403, body: { error: 'Forbidden' } })) });
    renderWallet();
    expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden');
    expect(await screen.findByText('Error')).toBeInTheDocument();
  });
});

describe('without a signed-in user', () => {
  it('asks to log in', () => {
    serve({});
    renderRoutes([{ path: '/wallet', Component: WalletPage }], '/wallet');
    expect(screen.getByText('Please log in to view your wallet')).toBeInTheDocument();
  });
});

async function openTab(name: string) {
  await userEvent.click(await screen.findByRole('tab', { name }));
}

describe('the My Vouchers tab (docs/product/wallet-and-credit.md#wallet-page)', () => {
  it('shows the loading text, then the empty state', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    serve({
      ...fakeEndpoint(voucherEndpoints.active, async () => {
        await gate;
        return { status: 200, body: [] };
      }),
    });
    renderWallet();
    await openTab('My Vouchers');
    expect(screen.getByText('Loading your vouchers...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('No Active Vouchers')).toBeInTheDocument();
    expect(screen.getByText('Your active vouchers will appear here')).toBeInTheDocument();
  });

  it('a card shows the name (else the product code, else Unknown Voucher), the amount, a default image and Exchange', async () => {
    serve({
      ...fakeEndpoint(voucherEndpoints.active, () => ({
        status: 200,
        body: [
          argos,
          { ...argos, _id: 'order-2', merchant: { name: '', redemptionUrl: null }, productCode: 'BOOTS-GB' },
          { ...argos, _id: 'order-3', merchant: { name: '', redemptionUrl: null }, productCode: '' },
        ],
      })),
    });
    renderWallet();
    await openTab('My Vouchers');
    const cards = within(await screen.findByRole('list', { name: 'My vouchers' })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Argos',
      'BOOTS-GB',
      'Unknown Voucher',
    ]);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByText('GBP 25.00')).toBeInTheDocument();
    expect(within(first).getByTestId('default-voucher-image')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Exchange' })).toHaveAttribute(
      'href',
      '/exchange-voucher?id=order-1&amount=25&country=GB&currency=GBP',
    );
  });

  it("a card shows the merchant's gift-card art with its value printed on it (decision 028)", async () => {
    serve({
      ...fakeEndpoint(voucherEndpoints.active, () => ({
        status: 200,
        body: [{ ...argos, imageUrl: '/api/v1/logos/ARGOS-GB.svg' }],
      })),
    });
    renderWallet();
    await openTab('My Vouchers');
    const card = within(await screen.findByRole('list', { name: 'My vouchers' })).getByRole('listitem');
    const art = card.querySelector('img') as HTMLImageElement;
    expect(art.getAttribute('src')).toBe('/api/v1/logos/ARGOS-GB.svg?value=25&currency=GBP');
    expect([art.getAttribute('width'), art.getAttribute('height')]).toEqual(['428', '270']);
    expect(within(card).queryByTestId('default-voucher-image')).not.toBeInTheDocument();
  });

  it('an activated voucher offers Show Voucher Details in a new tab and no Activate or Exchange', async () => {
    serve({
      ...fakeEndpoint(voucherEndpoints.active, () => ({ status: 200, body: [{ ...argos, isActivated: true }] })),
    });
    renderWallet();
    await openTab('My Vouchers');
    const link = await screen.findByRole('link', { name: 'Show Voucher Details' });
    expect(link).toHaveAttribute('href', '/vouchers/order-1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Activated')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Exchange' })).not.toBeInTheDocument();
  });

  async function activateThroughDialog() {
    await userEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('cannot be undone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
  }

  it('Activate asks first, then activates with the success toast', async () => {
    let activated = false;
    const requests = serve({
      ...fakeEndpoint(voucherEndpoints.active, () => ({
        status: 200,
        body: [{ ...argos, isActivated: activated }],
      })),
      ...fakeEndpoint(voucherEndpoints.activate, () => {
        activated = true;
        return { status: 200, body: { message: 'Activated', order: { ...argos, isActivated: true } } };
      }),
    });
    renderWallet();
    await openTab('My Vouchers');
    await userEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.path.endsWith('/activate'))).toBe(false);

    await activateThroughDialog();
    expect(await screen.findByText('Your Argos voucher has been activated.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Show Voucher Details' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it.each<[string, EndpointAnswer<typeof voucherEndpoints.activate>, string]>([
    ['a second activation', { status: 409, body: { error: 'Already Activated' } }, 'Already Activated'],
    ['a failure', { status: 500, body: { error: 'Boom' } }, 'Failed to activate the voucher. Please try again.'],
    [
      'a code on its way from the supplier',
      { status: 202, body: { status: 'pending', message: codePendingMessage('Argos'), order: argos } },
      'Getting your code from Argos…',
    ],
    [
      'the supplier out of float',
      { status: 422, body: { error: codeUnavailableMessage('Argos') } },
      codeUnavailableMessage('Argos'),
    ],
  ])('%s gets its toast', async (_, answer, text) => {
    serve({
      ...fakeEndpoint(voucherEndpoints.active, () => ({ status: 200, body: [argos] })),
      ...fakeEndpoint(voucherEndpoints.activate, () => answer),
    });
    renderWallet();
    await openTab('My Vouchers');
    await activateThroughDialog();
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it.each<[ActiveOrder['codeStatus'], string, string[], string[]]>([
    ['pending', 'Getting your code…', ['Show Voucher Details'], ['Activate', 'Exchange']],
    ['delayed', 'Code taking longer', ['Show Voucher Details', 'Exchange'], ['Activate']],
    ['unavailable', 'Code unavailable', ['Activate', 'Exchange'], ['Show Voucher Details']],
    ['failed', 'Code not issued', ['Exchange'], ['Activate', 'Show Voucher Details']],
  ])('a voucher whose code is %s says so and offers what still works', async (codeStatus, badge, shown, hidden) => {
    serve({ ...fakeEndpoint(voucherEndpoints.active, () => ({ status: 200, body: [{ ...argos, codeStatus }] })) });
    renderWallet();
    await openTab('My Vouchers');
    expect(await screen.findByText(badge)).toBeInTheDocument();
    for (const name of shown) expect(screen.getByRole(name === 'Activate' ? 'button' : 'link', { name })).toBeVisible();
    for (const name of hidden) {
      expect(screen.queryByRole(name === 'Activate' ? 'button' : 'link', { name })).not.toBeInTheDocument();
    }
  });

  it.each<[number, string]>([
    [401, 'Your session has expired. Please log in again.'],
    [403, "You don't have permission to view these orders."],
    [400, 'Failed to load active orders'],
  ])('a %i loading the vouchers gets its message', async (status, text) => {
    serve({
      ...fakeEndpoint(voucherEndpoints.active, () => ({ status: status as 400, body: { error: 'x' } })),
      ...fakeEndpoint(userEndpoints.me, () => ({ status: 200, body: ada })),
    });
    renderWallet();
    await openTab('My Vouchers');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});

describe('the Manage Vouchers tab (docs/product/wallet-and-credit.md#wallet-page)', () => {
  it('shows the empty texts', async () => {
    serve({});
    renderWallet();
    await openTab('Manage Vouchers');
    expect(await screen.findByText('No received vouchers available')).toBeInTheDocument();
    expect(await screen.findByText('No sent vouchers available')).toBeInTheDocument();
  });

  it('received and sent cards, newest first; Confirm Receipt confirms and refreshes both lists', async () => {
    let confirmed = false;
    const older = {
      ...received,
      orderId: 'order-old',
      transferDate: '2026-11-01T10:00:00.000Z',
      senderEmail: '',
      latestAction: 'claimed',
    };
    const requests = serve({
      ...fakeEndpoint(voucherEndpoints.received, () => ({
        status: 200,
        body: { orders: [older, { ...received, latestAction: confirmed ? 'claimed' : 'pending' }] },
      })),
      ...fakeEndpoint(voucherEndpoints.sent, () => ({
        status: 200,
        body: {
          orders: [{ ...received, orderId: 'order-s', recipientName: '', latestAction: 'claimed', isActive: false }],
        },
      })),
      ...fakeEndpoint(voucherEndpoints.confirmTransfer, () => {
        confirmed = true;
        return { status: 200, body: { message: 'ok', order: { ...argos, _id: 'order-r' } } };
      }),
    });
    renderWallet();
    await openTab('Manage Vouchers');
    const receivedCards = within(await screen.findByRole('list', { name: 'Received Vouchers' })).getAllByRole(
      'listitem',
    );
    const [newest, oldest] = receivedCards as [HTMLElement, HTMLElement];
    expect(newest).toHaveTextContent('From grace@example.com');
    expect(newest).toHaveTextContent('GBP 50.00');
    expect(newest).toHaveTextContent('Pending Confirmation');
    expect(newest).toHaveTextContent('Happy birthday!');
    expect(within(newest).getByRole('link', { name: 'Show Voucher Details' })).toHaveAttribute('target', '_blank');
    expect(oldest).toHaveTextContent('From Unknown Sender');
    expect(oldest).toHaveTextContent('Confirmed');
    expect(within(oldest).queryByRole('button', { name: 'Confirm Receipt' })).not.toBeInTheDocument();

    const sent = within(await screen.findByRole('list', { name: 'Sent Vouchers' })).getByRole('listitem');
    expect(sent).toHaveTextContent('To Unknown Recipient');
    expect(sent).toHaveTextContent('Confirmed');
    expect(within(sent).queryByRole('link', { name: 'Show Voucher Details' })).not.toBeInTheDocument();
    expect(within(sent).queryByRole('button', { name: 'Confirm Receipt' })).not.toBeInTheDocument();

    const before = requests.filter((request) => request.path === '/orders/sent').length;
    await userEvent.click(within(newest).getByRole('button', { name: 'Confirm Receipt' }));
    expect(await screen.findByText('Transfer confirmed successfully')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText('Pending Confirmation')).toBeNull());
    expect(requests.filter((request) => request.path === '/orders/sent').length).toBeGreaterThan(before);
  });

  it('a failed confirmation gets its toast', async () => {
    serve({
      ...fakeEndpoint(voucherEndpoints.received, () => ({ status: 200, body: { orders: [received] } })),
      ...fakeEndpoint(voucherEndpoints.confirmTransfer, () => ({ status: 409, body: { error: 'Already claimed' } })),
    });
    renderWallet();
    await openTab('Manage Vouchers');
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm Receipt' }));
    expect(await screen.findByText('Failed to confirm transfer')).toBeInTheDocument();
  });
});
