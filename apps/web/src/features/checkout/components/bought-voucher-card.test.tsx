import type { OrderItem } from '@gvm/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BoughtVoucherCard } from './bought-voucher-card';

const gift: OrderItem = {
  _id: 'order-1',
  productCode: 'ARGOS-GB',
  merchant: { name: 'Argos' },
  valuePurchased: 25,
  currency: 'GBP',
  giftOrder: { recipientName: 'Bo', recipientEmail: 'bo@example.com', status: 'pending' },
};

describe('a gift on the payment result screen (decision 025)', () => {
  it('says when a scheduled gift will be e-mailed', () => {
    render(
      <ul>
        <BoughtVoucherCard
          order={{
            ...gift,
            giftOrder: {
              ...gift.giftOrder,
              recipientName: 'Bo',
              recipientEmail: 'bo@example.com',
              scheduledFor: '2026-12-25',
            },
          }}
        />
      </ul>,
    );
    expect(screen.getByText('Scheduled for 25 Dec 2026, 9am UK time')).toBeVisible();
  });

  it('says nothing of a day for a gift e-mailed now', () => {
    render(
      <ul>
        <BoughtVoucherCard order={gift} />
      </ul>,
    );
    expect(screen.getByText('bo@example.com')).toBeVisible();
    expect(screen.queryByText(/Scheduled for/)).toBeNull();
  });
});
