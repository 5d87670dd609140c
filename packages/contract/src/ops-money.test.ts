import { describe, expect, it } from 'vitest';
import {
  ADJUSTMENT_TOO_LARGE_MESSAGE,
  creditAdjustmentRequestSchema,
  MAX_MONEY_MOVE_MINOR,
  REFUND_TOO_LARGE_MESSAGE,
  refundRequestSchema,
} from './ops-money';

const requestId = '0b6c8f0e-4a1d-4c1e-9d7a-3f2b1c0d9e8f';
const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('the amounts a console money request may name', () => {
  const adjustment = (amount: number) =>
    creditAdjustmentRequestSchema.safeParse({ requestId, amount, currency: 'GBP', reason: 'Goodwill' });
  const refund = (amount: number) =>
    refundRequestSchema.safeParse({ requestId, amount, refundTo: 'credit', reason: 'Asked for it' });

  it('takes an adjustment of up to £1,000,000 either way, and refuses more at its field', () => {
    expect(MAX_MONEY_MOVE_MINOR).toBe(100_000_000);
    for (const amount of [1, -1, MAX_MONEY_MOVE_MINOR, -MAX_MONEY_MOVE_MINOR]) {
      expect(adjustment(amount).success, String(amount)).toBe(true);
    }
    // 2^31 pence and more overflowed the books' columns: a failed write (500) instead of an answer.
    for (const amount of [MAX_MONEY_MOVE_MINOR + 1, -MAX_MONEY_MOVE_MINOR - 1, 2 ** 31, -(2 ** 31), 2 ** 53 - 1]) {
      expect(issuesOf(adjustment(amount)), String(amount)).toEqual([
        { path: 'amount', message: ADJUSTMENT_TOO_LARGE_MESSAGE },
      ]);
    }
  });

  it('takes a refund of up to £1,000,000, and refuses more at its field', () => {
    expect(refund(MAX_MONEY_MOVE_MINOR).success).toBe(true);
    for (const amount of [MAX_MONEY_MOVE_MINOR + 1, 2 ** 31]) {
      expect(issuesOf(refund(amount)), String(amount)).toEqual([{ path: 'amount', message: REFUND_TOO_LARGE_MESSAGE }]);
    }
  });
});
