import { walletPassEndpoints } from '@gvm/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeEndpoint, installFakeApi } from '@/test/fake-api';
import { renderRoutes } from '@/test/render-routes';
import { APPLE_WALLET_BADGE, GOOGLE_WALLET_BUTTON, WalletButtons } from './wallet-buttons';

let restoreApi = () => {};

function TillButtons() {
  return <WalletButtons voucherId="order-1" />;
}
afterEach(() => {
  restoreApi();
  vi.restoreAllMocks();
});

function renderButtons(offers: { apple: boolean; google: boolean }) {
  const fake = installFakeApi({
    ...fakeEndpoint(walletPassEndpoints.offers, () => ({ status: 200, body: offers })),
    ...fakeEndpoint(walletPassEndpoints.google, () => ({
      status: 200,
      body: { saveUrl: 'https://pay.google.com/gp/v/save/eyJ.signed.jwt' },
    })),
    'GET /orders/:id/wallet/apple': () => ({ status: 200, body: 'PK…' }),
  });
  restoreApi = fake.restore;
  renderRoutes([{ path: '/vouchers/:id', Component: TillButtons }], '/vouchers/order-1');
  return fake.requests;
}

describe("the wallet buttons below the till's code", () => {
  it("show Apple's and Google's own artwork, each named by its official wording", async () => {
    const requests = renderButtons({ apple: true, google: true });
    const apple = await screen.findByRole('button', { name: 'Add to Apple Wallet' });
    const google = screen.getByRole('button', { name: 'Save to Google Wallet' });
    expect(requests[0]?.path).toBe('/orders/order-1/wallet');
    expect(apple.querySelector('img')).toHaveAttribute('src', APPLE_WALLET_BADGE);
    expect(google.querySelector('img')).toHaveAttribute('src', GOOGLE_WALLET_BUTTON);
  });

  it('hide Google’s where the server has no Google Wallet, and show nothing when the voucher has no pass', async () => {
    renderButtons({ apple: true, google: false });
    expect(await screen.findByRole('button', { name: 'Add to Apple Wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save to Google Wallet' })).not.toBeInTheDocument();
  });

  it('download the .pkpass when Apple’s is pressed', async () => {
    const created = vi.fn(() => 'blob:pass');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const requests = renderButtons({ apple: true, google: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Apple Wallet' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(requests.map((request) => request.path)).toContain('/orders/order-1/wallet/apple');
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('voucher.pkpass');
  });
});
