import { type Voucher, voucherEndpoints } from '@gvm/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type EndpointAnswer, fakeEndpoint, installFakeApi } from '@/test/fake-api';
import { renderRoutes } from '@/test/render-routes';
import { NOT_ACTIVATED_TEXT, VoucherPage } from './voucher-page';

const voucher: Voucher = {
  _id: 'order-1',
  merchant: { name: 'Tesco' },
  imageUrl: '',
  currency: 'GBP',
  valuePurchased: 25,
  code: '7F3K-9QXM-2B8H-TV4N',
  pin: '0421',
  termsAndConditions: 'Use in any Tesco store in the UK.',
  activatedAt: '2026-11-22T10:00:00.000Z',
};
let restoreApi = () => {};

function renderVoucher(answer: EndpointAnswer<typeof voucherEndpoints.voucher>) {
  const fake = installFakeApi(fakeEndpoint(voucherEndpoints.voucher, () => answer));
  restoreApi = fake.restore;
  renderRoutes([{ path: '/vouchers/:id', Component: VoucherPage }], '/vouchers/order-1');
  return fake.requests;
}

afterEach(() => restoreApi());

describe('the voucher at the till (/vouchers/:id, docs/product/README.md#added-routes)', () => {
  it('shows the merchant, the value, the code as text in groups, the PIN, a QR code and the terms', async () => {
    const requests = renderVoucher({ status: 200, body: voucher });
    expect(await screen.findByRole('heading', { name: 'Tesco' })).toBeInTheDocument();
    expect(requests[0]?.path).toBe('/orders/order-1/voucher');
    expect(screen.getByText('£25.00')).toBeInTheDocument();
    expect(screen.getByTestId('voucher-code')).toHaveTextContent('7F3K 9QXM 2B8H TV4N');
    expect(screen.getByTestId('voucher-pin')).toHaveTextContent('0421');
    const qr = screen.getByRole('img', { name: 'QR code of the voucher code' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByText('Use in any Tesco store in the UK.')).toBeInTheDocument();
  });

  it('a voucher without a PIN shows none', async () => {
    renderVoucher({ status: 200, body: { ...voucher, pin: null } });
    await screen.findByRole('heading', { name: 'Tesco' });
    expect(screen.queryByTestId('voucher-pin')).not.toBeInTheDocument();
  });

  it("'Copy code' puts the code on the clipboard and says so", async () => {
    const user = userEvent.setup();
    renderVoucher({ status: 200, body: voucher });
    await user.click(await screen.findByRole('button', { name: 'Copy code' }));
    expect(await screen.findByText('Code copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('7F3K-9QXM-2B8H-TV4N');
  });

  it('a voucher not activated yet (409) explains it and links back to the wallet', async () => {
    renderVoucher({ status: 409, body: { error: 'Voucher not activated' } });
    expect(await screen.findByText(NOT_ACTIVATED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Wallet' })).toHaveAttribute('href', '/wallet');
  });

  it('an unknown voucher (404) says it was not found', async () => {
    renderVoucher({ status: 404, body: { error: 'Voucher not found' } });
    expect(await screen.findByRole('heading', { name: 'Voucher not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Wallet' })).toHaveAttribute('href', '/wallet');
  });
});
