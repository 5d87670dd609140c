import type { OpsVoucherState } from '@gvm/contract/ops-customers';
import { clsx } from 'clsx';

const looks: Record<OpsVoucherState, string> = {
  active: 'bg-green-50 text-green-900 border-green-200',
  activated: 'bg-blue-50 text-blue-900 border-blue-200',
  exchanged: 'bg-gray-50 text-gray-800 border-gray-200',
  converted: 'bg-gray-50 text-gray-800 border-gray-200',
  refunded: 'bg-amber-50 text-amber-900 border-amber-200',
  void: 'bg-red-50 text-red-800 border-red-200',
};

/**
 * A voucher's state in the shop's words (the wallet says 'Not activated' and 'Activated'), so an
 * operator reads what the customer reads: the API's `active` is a voucher not yet activated.
 */
export const voucherStateText: Record<OpsVoucherState, string> = {
  active: 'Not activated',
  activated: 'Activated',
  exchanged: 'Exchanged',
  converted: 'Converted to UGM Credit',
  refunded: 'Refunded',
  void: 'Voided',
};

/** A voucher's state, in the words the console uses everywhere. */
export function VoucherStateBadge({ state }: { state: OpsVoucherState }) {
  return (
    <span className={clsx('rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap', looks[state])}>
      {voucherStateText[state]}
    </span>
  );
}
