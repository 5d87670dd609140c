import { ConsolePageHeading } from '@console/components/console-page-heading';
import { VoucherStateBadge } from '@console/components/state-badge';
import { failureMessage } from '@console/lib/api';
import { useOperator } from '@console/lib/use-operator';
import type { OpsOrder, RefundStatus } from '@gvm/contract/ops-money';
import { moneyText } from '@gvm/ui/money';
import { QueryError } from '@gvm/ui/query-error';
import { Spinner } from '@gvm/ui/spinner';
import { useParams } from 'react-router';
import { useOpsOrder } from '../api/money';
import { destinationLabel, RefundForm } from '../components/refund-form';

/**
 * /ops/orders/:orderId (docs/product/operators.md#money): the order's payment, its vouchers (the
 * last four characters of each code, never more) with their states, its refunds, and for a role
 * that may move money the 'Refund' form.
 */
export function OrderPage() {
  const { orderId = '' } = useParams();
  const order = useOpsOrder(orderId);
  const { can } = useOperator();
  if (order.isError) {
    return (
      <>
        <ConsolePageHeading title="Order" />
        <QueryError
          message={failureMessage(order.error, 'The order could not be loaded.')}
          onRetry={() => order.refetch()}
        />
      </>
    );
  }
  if (!order.data) return <Spinner label="Loading the order" className="mt-4 h-6 w-6" />;
  const data = order.data;
  return (
    <>
      <ConsolePageHeading title={`Order ${data.reference}`} />
      <dl className="mt-4 grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-gray-600">Buyer</dt>
        <dd>
          {data.buyer.name} &lt;{data.buyer.email}&gt;
        </dd>
        <dt className="text-gray-600">Total</dt>
        <dd>{moneyText(data.total, data.currency)}</dd>
        <dt className="text-gray-600">Paid by card</dt>
        <dd>{moneyText(data.paidByCard, data.currency)}</dd>
        <dt className="text-gray-600">Paid with UGM Credit</dt>
        <dd>{moneyText(data.paidByCredit, data.currency)}</dd>
        <dt className="text-gray-600">Refunded</dt>
        <dd>{moneyText(data.refunded, data.currency)}</dd>
        <dt className="text-gray-600">Paid on</dt>
        <dd>{data.paidAt ? new Date(data.paidAt).toLocaleString('en-GB') : '—'}</dd>
      </dl>
      <VoucherTable order={data} />
      {data.refunds.length > 0 ? <RefundHistory order={data} /> : null}
      {can('money.move') ? <RefundForm order={data} /> : null}
    </>
  );
}

function VoucherTable({ order }: { order: OpsOrder }) {
  return (
    <>
      <h2 className="mt-8 text-lg font-semibold text-gray-900">Vouchers</h2>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-gray-200 border-b text-gray-700">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                Merchant
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Value
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Code
              </th>
              <th scope="col" className="py-2 font-medium">
                State
              </th>
            </tr>
          </thead>
          <tbody>
            {order.vouchers.map((voucher) => (
              <tr key={voucher.id} className="border-gray-100 border-b">
                <td className="py-2 pr-4">{voucher.merchantName}</td>
                <td className="py-2 pr-4">{moneyText(voucher.value, voucher.currency)}</td>
                <td className="py-2 pr-4">{voucher.codeLastFour ? `ending ${voucher.codeLastFour}` : 'No code yet'}</td>
                <td className="py-2">
                  <VoucherStateBadge state={voucher.state} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A refund's status in the console's words. */
const statusText: Record<RefundStatus, string> = {
  pending: 'waiting in Approvals',
  processing: 'sent to the payment provider, waiting for it to confirm',
  done: 'done',
  rejected: 'rejected',
  failed: 'refused by the payment provider, nothing moved',
};

function RefundHistory({ order }: { order: OpsOrder }) {
  return (
    <>
      <h2 className="mt-8 text-lg font-semibold text-gray-900">Refunds</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {order.refunds.map((refund) => (
          <li key={refund.id}>
            {moneyText(refund.amount, refund.currency)} to {destinationLabel[refund.refundTo]}:{' '}
            {statusText[refund.status]}
            {refund.failure ? ` (${refund.failure})` : ''} ({refund.reason}; asked by {refund.requestedBy.email}
            {refund.decidedBy ? `, decided by ${refund.decidedBy.email}` : ''})
          </li>
        ))}
      </ul>
    </>
  );
}
