import { describe, expect, it } from 'vitest';
import { buildCheckoutPayload, orderTypeOf } from './build-checkout-payload';
import type { CheckoutLine } from './checkout-lines';

const line = (overrides: Partial<CheckoutLine>): CheckoutLine => ({
  _id: 'line-1',
  productId: 'product-argos',
  productCode: 'ARGOS-GB',
  merchantName: 'Argos',
  imageUrl: '',
  currency: 'GBP',
  selectedValue: 25,
  quantity: 1,
  ...overrides,
});

describe('the checkout-session payload (docs/product/buying.md#checkout)', () => {
  it('personal, gift or mixed by voucher', () => {
    expect(orderTypeOf(0, 3)).toBe('personal');
    expect(orderTypeOf(3, 3)).toBe('gift');
    expect(orderTypeOf(1, 3)).toBe('mixed');
  });

  it("fills one product's lines with its recipients in cart order, one voucher each, and no more", () => {
    const lines = [line({ _id: 'a', quantity: 1 }), line({ _id: 'b', selectedValue: 50, quantity: 2 })];
    const recipients = ['grace', 'alan', 'edsger', 'barbara'].map((name) => ({
      productId: 'product-argos',
      name,
      email: `${name}@example.com`,
    }));
    const payload = buildCheckoutPayload('user-ada', lines, recipients);
    expect(payload.items.map((item) => [item.isGift, item.recipientInfo?.name])).toEqual([
      [true, 'grace'],
      [true, 'alan'],
    ]);
    expect(payload.recipients?.map((r) => r.name)).toEqual(['grace', 'alan', 'edsger']);
    expect(payload.orderDetails).toMatchObject({ orderType: 'gift', totalItems: 3, valuePurchased: 125 });
    expect(payload.summary).toEqual({ personalItems: 0, giftItems: 3, totalRecipients: 3 });
  });

  it('adds prices in pence, so 3 × £4.49 is £13.47', () => {
    const payload = buildCheckoutPayload('user-ada', [line({ selectedValue: 4.49, quantity: 3 })], []);
    expect(payload.orderDetails?.valuePurchased).toBe(13.47);
  });
});
