import { type ActiveOrder, type PendingVoucher, voucherEndpoints } from '@gvm/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeEndpoint, installFakeApi, type Routes } from '@/test/fake-api';
import { renderRoutes } from '@/test/render-routes';
import { signInAs, signOut, testUser } from '@/test/signed-in';
import { RedeemPage } from './redeem-page';

const grace = testUser({ _id: 'user-grace', email: 'grace@example.com' });
const claimed: ActiveOrder = {
  _id: 'order-7',
  merchant: { name: 'Argos', redemptionUrl: '/vouchers/order-7' },
  productCode: 'ARGOS-GB',
  currency: 'GBP',
  valuePurchased: 25,
  isActivated: false,
  imageUrl: '',
  country: ['GB'],
  createdAt: '2026-11-20T10:00:00.000Z',
};
const pendingGifts: PendingVoucher[] = [
  { orderId: 'order-7', merchant: 'Argos', imageUrl: '', value: 25, currency: 'GBP', sentDate: '2026-11-20T10:00:00Z' },
  { orderId: 'order-8', merchant: 'Boots', imageUrl: '', value: 10, currency: 'GBP', sentDate: '2026-11-21T10:00:00Z' },
];
let restoreApi = () => {};

function serve(routes: Routes) {
  const fake = installFakeApi(routes);
  restoreApi = fake.restore;
  return fake.requests;
}

function renderRedeem() {
  const view = renderRoutes([{ path: '/redeem', Component: RedeemPage }], '/redeem');
  signInAs(view.queryClient, grace);
  return { ...view, user: userEvent.setup() };
}

afterEach(() => {
  restoreApi();
  signOut();
});

describe('the redeem page (/redeem, docs/product/vouchers-and-gifts.md#claiming-a-gift)', () => {
  it('has the heading and both tabs, the link tab first', () => {
    renderRedeem();
    expect(screen.getByRole('heading', { name: 'REDEEM VOUCHER' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Redeem via Link' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Redeem via Email' })).toBeInTheDocument();
  });
});

describe('Redeem via Link', () => {
  it('keeps both buttons disabled while the link is blank', async () => {
    const { user } = renderRedeem();
    const redeem = screen.getByRole('button', { name: 'Redeem Gift' });
    const exchange = screen.getByRole('button', { name: 'Exchange Gift' });
    expect(redeem).toBeDisabled();
    expect(exchange).toBeDisabled();
    await user.type(screen.getByLabelText('Voucher link'), '   ');
    expect(redeem).toBeDisabled();
    await user.type(screen.getByLabelText('Voucher link'), 'https://ugm.example/gift/tok_1');
    expect(redeem).toBeEnabled();
    expect(exchange).toBeEnabled();
  });

  it("'Redeem Gift' claims the link and goes to /confirmation", async () => {
    const requests = serve({
      ...fakeEndpoint(voucherEndpoints.redeemLink, () => ({
        status: 200,
        body: { message: 'Claimed', order: claimed },
      })),
    });
    const { router, user } = renderRedeem();
    await user.type(screen.getByLabelText('Voucher link'), ' https://ugm.example/gift/tok_1 ');
    await user.click(screen.getByRole('button', { name: 'Redeem Gift' }));
    expect(await screen.findByText('Now at /confirmation')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/orders/redeem-link')?.body).toEqual({
      link: 'https://ugm.example/gift/tok_1',
    });
    expect(router.state.location.state).toMatchObject({
      redeemed: { merchant: { name: 'Argos' }, valuePurchased: 25 },
    });
  });

  it("'Exchange Gift' claims the link, then opens the exchange page for the claimed voucher in GB", async () => {
    serve({
      ...fakeEndpoint(voucherEndpoints.redeemLink, () => ({
        status: 200,
        body: { message: 'Claimed', order: { ...claimed, currency: 'EUR', valuePurchased: 12.5 } },
      })),
    });
    const { router, user } = renderRedeem();
    await user.type(screen.getByLabelText('Voucher link'), 'tok_1');
    await user.click(screen.getByRole('button', { name: 'Exchange Gift' }));
    await screen.findByText(/Now at \/exchange-voucher/);
    expect(router.state.location.pathname).toBe('/exchange-voucher');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      id: 'order-7',
      amount: '12.5',
      country: 'GB',
      currency: 'EUR',
    });
  });

  it("shows the server's error and stays", async () => {
    serve({
      ...fakeEndpoint(voucherEndpoints.redeemLink, () => ({
        status: 404,
        body: { error: 'This gift link is not valid or has already been used.' },
      })),
    });
    const { router, user } = renderRedeem();
    await user.type(screen.getByLabelText('Voucher link'), 'tok_used');
    await user.click(screen.getByRole('button', { name: 'Redeem Gift' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This gift link is not valid or has already been used.');
    expect(router.state.location.pathname).toBe('/redeem');
  });
});

describe('Redeem via Email', () => {
  async function openEmailTab() {
    const view = renderRedeem();
    await view.user.click(screen.getByRole('tab', { name: 'Redeem via Email' }));
    return view;
  }

  it.each([
    ['', false],
    ['@example.com', false],
    ['ada', false],
    ['ada@', false],
    ['ada@example', false],
    ['ada@example.', false],
    ['ada.lovelace@example', false],
    ['ada@example.com', true],
    ['a@b.c', true],
  ])("'Find Gift' for %j is enabled: %s", async (email, enabled) => {
    const { user } = await openEmailTab();
    if (email) await user.type(screen.getByLabelText("Sender's email"), email);
    const find = screen.getByRole('button', { name: 'Find Gift' });
    if (enabled) expect(find).toBeEnabled();
    else expect(find).toBeDisabled();
  });

  it("'Find Gift' stays disabled while a search is pending", async () => {
    let answer: (value: { status: 200; body: { pendingVouchers: PendingVoucher[] } }) => void = () => {};
    serve({ ...fakeEndpoint(voucherEndpoints.redeemEmail, () => new Promise((resolve) => (answer = resolve))) });
    const { user } = await openEmailTab();
    await user.type(screen.getByLabelText("Sender's email"), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Find Gift' }));
    expect(await screen.findByRole('button', { name: 'Finding...' })).toBeDisabled();
    answer({ status: 200, body: { pendingVouchers: pendingGifts } });
    expect(await screen.findByRole('button', { name: 'Find Gift' })).toBeEnabled();
  });

  it("lists the sender's pending gifts; the chosen one is claimed with confirm-claim, then /confirmation", async () => {
    const requests = serve({
      ...fakeEndpoint(voucherEndpoints.redeemEmail, () => ({ status: 200, body: { pendingVouchers: pendingGifts } })),
      ...fakeEndpoint(voucherEndpoints.confirmClaim, ({ params }) => ({
        status: 200,
        body: { message: 'Claimed', order: { ...claimed, _id: params.orderId } },
      })),
    });
    const { user } = await openEmailTab();
    await user.type(screen.getByLabelText("Sender's email"), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Find Gift' }));

    const group = await screen.findByRole('group', { name: 'Pending gifts from ada@example.com' });
    const options = within(group).getAllByRole('radio');
    expect(options).toHaveLength(2);
    const argos = within(group).getAllByRole('listitem')[0];
    expect(argos).toHaveTextContent('Argos');
    expect(argos).toHaveTextContent('£25.00');
    expect(argos).toHaveTextContent('Sent 20 Nov 2026');
    expect(argos).toHaveTextContent('order-7');
    expect(screen.getByRole('button', { name: 'Redeem Gift' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Exchange Gift' })).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: /Boots/ }));
    await user.click(screen.getByRole('button', { name: 'Redeem Gift' }));
    expect(await screen.findByText('Now at /confirmation')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/orders/redeem-email')?.body).toEqual({ senderEmail: 'ada@example.com' });
    expect(requests.find((r) => r.path === '/orders/order-8/confirm-claim')?.body).toEqual({
      senderEmail: 'ada@example.com',
    });
  });

  it("'Exchange Gift' claims the chosen gift and opens the exchange page", async () => {
    serve({
      ...fakeEndpoint(voucherEndpoints.redeemEmail, () => ({ status: 200, body: { pendingVouchers: pendingGifts } })),
      ...fakeEndpoint(voucherEndpoints.confirmClaim, () => ({
        status: 200,
        body: { message: 'Claimed', order: claimed },
      })),
    });
    const { router, user } = await openEmailTab();
    await user.type(screen.getByLabelText("Sender's email"), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Find Gift' }));
    await user.click(await screen.findByRole('radio', { name: /Argos/ }));
    await user.click(screen.getByRole('button', { name: 'Exchange Gift' }));
    await screen.findByText(/Now at \/exchange-voucher/);
    expect(router.state.location.search).toBe('?id=order-7&amount=25&country=GB&currency=GBP');
  });

  it("shows the server's text inline when the search fails, and when a claim fails", async () => {
    let found = false;
    serve({
      ...fakeEndpoint(voucherEndpoints.redeemEmail, () =>
        found
          ? { status: 200, body: { pendingVouchers: pendingGifts } }
          : { status: 404, body: { error: 'No pending vouchers found from this sender' } },
      ),
      ...fakeEndpoint(voucherEndpoints.confirmClaim, () => ({
        status: 409,
        body: { error: 'This gift has already been claimed' },
      })),
    });
    const { user } = await openEmailTab();
    await user.type(screen.getByLabelText("Sender's email"), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Find Gift' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No pending vouchers found from this sender');

    found = true;
    await user.click(screen.getByRole('button', { name: 'Find Gift' }));
    await user.click(await screen.findByRole('radio', { name: /Argos/ }));
    await user.click(screen.getByRole('button', { name: 'Redeem Gift' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This gift has already been claimed');
  });

  it('says so when the sender has no pending gifts', async () => {
    serve({ ...fakeEndpoint(voucherEndpoints.redeemEmail, () => ({ status: 200, body: { pendingVouchers: [] } })) });
    const { user } = await openEmailTab();
    await user.type(screen.getByLabelText("Sender's email"), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Find Gift' }));
    expect(await screen.findByText('No pending gifts from ada@example.com.')).toBeInTheDocument();
  });
});
