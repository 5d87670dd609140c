/**
 * The audit log's rows as an operator reads them (docs/product/operators.md#audit-trail): what a
 * change did as 'field: before → after' lines instead of JSON, and the ids it names as links to
 * the console's page of that customer, order, voucher or conversation.
 */

/** The console's page of a target the trail names, when it has one. */
export function targetPath(targetType: string, targetId: string): string | null {
  const id = encodeURIComponent(targetId);
  switch (targetType) {
    case 'customer':
      return `/ops/customers/${id}`;
    case 'voucher':
      return `/ops/customers/vouchers/${id}`;
    case 'order':
      return `/ops/orders/${id}`;
    case 'chat_conversation':
      return `/ops/chat/${id}`;
    default:
      return null;
  }
}

/** The target type of the ids a change's fields hold, by the field's name. */
const idFields: Record<string, string> = {
  voucherId: 'voucher',
  voucherIds: 'voucher',
  orderId: 'order',
  customerId: 'customer',
  userId: 'customer',
};

/** A value of a change, as text or as ids that link to their pages. */
export type ChangeValue = { kind: 'text'; text: string } | { kind: 'ids'; targetType: string; ids: string[] };

export interface ChangeLine {
  field: string;
  before: ChangeValue | null;
  after: ChangeValue | null;
}

function plain(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(plain).join(', ');
  return Object.entries(value as Record<string, unknown>)
    .map(([key, inner]) => `${key} ${plain(inner)}`)
    .join(', ');
}

function changeValue(field: string, value: unknown): ChangeValue {
  const targetType = idFields[field];
  const ids = typeof value === 'string' ? [value] : Array.isArray(value) ? value : null;
  if (targetType && ids && ids.length > 0 && ids.every((id): id is string => typeof id === 'string')) {
    return { kind: 'ids', targetType, ids };
  }
  return { kind: 'text', text: plain(value) };
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * Before and after, field by field, in the order they first appear: a field only after is new,
 * one only before is gone. A before or after that is not an object is one line named 'value'.
 */
export function changeLines(before: unknown, after: unknown): ChangeLine[] {
  const was = asRecord(before) ?? (before === null || before === undefined ? {} : { value: before });
  const now = asRecord(after) ?? (after === null || after === undefined ? {} : { value: after });
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return fields.map((field) => ({
    field,
    before: field in was ? changeValue(field, was[field]) : null,
    after: field in now ? changeValue(field, now[field]) : null,
  }));
}

/** An id as a link shows it: its first eight characters (the whole id is the link's address). */
export const shortId = (id: string): string => (id.length > 12 ? `${id.slice(0, 8)}…` : id);
