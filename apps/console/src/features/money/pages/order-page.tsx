import { ConsolePageHeading } from '@console/components/console-page-heading';
import { type Outcome, OutcomeNote } from '@console/components/outcome-note';
import { VoucherStateBadge } from '@console/components/state-badge';
import { failureMessage } from '@console/lib/api';
import { useOperator } from '@console/lib/use-operator';
import type { OpsOrder, RefundDestination, RefundStatus } from '@gvm/contract/ops-money';
import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { Input } from '@gvm/ui/input';
import { moneyText, parseAmount } from '@gvm/ui/money';
import { QueryError } from '@gvm/ui/query-error';
import { Spinner } from '@gvm/ui/spinner';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { useOpsOrder, useRefundOrder } from '../api/money';

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
        <table className="w-full min-w-[36rem] text-left text-sm">
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

const destinationLabel: Record<RefundDestination, string> = { card: 'Original card', credit: 'UGM Credit' };

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

/**
 * 'Refund': an amount (the whole order by default), where it goes, and a reason. One request id
 * per form, so pressing 'Confirm refund' twice, or a retry, refunds once.
 */
function RefundForm({ order }: { order: OpsOrder }) {
  const refundable = (to: RefundDestination) => order.refundable[to];
  const [refundTo, setRefundTo] = useState<RefundDestination>(order.refundable.card > 0 ? 'card' : 'credit');
  const [amount, setAmount] = useState(() => (refundable(refundTo) / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const refunding = useRefundOrder(order.id);
  if (order.refundable.credit === 0) {
    // The last refund's outcome stays in sight when it leaves nothing more to refund.
    const waiting = order.refunds.some((refund) => refund.status === 'pending');
    const sent = order.refunds.some((refund) => refund.status === 'processing');
    return (
      <div className="mt-8">
        <OutcomeNote outcome={outcome} />
        <p className="mt-4 text-sm text-gray-700">
          Nothing of this order is left to refund.{waiting ? ' A refund of it is waiting in Approvals.' : ''}
          {sent ? ' A refund of it waits for the payment provider to confirm it.' : ''}
        </p>
      </div>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    const minor = parseAmount(amount);
    const found = {
      ...(minor === null || minor === 0 ? { amount: 'Please enter an amount such as 25 or 12.50' } : {}),
      ...(reason.trim() ? {} : { reason: 'A reason is required' }),
    };
    setErrors(found);
    if (minor === null || minor === 0 || found.reason) return;
    refunding.mutate(
      { requestId, amount: minor, refundTo, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          setRequestId(crypto.randomUUID());
          setReason('');
          setOutcome({ kind: 'done', text: answer.message });
        },
        onError: (failure) =>
          setOutcome({ kind: 'failed', text: failureMessage(failure, 'The refund could not be made.') }),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="refund-heading" className="mt-8 max-w-xl space-y-4">
      <h2 id="refund-heading" className="text-lg font-semibold text-gray-900">
        Refund
      </h2>
      <Field
        id="refund-amount"
        label={`Amount (${order.currency})`}
        required
        error={errors.amount}
        hint={`Up to ${moneyText(refundable(refundTo), order.currency)}. A refund that takes this order past £250 refunded, or what you moved for this customer in 24 hours past £250, waits for a second operator's approval.`}
      >
        {(control) => (
          <Input {...control} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
        )}
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-900">Refund to</legend>
        {(['card', 'credit'] as const).map((destination) => (
          <label key={destination} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="refund-to"
              value={destination}
              checked={refundTo === destination}
              disabled={refundable(destination) === 0}
              onChange={() => setRefundTo(destination)}
            />
            {destinationLabel[destination]}
          </label>
        ))}
      </fieldset>
      <Field id="refund-reason" label="Reason" required error={errors.reason}>
        {(control) => <Input {...control} value={reason} onChange={(event) => setReason(event.target.value)} />}
      </Field>
      <p className="text-sm text-gray-700">Every voucher of the order is voided: its code stops working.</p>
      <Button type="submit" disabled={refunding.isPending}>
        {refunding.isPending ? 'Refunding…' : 'Confirm refund'}
      </Button>
      <OutcomeNote outcome={outcome} />
    </form>
  );
}
