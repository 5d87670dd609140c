import { OpsConsole } from '@console/app/console';
import { fakeEndpoint, installFakeApi, type Routes } from '@console/test/fake-api';
import { endOpsSession, startOpsSession } from '@console/test/ops-session';
import { renderRoutes } from '@console/test/render-routes';
import { type OperatorRole, opsEndpoints, roleCapabilities } from '@gvm/contract/ops';
import {
  type Approval,
  type OpsOrder,
  opsMoneyEndpoints,
  type RefundRequest,
  type WaitingCode,
} from '@gvm/contract/ops-money';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

let restoreApi = () => {};
afterEach(() => {
  restoreApi();
  endOpsSession();
});

function serve(role: OperatorRole, routes: Routes) {
  startOpsSession();
  const fake = installFakeApi({
    ...fakeEndpoint(opsEndpoints.me, () => ({
      status: 200,
      body: { id: 'op-1', email: `${role}@ugm.example`, role, capabilities: [...roleCapabilities[role]] },
    })),
    ...routes,
  });
  restoreApi = fake.restore;
  return fake.requests;
}

const renderConsole = (path: string) => renderRoutes([{ path: '/ops/*', Component: OpsConsole }], path);
const ORDER_ID = '6f1c8a52-5b7e-4f60-9d0a-1c2b3d4e5f60';
const VOUCHER_ID = '6f1c8a52-5b7e-4f60-9d0a-1c2b3d4e5f61';

const order: OpsOrder = {
  id: ORDER_ID,
  reference: 'UGM-3F2A9C1B7D',
  buyer: { id: 'u-1', email: 'rhys@example.com', name: 'Rhys' },
  currency: 'GBP',
  total: 5000,
  paidByCard: 5000,
  paidByCredit: 0,
  refunded: 0,
  refundable: { card: 5000, credit: 5000 },
  paidAt: '2026-11-27T08:00:00.000Z',
  vouchers: [
    {
      id: VOUCHER_ID,
      merchantName: 'Space NK',
      productCode: 'SPACE-NK-GB',
      value: 5000,
      currency: 'GBP',
      state: 'active',
      codeLastFour: '7KQ2',
      ownerId: 'u-1',
      createdAt: '2026-11-27T08:00:00.000Z',
    },
  ],
  refunds: [],
};

describe('the order page (docs/product/operators.md#refunds)', () => {
  it('shows the voucher by its last four and sends the refund in pence with one request id', async () => {
    const sent: RefundRequest[] = [];
    serve('finance', {
      ...fakeEndpoint(opsMoneyEndpoints.order, () => ({ status: 200, body: order })),
      ...fakeEndpoint(opsMoneyEndpoints.refund, ({ body }) => {
        sent.push(body);
        return {
          status: 200,
          body: {
            message: 'Refund done.',
            refund: {
              id: 'r-1',
              requestId: body.requestId,
              orderId: ORDER_ID,
              voucherIds: [VOUCHER_ID],
              amount: body.amount,
              currency: 'GBP',
              refundTo: body.refundTo,
              reason: body.reason,
              status: 'done' as const,
              failure: null,
              requestedBy: { id: 'op-1', email: 'finance@ugm.example' },
              decidedBy: null,
              createdAt: '2026-11-27T08:01:00.000Z',
              doneAt: '2026-11-27T08:01:00.000Z',
            },
          },
        };
      }),
    });
    renderConsole(`/ops/orders/${ORDER_ID}`);
    expect(await screen.findByText('ending 7KQ2', {}, { timeout: 5000 })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Confirm refund' }));
    expect(await screen.findByText('Please tick the vouchers to refund')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Space NK £50\.00/ }));
    expect(screen.getByLabelText(/Amount \(GBP\)/)).toHaveValue('50.00');
    expect(screen.getByText(/The ticked voucher is voided/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Amount \(GBP\)/));
    await user.type(screen.getByLabelText(/Amount \(GBP\)/), '12.50');
    await user.click(screen.getByRole('radio', { name: 'UGM Credit' }));
    await user.click(screen.getByRole('button', { name: 'Confirm refund' }));
    expect(await screen.findByText('A reason is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(screen.getByLabelText(/Reason/), 'Wrong shop');
    await user.click(screen.getByRole('button', { name: 'Confirm refund' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Refund done.');
    expect(sent).toEqual([
      {
        requestId: expect.any(String),
        amount: 1250,
        refundTo: 'credit',
        reason: 'Wrong shop',
        voucherIds: [VOUCHER_ID],
      },
    ]);
  }, 15_000);

  it('offers only the vouchers not yet activated, says why of the others, and fills the amount from the ticked ones', async () => {
    const [first] = order.vouchers;
    if (!first) throw new Error('the order has a voucher');
    const activated = {
      ...first,
      id: 'v-2',
      merchantName: 'Argos',
      value: 2000,
      state: 'activated' as const,
    };
    const unused = { ...first, value: 3000, codeLastFour: null };
    serve('finance', {
      ...fakeEndpoint(opsMoneyEndpoints.order, () => ({
        status: 200,
        body: { ...order, vouchers: [unused, activated] },
      })),
    });
    renderConsole(`/ops/orders/${ORDER_ID}`);
    const argos = await screen.findByRole('checkbox', { name: /Argos £20\.00/ }, { timeout: 5000 });
    expect(argos).toBeDisabled();
    expect(argos).toHaveAccessibleDescription(/Activated: its code has been shown to its holder/);
    expect(screen.getAllByText('Not activated').length).toBeGreaterThan(0);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: /Space NK £30\.00/ }));
    expect(screen.getByLabelText(/Amount \(GBP\)/)).toHaveValue('30.00');
    await user.clear(screen.getByLabelText(/Amount \(GBP\)/));
    await user.type(screen.getByLabelText(/Amount \(GBP\)/), '31');
    await user.type(screen.getByLabelText(/Reason/), 'Not wanted');
    await user.click(screen.getByRole('button', { name: 'Confirm refund' }));
    expect(await screen.findByText('At most £30.00')).toBeInTheDocument();
  });

  it('shows no Refund form to a role that may only look', async () => {
    serve('support', { ...fakeEndpoint(opsMoneyEndpoints.order, () => ({ status: 200, body: order })) });
    renderConsole(`/ops/orders/${ORDER_ID}`);
    expect(await screen.findByText('ending 7KQ2', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm refund' })).not.toBeInTheDocument();
  });
});

const OWN_ID = '0b7e2f10-1c1d-4a4e-8f00-000000000001';
const OTHER_ID = '0b7e2f10-1c1d-4a4e-8f00-000000000002';

const approval = (id: string, requester: string): Approval => ({
  id,
  kind: 'refund',
  amount: 50_000,
  currency: 'GBP',
  reason: 'Duplicate purchase',
  refundTo: 'card',
  orderId: ORDER_ID,
  customer: { id: 'u-1', email: 'rhys@example.com' },
  requestedBy: { id: requester, email: `${requester}@ugm.example` },
  createdAt: '2026-11-27T08:00:00.000Z',
});

describe('Approvals (docs/product/operators.md#approvals)', () => {
  it("offers Approve and Reject on another operator's request only, and approves it", async () => {
    const decided: string[] = [];
    serve('finance', {
      ...fakeEndpoint(opsMoneyEndpoints.approvals, () => ({
        status: 200,
        body: {
          approvals: decided.length
            ? [approval(OWN_ID, 'op-1')]
            : [approval(OWN_ID, 'op-1'), approval(OTHER_ID, 'op-2')],
        },
      })),
      ...fakeEndpoint(opsMoneyEndpoints.approve, ({ params }) => {
        decided.push(params.approvalId);
        return {
          status: 200,
          body: {
            id: params.approvalId,
            kind: 'refund' as const,
            status: 'done' as const,
            message: 'Refund approved and done.',
          },
        };
      }),
    });
    renderConsole('/ops/approvals');
    const items = await screen.findAllByRole(
      'listitem',
      { name: 'Refund of £500.00 to the original card' },
      { timeout: 5000 },
    );
    expect(items).toHaveLength(2);
    const [own, other] = items;
    if (!own || !other) throw new Error('two approvals expected');
    expect(within(own).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(own).getByText(/another finance operator or admin decides it/)).toBeInTheDocument();
    await userEvent.setup().click(within(other).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Refund approved and done.');
    expect(decided).toEqual([OTHER_ID]);
  });
});

describe("'Supplier codes' (docs/product/operators.md#codes-from-the-supplier)", () => {
  const waiting: WaitingCode = {
    voucherId: '7a1c8a52-5b7e-4f60-9d0a-1c2b3d4e5f61',
    merchantName: 'Argos',
    value: 2500,
    currency: 'GBP',
    holder: { id: 'u-2', email: 'hana@example.com' },
    supplier: 'tillo',
    brand: 'argos',
    state: 'failed',
    attempts: 1,
    requestedAt: '2026-11-27T08:00:00.000Z',
    nextAttemptAt: null,
    lastError: '072: Brand [argos] is not available for this partner',
  };

  it("lists the codes waiting, never a code, and 'Retry now' sends the reason and says what the supplier answered", async () => {
    const reasons: (string | undefined)[] = [];
    serve('finance', {
      ...fakeEndpoint(opsMoneyEndpoints.waitingCodes, () => ({ status: 200, body: { codes: [waiting] } })),
      ...fakeEndpoint(opsMoneyEndpoints.retryCode, ({ body }) => {
        reasons.push(body?.reason);
        return {
          status: 200,
          body: { outcome: 'issued' as const, message: 'The supplier issued the code: the holder can see it now.' },
        };
      }),
    });
    renderConsole('/ops/codes');
    const item = await screen.findByRole('listitem', { name: 'Argos £25.00' });
    expect(item).toHaveTextContent('Refused');
    expect(item).toHaveTextContent('hana@example.com');
    expect(item).toHaveTextContent('072: Brand [argos] is not available for this partner');
    await userEvent.click(within(item).getByRole('button', { name: 'Retry now' }));
    await userEvent.type(within(item).getByLabelText('Reason (optional)'), 'Brand fixed');
    await userEvent.click(within(item).getByRole('button', { name: 'Confirm retry' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The supplier issued the code: the holder can see it now.',
    );
    expect(reasons).toEqual(['Brand fixed']);
  });
});
