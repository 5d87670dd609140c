import { beforeEach, describe, expect, it } from 'vitest';
import { useRecipientStore } from './recipient-store';

const ada = { productId: 'product-argos', name: 'Ada', email: 'ada@example.com', message: 'Enjoy!' };
const bea = { productId: 'product-argos', name: 'Bea', email: 'bea@example.com' };
const ada2 = { productId: 'product-fnac', name: 'Ada', email: 'ada@example.com', id: 'r-3' };

function recipients() {
  return useRecipientStore.getState();
}

beforeEach(() => {
  useRecipientStore.setState({ recipients: [] });
});

describe('the recipient store (docs/product/buying.md#recipients)', () => {
  it("is persisted under 'recipient-store', version 0", () => {
    recipients().addRecipient(ada);
    const saved = JSON.parse(localStorage.getItem('recipient-store') ?? 'null');
    expect(saved).toEqual({ state: { recipients: [ada] }, version: 0 });
  });

  it('removes a recipient by e-mail and product only', () => {
    recipients().addRecipient(ada);
    recipients().addRecipient(bea);
    recipients().addRecipient(ada2);
    recipients().removeRecipient('ada@example.com', 'product-argos');
    expect(recipients().recipients).toEqual([bea, ada2]);
  });

  it('removes all recipients of a product', () => {
    recipients().addRecipient(ada);
    recipients().addRecipient(bea);
    recipients().addRecipient(ada2);
    recipients().removeRecipientsForProduct('product-argos');
    expect(recipients().recipients).toEqual([ada2]);
  });

  it('clears every recipient', () => {
    recipients().addRecipient(ada);
    recipients().addRecipient(ada2);
    recipients().clearRecipients();
    expect(recipients().recipients).toEqual([]);
  });
});
