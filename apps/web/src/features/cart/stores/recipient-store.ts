import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** docs/product/buying.md#recipients: a gift recipient entered at checkout, per product. */
export interface Recipient {
  productId: string;
  name: string;
  email: string;
  message?: string;
  id?: string;
  /** The UK day (YYYY-MM-DD) the gift e-mail goes out, when later than the day of payment (decision 025). */
  sendOn?: string;
}

interface RecipientState {
  recipients: Recipient[];
  addRecipient(recipient: Recipient): void;
  removeRecipient(email: string, productId: string): void;
  removeRecipientsForProduct(productId: string): void;
  clearRecipients(): void;
}

/** docs/product/buying.md#recipients: persisted under `recipient-store`, version 0. */
export const RECIPIENT_STORAGE_KEY = 'recipient-store';
export const RECIPIENT_STORAGE_VERSION = 0;

export const useRecipientStore = create<RecipientState>()(
  persist(
    (set) => ({
      recipients: [],
      addRecipient: (recipient) => set((state) => ({ recipients: [...state.recipients, recipient] })),
      removeRecipient: (email, productId) =>
        set((state) => ({
          recipients: state.recipients.filter((r) => !(r.email === email && r.productId === productId)),
        })),
      removeRecipientsForProduct: (productId) =>
        set((state) => ({ recipients: state.recipients.filter((r) => r.productId !== productId) })),
      clearRecipients: () => set({ recipients: [] }),
    }),
    {
      name: RECIPIENT_STORAGE_KEY,
      version: RECIPIENT_STORAGE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ recipients: state.recipients }),
    },
  ),
);
