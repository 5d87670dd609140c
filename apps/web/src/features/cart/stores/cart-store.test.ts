import { beforeEach, describe, expect, it } from 'vitest';
import type { NewCartLine } from '../types';
import { useCartStore } from './cart-store';
import { useRecipientStore } from './recipient-store';

const argos: NewCartLine = {
  productId: 'product-argos',
  productCode: 'ARGOS-GB',
  merchantName: 'Argos',
  imageUrl: '/api/v1/logos/ARGOS-GB.svg',
  currency: 'GBP',
  selectedValue: 25,
  quantity: 2,
};
const fnac: NewCartLine = {
  ...argos,
  productId: 'product-fnac',
  merchantName: 'Fnac',
  currency: 'EUR',
  selectedValue: 50,
};

function cart() {
  return useCartStore.getState();
}

function stored(key: string): { state: unknown; version: number } {
  return JSON.parse(localStorage.getItem(key) ?? 'null');
}

beforeEach(() => {
  useCartStore.setState({ items: [] });
  useRecipientStore.setState({ recipients: [] });
});

describe('the guest cart store (docs/product/buying.md#cart)', () => {
  it("is persisted under 'cart-storage', version 1, with each line's product, quantity and recipients", () => {
    cart().addItem(argos);
    const saved = stored('cart-storage');
    expect(saved.version).toBe(1);
    expect(saved.state).toEqual({
      items: [{ ...argos, _id: expect.any(String), recipients: [] }],
    });
  });

  it('adds an item with empty recipients and a local id', () => {
    cart().addItem(argos);
    cart().addItem(fnac);
    expect(cart().items).toHaveLength(2);
    const [first, second] = cart().items;
    expect(first).toMatchObject({ productId: 'product-argos', quantity: 2, selectedValue: 25, recipients: [] });
    expect(second?.productId).toBe('product-fnac');
    expect(first?._id).not.toBe(second?._id);
  });

  it('adds the same product at the same value to its line, never beyond 5', () => {
    cart().addItem(argos);
    cart().addItem({ ...argos, quantity: 2 });
    expect(cart().items).toEqual([expect.objectContaining({ quantity: 4 })]);
    cart().addItem({ ...argos, quantity: 3 });
    expect(cart().items).toEqual([expect.objectContaining({ quantity: 5 })]);
    cart().addItem({ ...argos, selectedValue: 50, quantity: 1 });
    expect(cart().items).toHaveLength(2);
  });

  it('changes a quantity within 1 to 5', () => {
    cart().addItem(argos);
    const id = cart().items[0]?._id ?? '';
    cart().changeQuantity(id, 4);
    expect(cart().items[0]?.quantity).toBe(4);
    cart().changeQuantity(id, 9);
    expect(cart().items[0]?.quantity).toBe(5);
    cart().changeQuantity(id, 0);
    expect(cart().items[0]?.quantity).toBe(1);
  });

  it('adds and removes recipients on a line', () => {
    cart().addItem(argos);
    const id = cart().items[0]?._id ?? '';
    cart().addRecipient(id, { name: 'Ada', email: 'ada@example.com', message: 'Happy birthday' });
    const recipient = cart().items[0]?.recipients[0];
    expect(recipient).toEqual({
      id: expect.any(String),
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Happy birthday',
    });
    cart().removeRecipient(id, recipient?.id ?? '');
    expect(cart().items[0]?.recipients).toEqual([]);
  });

  it("removing an item also removes that product's recipients", () => {
    cart().addItem(argos);
    cart().addItem(fnac);
    const recipients = useRecipientStore.getState();
    recipients.addRecipient({ productId: 'product-argos', name: 'Ada', email: 'ada@example.com' });
    recipients.addRecipient({ productId: 'product-fnac', name: 'Bea', email: 'bea@example.com' });

    cart().removeItem(cart().items[0]?._id ?? '');

    expect(cart().items.map((item) => item.productId)).toEqual(['product-fnac']);
    expect(useRecipientStore.getState().recipients).toEqual([
      { productId: 'product-fnac', name: 'Bea', email: 'bea@example.com' },
    ]);
  });

  it('keeps the recipients while another line of the same product is still in the cart', () => {
    cart().addItem(argos);
    cart().addItem({ ...argos, selectedValue: 50 });
    useRecipientStore.getState().addRecipient({ productId: 'product-argos', name: 'Ada', email: 'ada@example.com' });
    cart().removeItem(cart().items[0]?._id ?? '');
    expect(useRecipientStore.getState().recipients).toHaveLength(1);
    cart().removeItem(cart().items[0]?._id ?? '');
    expect(useRecipientStore.getState().recipients).toEqual([]);
  });

  it('clears every line', () => {
    cart().addItem(argos);
    cart().addItem(fnac);
    cart().clear();
    expect(cart().items).toEqual([]);
    expect(stored('cart-storage').state).toEqual({ items: [] });
  });

  it('reads a saved cart back, dropping lines it cannot show', async () => {
    const line = { ...argos, _id: 'line-1', recipients: [{ id: 'r1' }] };
    localStorage.setItem(
      'cart-storage',
      JSON.stringify({ state: { items: [line, { productId: 'broken' }] }, version: 1 }),
    );
    await useCartStore.persist.rehydrate();
    expect(cart().items).toEqual([{ ...line, recipients: [{ id: 'r1', name: '', email: '' }] }]);
  });
});
