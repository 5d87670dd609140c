import { OpsConsole } from '@console/app/console';
import { fakeEndpoint, installFakeApi } from '@console/test/fake-api';
import { endOpsSession, startOpsSession } from '@console/test/ops-session';
import { renderRoutes } from '@console/test/render-routes';
import { opsEndpoints, roleCapabilities } from '@gvm/contract/ops';
import { type OpsVoucherPage, opsCustomerEndpoints } from '@gvm/contract/ops-customers';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

let restoreApi = () => {};
afterEach(() => {
  restoreApi();
  endOpsSession();
});

const VOUCHER_ID = '11111111-1111-4111-8111-111111111111';
const HOLDER = { id: '22222222-2222-4222-8222-222222222222', email: 'ada@example.com' };
const pageShowing = (codeLast4: string): OpsVoucherPage => ({
  voucher: {
    id: VOUCHER_ID,
    merchantName: 'Argos',
    productCode: 'ARGOS-GB',
    value: 25,
    currency: 'GBP',
    state: 'activated',
    codeLast4,
    buyer: HOLDER,
    holder: HOLDER,
    checkoutSessionId: '33333333-3333-4333-8333-333333333333',
    isGift: false,
    createdAt: '2026-11-27T08:00:00.000Z',
  },
  supplier: { supplier: 'simulator', reference: 'sim_ref', request: null },
  gift: null,
  timeline: [],
});

describe("'Reissue code' in the console", () => {
  it('names the code it reissues by the last four the page shows, and the next reissue by the new four', async () => {
    startOpsSession();
    let shown = 'K7QZ';
    const fake = installFakeApi({
      ...fakeEndpoint(opsEndpoints.me, () => ({
        status: 200,
        body: {
          id: 'op-1',
          email: 'finance@ugm.example',
          role: 'finance' as const,
          capabilities: [...roleCapabilities.finance],
        },
      })),
      ...fakeEndpoint(opsCustomerEndpoints.voucher, () => ({ status: 200, body: pageShowing(shown) })),
      ...fakeEndpoint(opsCustomerEndpoints.reissueCode, () => {
        shown = 'M2X9';
        return { status: 200, body: { message: 'A new code ending M2X9 has been e-mailed to the holder.' } };
      }),
    });
    restoreApi = fake.restore;
    renderRoutes([{ path: '/ops/*', Component: OpsConsole }], `/ops/customers/vouchers/${VOUCHER_ID}`);

    const reissue = async () => {
      await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Reissue code…' }));
      const form = screen.getByRole('form', { name: 'Reissue code' });
      await userEvent.type(within(form).getByRole('textbox'), 'Code leaked');
      await userEvent.click(within(form).getByRole('button', { name: 'Confirm reissue' }));
    };
    await reissue();
    expect(await screen.findByText('…M2X9')).toBeInTheDocument();
    await reissue();

    const sent = fake.requests.filter((request) => request.path.endsWith('/reissue')).map((request) => request.body);
    expect(sent).toEqual([
      { reason: 'Code leaked', codeLast4: 'K7QZ' },
      { reason: 'Code leaked', codeLast4: 'M2X9' },
    ]);
  });
});
