import { addDays, formatDeliveryDay, ukDayOf } from '@gvm/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useRecipientStore } from '@/features/cart';
import { buildCheckoutPayload } from '../lib/build-checkout-payload';
import type { CheckoutLine, CheckoutRecipient, ProductGroup } from '../lib/checkout-lines';
import { RecipientEntry } from './recipient-entry';

const line: CheckoutLine = {
  _id: 'line-argos',
  productId: 'product-argos',
  productCode: 'ARGOS-GB',
  merchantName: 'Argos',
  imageUrl: '',
  currency: 'GBP',
  selectedValue: 25,
  quantity: 3,
};

const group = (recipients: CheckoutRecipient[]): ProductGroup => ({
  productId: line.productId,
  merchantName: 'Argos',
  imageUrl: '',
  lines: [line],
  units: 3,
  recipients,
});

afterEach(() => useRecipientStore.setState({ recipients: [] }));

describe('a gift recipient’s delivery date (decision 025)', () => {
  it('defaults to today, takes a later day and keeps it with the recipient', async () => {
    const user = userEvent.setup();
    const today = ukDayOf(new Date());
    const later = addDays(today, 3);
    render(<RecipientEntry group={group([])} />);
    await user.click(screen.getByRole('button', { name: 'Send as a gift' }));
    const date = screen.getByLabelText('Delivery date');
    expect(date).toHaveValue(today);
    expect(date).toHaveAttribute('min', today);
    expect(date).toHaveAttribute('max', `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`);
    expect(
      screen.getByText(`Send on ${formatDeliveryDay(today)}. The voucher is paid for and issued now.`),
    ).toBeVisible();

    await user.type(screen.getByLabelText('Recipient name'), 'Bo');
    await user.type(screen.getByLabelText('Recipient email'), 'bo@example.com');
    await user.clear(date);
    await user.type(date, later);
    expect(screen.getByText(new RegExp(`Send on ${formatDeliveryDay(later)}, at 9am UK time`))).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add Recipient' }));
    expect(useRecipientStore.getState().recipients).toMatchObject([
      { productId: 'product-argos', name: 'Bo', email: 'bo@example.com', sendOn: later },
    ]);
  });

  it("a recipient for today keeps no day of its own; the list reads 'Send on {date}'", async () => {
    const user = userEvent.setup();
    const today = ukDayOf(new Date());
    const { rerender } = render(<RecipientEntry group={group([])} />);
    await user.click(screen.getByRole('button', { name: 'Send as a gift' }));
    await user.type(screen.getByLabelText('Recipient name'), 'Cy');
    await user.type(screen.getByLabelText('Recipient email'), 'cy@example.com');
    await user.click(screen.getByRole('button', { name: 'Add Recipient' }));
    const [stored] = useRecipientStore.getState().recipients;
    expect(stored).toBeDefined();
    expect(stored?.sendOn).toBeUndefined();

    const later = addDays(today, 10);
    rerender(
      <RecipientEntry
        group={group([
          { productId: line.productId, name: 'Cy', email: 'cy@example.com' },
          { productId: line.productId, name: 'Di', email: 'di@example.com', sendOn: later },
          // A day that passed while the cart waited reads (and is sent) as today.
          { productId: line.productId, name: 'Ed', email: 'ed@example.com', sendOn: addDays(today, -2) },
        ])}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Argos gift recipients' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^Send on/).textContent)).toEqual([
      `Send on ${formatDeliveryDay(today)}`,
      `Send on ${formatDeliveryDay(later)}`,
      `Send on ${formatDeliveryDay(today)}`,
    ]);
  });

  it('the checkout payload carries a later day only', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const payload = buildCheckoutPayload(
      'user-1',
      [line],
      [
        { productId: line.productId, name: 'Cy', email: 'cy@example.com' },
        { productId: line.productId, name: 'Di', email: 'di@example.com', sendOn: '2026-12-25' },
        { productId: line.productId, name: 'Ed', email: 'ed@example.com', sendOn: '2026-11-23' },
      ],
      now,
    );
    expect(payload.recipients?.map((recipient) => recipient.sendOn)).toEqual([undefined, '2026-12-25', undefined]);
    expect(payload.recipients?.[0]).not.toHaveProperty('sendOn');
  });
});
