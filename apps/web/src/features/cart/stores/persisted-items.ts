import type { CartLine, CartRecipient } from '../types';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function toRecipient(value: unknown): CartRecipient | null {
  if (!isRecord(value) || typeof value.id !== 'string') return null;
  return {
    id: value.id,
    name: typeof value.name === 'string' ? value.name : '',
    email: typeof value.email === 'string' ? value.email : '',
    ...(typeof value.message === 'string' ? { message: value.message } : {}),
  };
}

function toCartLine(value: unknown): CartLine | null {
  if (!isRecord(value)) return null;
  const { _id, productId, quantity, selectedValue, merchantName } = value;
  if (typeof _id !== 'string' || typeof productId !== 'string' || typeof merchantName !== 'string') return null;
  if (typeof quantity !== 'number' || typeof selectedValue !== 'number' || selectedValue <= 0) return null;
  const recipients = Array.isArray(value.recipients) ? value.recipients.map(toRecipient) : [];
  return {
    _id,
    productId,
    merchantName,
    quantity,
    selectedValue,
    productCode: typeof value.productCode === 'string' ? value.productCode : '',
    imageUrl: typeof value.imageUrl === 'string' ? value.imageUrl : '',
    currency: typeof value.currency === 'string' ? value.currency : 'GBP',
    recipients: recipients.filter((r): r is CartRecipient => r !== null),
  };
}

/**
 * What is read back from localStorage was written by an older release or edited by hand as far as
 * this code knows: keep the lines the cart page can show and drop the rest, rather than crash.
 */
export function readPersistedItems(persisted: unknown): CartLine[] {
  if (!isRecord(persisted) || !Array.isArray(persisted.items)) return [];
  return persisted.items.map(toCartLine).filter((item): item is CartLine => item !== null);
}
