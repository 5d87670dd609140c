import { describe, expect, it } from 'vitest';
import { changeLines, shortId, targetPath } from './audit-text';

const VOUCHER = 'b0000000-0000-4000-8000-000000000001';

describe("the audit log's words (docs/product/operators.md#audit-trail)", () => {
  it("says a change field by field, 'before → after', instead of JSON", () => {
    expect(changeLines({ state: 'active', amount: 2500 }, { state: 'void', amount: 2500, status: 'done' })).toEqual([
      { field: 'state', before: { kind: 'text', text: 'active' }, after: { kind: 'text', text: 'void' } },
      { field: 'amount', before: { kind: 'text', text: '2500' }, after: { kind: 'text', text: '2500' } },
      { field: 'status', before: null, after: { kind: 'text', text: 'done' } },
    ]);
    expect(changeLines(null, { assignedTo: null })).toEqual([
      { field: 'assignedTo', before: null, after: { kind: 'text', text: 'none' } },
    ]);
    expect(changeLines(null, null)).toEqual([]);
  });

  it('makes the ids a change names links to their pages', () => {
    expect(changeLines(null, { voucherIds: [VOUCHER] })).toEqual([
      { field: 'voucherIds', before: null, after: { kind: 'ids', targetType: 'voucher', ids: [VOUCHER] } },
    ]);
    expect(targetPath('voucher', VOUCHER)).toBe(`/ops/customers/vouchers/${VOUCHER}`);
    expect(targetPath('customer', 'u1')).toBe('/ops/customers/u1');
    expect(targetPath('order', 'o1')).toBe('/ops/orders/o1');
    expect(targetPath('chat_conversation', 'c1')).toBe('/ops/chat/c1');
    expect(targetPath('operator', 'x')).toBeNull();
    expect(shortId(VOUCHER)).toBe('b0000000…');
  });
});
