import {
  codeDelayedMessage,
  codeUnavailableMessage,
  type Voucher,
  type VoucherPending,
  voucherEndpoints,
} from '@gvm/contract';
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
  url: null,
  termsAndConditions: 'Use in any Tesco store in the UK.',
  activatedAt: '2026-11-22T10:00:00.000Z',
};
let restoreApi = () => {};

const pending: VoucherPending = {
  _id: 'order-1',
  merchant: { name: 'Tesco' },
  imageUrl: '',
  currency: 'GBP',
  valuePurchased: 25,
  status: 'pending',
  message: 'Getting your code from Tesco…',
};

function renderVoucher(
  answer: EndpointAnswer<typeof voucherEndpoints.voucher> | (() => EndpointAnswer<typeof voucherEndpoints.voucher>),
) {
  const fake = installFakeApi(
    fakeEndpoint(voucherEndpoints.voucher, () => (typeof answer === 'function' ? answer() : answer)),
  );
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

  it('while the code is on its way from the supplier it says so, then shows the code by itself when it comes', async () => {
    let asked = 0;
    const requests = renderVoucher(() => {
      asked += 1;
      return asked < 2 ? { status: 202, body: pending } : { status: 200, body: voucher };
    });
    expect(await screen.findByText('Getting your code from Tesco…')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Getting your code from Tesco…');
    expect(screen.queryByTestId('voucher-code')).not.toBeInTheDocument();
    expect(await screen.findByTestId('voucher-code', {}, { timeout: 5000 })).toHaveTextContent('7F3K 9QXM 2B8H TV4N');
    expect(requests.length).toBeGreaterThanOrEqual(2);
  });

  it('after 10 minutes it says so plainly and offers exchange or conversion', async () => {
    renderVoucher({ status: 202, body: { ...pending, status: 'delayed', message: codeDelayedMessage('Tesco') } });
    expect(await screen.findByText(codeDelayedMessage('Tesco'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exchange or convert' })).toHaveAttribute(
      'href',
      '/exchange-voucher?id=order-1&amount=25&country=GB&currency=GBP',
    );
  });

  it("a card the supplier refused (422) is explained in the server's words", async () => {
    renderVoucher({ status: 422, body: { error: codeUnavailableMessage('Tesco') } });
    expect(await screen.findByText(codeUnavailableMessage('Tesco'))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Code not available' })).toBeInTheDocument();
  });

  it("a card that is only a page at the supplier is a link 'Open your … gift card', with no code", async () => {
    renderVoucher({ status: 200, body: { ...voucher, code: null, pin: null, url: 'https://gift.example.com/c/1' } });
    expect(await screen.findByRole('link', { name: 'Open your Tesco gift card' })).toHaveAttribute(
      'href',
      'https://gift.example.com/c/1',
    );
    expect(screen.queryByTestId('voucher-code')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy code' })).not.toBeInTheDocument();
  });
});
