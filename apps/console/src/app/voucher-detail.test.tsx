import { OpsConsole } from '@console/app/console';
import { fakeEndpoint, installFakeApi, type Routes } from '@console/test/fake-api';
import { endOpsSession, startOpsSession } from '@console/test/ops-session';
import { renderRoutes } from '@console/test/render-routes';
import { type OperatorRole, opsEndpoints, roleCapabilities } from '@gvm/contract/ops';
import { type OpsVoucherPage, opsCustomerEndpoints } from '@gvm/contract/ops-customers';
import { opsMoneyEndpoints } from '@gvm/contract/ops-money';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

let restoreApi = () => {};
afterEach(() => {
  restoreApi();
  endOpsSession();
});

const VOUCHER_ID = '11111111-1111-4111-8111-111111111111';
const voucherPage: OpsVoucherPage = {
  voucher: {
    id: VOUCHER_ID,
    merchantName: 'Argos',
    productCode: 'ARGOS-GB',
    value: 25,
    currency: 'GBP',
    state: 'active',
    codeLast4: 'K7QZ',
    buyer: { id: '22222222-2222-4222-8222-222222222222', email: 'ada@example.com' },
    holder: { id: '22222222-2222-4222-8222-222222222222', email: 'ada@example.com' },
    checkoutSessionId: '33333333-3333-4333-8333-333333333333',
    isGift: true,
    createdAt: '2026-11-27T08:00:00.000Z',
  },
  supplier: { supplier: null, reference: null, request: null },
  gift: {
    voucherId: VOUCHER_ID,
    merchantName: 'Argos',
    value: 25,
    currency: 'GBP',
    senderEmail: 'ada@example.com',
    recipientName: 'Bo',
    recipientEmail: 'bo@typo.example.com',
    delivery: 'emailed',
    sendAt: '2026-11-27T08:00:00.000Z',
    emailedAt: '2026-11-27T08:00:00.000Z',
    claimedAt: null,
  },
  timeline: [
    { kind: 'paid', at: '2026-11-27T08:00:00.000Z', by: { type: 'shopper', label: 'ada@example.com' }, detail: null },
    {
      kind: 'emailed',
      at: '2026-11-27T08:00:00.000Z',
      by: { type: 'system', label: 'System' },
      detail: 'Gift e-mail to bo@typo.example.com',
    },
  ],
};

function serve(role: OperatorRole, page: OpsVoucherPage = voucherPage) {
  startOpsSession();
  const routes: Routes = {
    ...fakeEndpoint(opsEndpoints.me, () => ({
      status: 200,
      body: { id: 'op-1', email: `${role}@ugm.example`, role, capabilities: [...roleCapabilities[role]] },
    })),
    ...fakeEndpoint(opsCustomerEndpoints.voucher, () => ({ status: 200, body: page })),
    ...fakeEndpoint(opsCustomerEndpoints.correctRecipient, ({ body }) =>
      body.email === 'bo@example.com'
        ? { status: 200, body: { message: 'Recipient updated' } }
        : { status: 429, body: { error: 'Too many changes' } },
    ),
    ...fakeEndpoint(opsMoneyEndpoints.voidVoucher, () => ({
      status: 200,
      body: {
        voucher: {
          id: VOUCHER_ID,
          merchantName: 'Argos',
          productCode: 'ARGOS-GB',
          value: 25,
          currency: 'GBP',
          state: 'void' as const,
          codeLastFour: 'K7QZ',
          ownerId: '22222222-2222-4222-8222-222222222222',
          createdAt: '2026-11-27T08:00:00.000Z',
        },
        message: 'The voucher is void.',
      },
    })),
  };
  const fake = installFakeApi(routes);
  restoreApi = fake.restore;
  return fake.requests;
}

const open = () => renderRoutes([{ path: '/ops/*', Component: OpsConsole }], `/ops/customers/vouchers/${VOUCHER_ID}`);

/**
 * The actions each role sees on a voucher's page (docs/product/operators.md#roles), written out:
 * buttons, and those behind 'More actions' (what cannot be undone).
 */
const actionsOf: Record<'support' | 'finance' | 'admin', { buttons: string[]; menu: string[] }> = {
  support: { buttons: ['Resend gift e-mail', 'Correct recipient'], menu: [] },
  finance: { buttons: [], menu: ['Reissue code', 'Void voucher'] },
  admin: { buttons: ['Resend gift e-mail', 'Correct recipient'], menu: ['Reissue code', 'Void voucher'] },
};

/** Opens 'More actions' and chooses an item ('Void voucher…'), which opens its form. */
async function chooseMoreAction(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: `${name}…` }));
}

// Each test works a form or two: more than the default 5 s on a busy machine.
describe("a voucher's page in the console", { timeout: 20_000 }, () => {
  it.each(Object.keys(actionsOf) as (keyof typeof actionsOf)[])(
    'shows %s exactly the actions its role may use, what cannot be undone behind a menu, and the code only by its last four',
    async (role) => {
      serve(role);
      open();
      expect(await screen.findByRole('heading', { level: 1, name: 'Argos voucher, £25.00' })).toBeInTheDocument();
      const all = ['Resend gift e-mail', 'Correct recipient', 'Reissue code', 'Void voucher'];
      for (const name of all) {
        const shown = screen.queryByRole('button', { name });
        if (actionsOf[role].buttons.includes(name)) expect(shown, `${role} ${name}`).toBeInTheDocument();
        else expect(shown, `${role} ${name}`).not.toBeInTheDocument();
      }
      if (actionsOf[role].menu.length === 0) {
        expect(screen.queryByRole('button', { name: 'More actions' })).not.toBeInTheDocument();
      } else {
        await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
        const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
        expect(items).toEqual(actionsOf[role].menu.map((name) => `${name}…`));
        await userEvent.keyboard('{Escape}');
      }
      expect(screen.getByText('…K7QZ')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Its order and refunds' })).toHaveAttribute(
        'href',
        `/ops/orders/${VOUCHER_ID}`,
      );
      const timeline = screen.getByRole('list', { name: 'Timeline' });
      expect(within(timeline).getAllByRole('listitem')).toHaveLength(2);
    },
  );

  it("corrects the recipient and says the server's answer, success or refusal", async () => {
    const requests = serve('support');
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Correct recipient' }));
    const email = screen.getByLabelText('Recipient email');
    await userEvent.clear(email);
    await userEvent.type(email, 'bo@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm new recipient' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Recipient updated');
    const sent = requests.find((request) => request.path.endsWith('/gift/recipient'));
    expect(sent?.body).toEqual({ name: 'Bo', email: 'bo@example.com' });

    await userEvent.click(await screen.findByRole('button', { name: 'Correct recipient' }));
    const again = screen.getByLabelText('Recipient email');
    await userEvent.clear(again);
    await userEvent.type(again, 'other@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm new recipient' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many changes');
  });

  it("keeps each action behind its button or 'More actions' and opens one form at a time, the focus in its first field", async () => {
    serve('admin');
    open();
    const resend = await screen.findByRole('button', { name: 'Resend gift e-mail' });
    // Nothing asks for a reason before an action is chosen.
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Reason/ })).not.toBeInTheDocument();

    await userEvent.click(resend);
    const resending = screen.getByRole('form', { name: 'Resend gift e-mail' });
    expect(within(resending).getByRole('textbox', { name: 'Reason (optional)' })).toHaveFocus();

    await chooseMoreAction('Void voucher');
    expect(screen.queryByRole('form', { name: 'Resend gift e-mail' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend gift e-mail' })).toBeInTheDocument();
    const voiding = screen.getByRole('form', { name: 'Void voucher' });
    const reason = within(voiding).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveFocus();
    expect(reason).toHaveAccessibleDescription('Voiding cannot be undone: the code stops working.');
    expect(screen.getAllByRole('form')).toHaveLength(1);

    await userEvent.click(within(voiding).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More actions' })).toHaveFocus();
  });

  it("voids the voucher only with a reason, and says the server's answer", async () => {
    const requests = serve('finance');
    open();
    await chooseMoreAction('Void voucher');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm void' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please give a reason');
    expect(requests.some((request) => request.path.endsWith('/void'))).toBe(false);

    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'Card fraud reported');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm void' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The voucher is void.');
    const sent = requests.find((request) => request.path.endsWith('/void'));
    expect(sent).toMatchObject({ method: 'POST', path: `/ops/vouchers/${VOUCHER_ID}/void` });
    expect(sent?.body).toEqual({ reason: 'Card fraud reported' });
    expect(screen.queryByRole('form', { name: 'Void voucher' })).not.toBeInTheDocument();
  });

  it('links a voucher received in an exchange to the order that paid for it, saying so', async () => {
    const received = { ...voucherPage.voucher, merchantName: 'Tesco', checkoutSessionId: null, isGift: false };
    serve('support', { ...voucherPage, voucher: received, gift: null, timeline: [] });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tesco voucher, £25.00' })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Its order and refunds (it was received in an exchange)' }),
    ).toHaveAttribute('href', `/ops/orders/${VOUCHER_ID}`);
  });

  it.each(['refunded', 'void'] as const)('offers no resend or correction for an unclaimed gift %s', async (state) => {
    serve('admin', { ...voucherPage, voucher: { ...voucherPage.voucher, state } });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Argos voucher, £25.00' })).toBeInTheDocument();
    for (const name of ['Resend gift e-mail', 'Correct recipient', 'Reissue code', 'Void voucher']) {
      expect(screen.queryByRole('button', { name }), name).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'More actions' })).not.toBeInTheDocument();
  });
});
