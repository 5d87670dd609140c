import {
  GIFT_RESEND_LIMIT_MESSAGE,
  type GiftDelivery,
  giftDeliveryEndpoints,
  type TransferredOrder,
  userEndpoints,
  voucherEndpoints,
  walletEndpoints,
} from '@gvm/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeEndpoint, installFakeApi, type Routes } from '@/test/fake-api';
import { renderRoutes } from '@/test/render-routes';
import { signInAs, signOut, testUser } from '@/test/signed-in';
import { emptyWallet, holding } from '@/test/wallets';
import { WalletPage } from '../pages/wallet-page';

const ada = testUser();
let restoreApi = () => {};

const scheduledDelivery: GiftDelivery = {
  recipientEmail: 'bo@example.com',
  scheduledFor: '2027-03-14',
  resendsLeft: 3,
  history: [{ kind: 'scheduled', at: '2026-11-23T10:00:00.000Z', sendOn: '2027-03-14' }],
};

const sentGift = (delivery: GiftDelivery): TransferredOrder => ({
  orderId: 'order-s',
  currency: 'GBP',
  valuePurchased: 25,
  senderEmail: ada.email,
  transferDate: '2026-11-23T10:00:00.000Z',
  latestAction: 'pending',
  giftMessage: null,
  merchant: { name: 'Argos', redemptionUrl: '/vouchers/order-s' },
  imageUrl: '',
  recipientName: 'Bo',
  isActive: false,
  delivery,
});

function serve(delivery: () => GiftDelivery, routes: Routes = {}, latestAction = 'pending') {
  const fake = installFakeApi({
    ...fakeEndpoint(userEndpoints.me, () => ({ status: 200, body: ada })),
    ...fakeEndpoint(walletEndpoints.get, () => ({ status: 200, body: holding(emptyWallet()) })),
    ...fakeEndpoint(voucherEndpoints.active, () => ({ status: 200, body: [] })),
    ...fakeEndpoint(voucherEndpoints.received, () => ({ status: 200, body: { orders: [] } })),
    ...fakeEndpoint(voucherEndpoints.sent, () => ({
      status: 200,
      body: { orders: [{ ...sentGift(delivery()), latestAction }] },
    })),
    ...routes,
  });
  restoreApi = fake.restore;
  return fake.requests;
}

async function openSentCard() {
  const rendered = renderRoutes([{ path: '/wallet', Component: WalletPage }], '/wallet');
  signInAs(rendered.queryClient, ada);
  await userEvent.click(await screen.findByRole('tab', { name: 'Manage Vouchers' }));
  // The card is the list's first item; its history is a list of its own.
  const [card] = within(await screen.findByRole('list', { name: 'Sent Vouchers' })).getAllByRole('listitem');
  if (!card) throw new Error('no sent card');
  return card;
}

afterEach(() => {
  restoreApi();
  signOut();
});

describe('a scheduled gift on the Sent list (decision 025)', () => {
  it("reads 'Scheduled for {date}', moves to another day, then is sent now", async () => {
    let delivery = scheduledDelivery;
    const sendOns: string[] = [];
    serve(() => delivery, {
      ...fakeEndpoint(giftDeliveryEndpoints.reschedule, ({ body }) => {
        sendOns.push(body.sendOn);
        delivery = {
          ...delivery,
          scheduledFor: body.sendOn,
          history: [...delivery.history, { kind: 'rescheduled', at: '2026-11-23T11:00:00.000Z', sendOn: body.sendOn }],
        };
        return { status: 200, body: { message: 'Delivery date changed', delivery } };
      }),
      ...fakeEndpoint(giftDeliveryEndpoints.sendNow, () => {
        delivery = {
          ...delivery,
          scheduledFor: null,
          history: [...delivery.history, { kind: 'sent', at: '2026-11-23T12:00:00.000Z', email: 'bo@example.com' }],
        };
        return { status: 200, body: { message: 'Gift e-mail sent', delivery } };
      }),
    });
    const card = await openSentCard();
    expect(card).toHaveTextContent('Scheduled for 14 Mar 2027');
    expect(card).not.toHaveTextContent('Pending Confirmation');
    expect(within(card).queryByRole('button', { name: 'Resend e-mail' })).toBeNull();
    // Each entry with its time in London (GMT in November).
    expect(within(card).getByRole('list', { name: 'Gift history' })).toHaveTextContent(
      '23 Nov 2026, 10:00 Scheduled for 14 Mar 2027',
    );

    await userEvent.click(within(card).getByRole('button', { name: 'Change date' }));
    const date = within(card).getByLabelText('Delivery date');
    await userEvent.clear(date);
    await userEvent.type(date, '2027-03-20');
    await userEvent.click(within(card).getByRole('button', { name: 'Save date' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Delivery date changed');
    expect(sendOns).toEqual(['2027-03-20']);
    expect(await within(card).findByText('Scheduled for 20 Mar 2027')).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Gift history' })).toHaveTextContent(
      'Delivery date changed to 20 Mar 2027',
    );

    await userEvent.click(within(card).getByRole('button', { name: 'Send now' }));
    expect(await within(card).findByText('Pending Confirmation')).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Gift history' })).toHaveTextContent(
      'Gift e-mail sent to bo@example.com',
    );
    expect(within(card).getByRole('button', { name: 'Resend e-mail' })).toBeEnabled();
  });
});

describe('an e-mailed, unclaimed gift on the Sent list (decision 025)', () => {
  const emailed: GiftDelivery = {
    recipientEmail: 'bo@exmaple.com',
    scheduledFor: null,
    resendsLeft: 1,
    history: [{ kind: 'sent', at: '2026-11-23T10:00:00.000Z', email: 'bo@exmaple.com' }],
  };

  it('corrects the recipient and shows the change in its history', async () => {
    let delivery = emailed;
    const bodies: unknown[] = [];
    serve(() => delivery, {
      ...fakeEndpoint(giftDeliveryEndpoints.changeRecipient, ({ body }) => {
        bodies.push(body);
        delivery = {
          ...delivery,
          recipientEmail: body.email,
          history: [
            ...delivery.history,
            {
              kind: 'recipient_changed',
              at: '2026-11-23T11:00:00.000Z',
              previousName: 'Bo',
              previousEmail: 'bo@exmaple.com',
              name: body.name,
              email: body.email,
            },
            { kind: 'sent', at: '2026-11-23T11:00:00.000Z', email: body.email },
          ],
        };
        return { status: 200, body: { message: 'Recipient updated', delivery } };
      }),
    });
    const card = await openSentCard();
    expect(card).toHaveTextContent('bo@exmaple.com');
    await userEvent.click(within(card).getByRole('button', { name: 'Correct recipient' }));
    const email = within(card).getByLabelText('Recipient email');
    expect(email).toHaveValue('bo@exmaple.com');
    await userEvent.clear(email);
    await userEvent.type(email, 'bo@example.com');
    await userEvent.click(within(card).getByRole('button', { name: 'Save recipient' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Recipient updated');
    expect(bodies).toEqual([{ name: 'Bo', email: 'bo@example.com' }]);
    const history = within(card).getByRole('list', { name: 'Gift history' });
    expect(history).toHaveTextContent('Recipient changed from Bo (bo@exmaple.com) to Bo (bo@example.com)');
    expect(history).toHaveTextContent('Gift e-mail sent to bo@example.com');
    expect(within(card).queryByLabelText('Recipient email')).toBeNull();
  });

  it("resends, then says when the day's resends are used up", async () => {
    let delivery = emailed;
    serve(() => delivery, {
      ...fakeEndpoint(giftDeliveryEndpoints.resend, () => {
        delivery = {
          ...delivery,
          resendsLeft: 0,
          history: [...delivery.history, { kind: 'resent', at: '2026-11-23T11:00:00.000Z', email: 'bo@exmaple.com' }],
        };
        return { status: 200, body: { message: 'Gift e-mail resent', delivery } };
      }),
    });
    const card = await openSentCard();
    expect(card).toHaveTextContent('1 of 3 resends left today.');
    await userEvent.click(within(card).getByRole('button', { name: 'Resend e-mail' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Gift e-mail resent');
    expect(await within(card).findByText(/you can resend again tomorrow/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Resend e-mail' })).toBeDisabled();
    expect(within(card).getByRole('list', { name: 'Gift history' })).toHaveTextContent(
      'Gift e-mail resent to bo@exmaple.com',
    );
  });

  it("shows the server's refusal as it is", async () => {
    serve(() => emailed, {
      ...fakeEndpoint(giftDeliveryEndpoints.resend, () => ({
        status: 429,
        body: { error: GIFT_RESEND_LIMIT_MESSAGE },
      })),
    });
    const card = await openSentCard();
    await userEvent.click(within(card).getByRole('button', { name: 'Resend e-mail' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(GIFT_RESEND_LIMIT_MESSAGE);
  });

  it('offers no changes once the gift is claimed, but keeps its history', async () => {
    serve(() => emailed, {}, 'claimed');
    const card = await openSentCard();
    expect(card).toHaveTextContent('Confirmed');
    expect(within(card).queryByRole('button', { name: 'Resend e-mail' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Correct recipient' })).toBeNull();
    expect(within(card).getByRole('list', { name: 'Gift history' })).toHaveTextContent(
      'Gift e-mail sent to bo@exmaple.com',
    );
  });
});
