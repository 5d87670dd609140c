import { type Outcome, OutcomeNote } from '@console/components/outcome-note';
import { voucherStateText } from '@console/components/state-badge';
import { failureMessage } from '@console/lib/api';
import type { OpsOrder, OpsVoucher, RefundDestination } from '@gvm/contract/ops-money';
import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { Input } from '@gvm/ui/input';
import { moneyText, parseAmount } from '@gvm/ui/money';
import { type FormEvent, useState } from 'react';
import { useRefundOrder } from '../api/money';

export const destinationLabel: Record<RefundDestination, string> = { card: 'Original card', credit: 'UGM Credit' };

/** Why a voucher of the order cannot be ticked for a refund, in the API's own terms; null when it can. */
function whyNotRefundable(order: OpsOrder, voucher: OpsVoucher): string | null {
  const waiting = order.refunds.some((refund) => refund.status === 'pending' && refund.voucherIds.includes(voucher.id));
  if (waiting) return 'Part of a refund waiting in Approvals.';
  switch (voucher.state) {
    case 'active':
      return null;
    case 'activated':
      return 'Activated: its code has been shown to its holder, so it cannot be refunded.';
    case 'exchanged':
      return 'Exchanged for another voucher: it cannot be refunded.';
    case 'converted':
      return 'Converted to UGM Credit: it cannot be refunded.';
    case 'refunded':
      return 'Already refunded.';
    case 'void':
      return 'Voided: it cannot be refunded.';
  }
}

const pounds = (minor: number) => (minor / 100).toFixed(2);

/**
 * 'Refund' (docs/product/operators.md#refunds): the operator ticks the vouchers to refund (those
 * that cannot be are shown, not selectable, with why), the amount is filled from what the ticked
 * vouchers cost (within what may still go to the chosen destination) and may be lowered, and only
 * the ticked vouchers are voided. One request id per form, so pressing 'Confirm refund' twice, or
 * a retry, refunds once.
 */
export function RefundForm({ order }: { order: OpsOrder }) {
  const refundable = (to: RefundDestination) => order.refundable[to];
  const [refundTo, setRefundTo] = useState<RefundDestination>(order.refundable.card > 0 ? 'card' : 'credit');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ vouchers?: string; amount?: string; reason?: string }>({});
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

  const worthOf = (ids: ReadonlySet<string>) =>
    order.vouchers.filter((voucher) => ids.has(voucher.id)).reduce((total, voucher) => total + voucher.value, 0);
  /** At most what the ticked vouchers cost and what may still go to the destination. */
  const limitOf = (ids: ReadonlySet<string>, to: RefundDestination) => Math.min(worthOf(ids), refundable(to));
  const limit = limitOf(ticked, refundTo);

  function tick(voucherId: string, on: boolean) {
    const next = new Set(ticked);
    if (on) next.add(voucherId);
    else next.delete(voucherId);
    setTicked(next);
    setAmount(next.size > 0 ? pounds(limitOf(next, refundTo)) : '');
    setErrors((found) => ({ ...found, vouchers: undefined, amount: undefined }));
  }

  function choose(to: RefundDestination) {
    setRefundTo(to);
    // The amount typed stays unless the new destination allows less.
    const minor = parseAmount(amount);
    if (ticked.size > 0 && minor !== null && minor > limitOf(ticked, to)) setAmount(pounds(limitOf(ticked, to)));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    const minor = parseAmount(amount);
    let amountError: string | undefined;
    if (ticked.size > 0 && (minor === null || minor === 0)) amountError = 'Please enter an amount such as 25 or 12.50';
    else if (minor !== null && minor > limit) amountError = `At most ${moneyText(limit, order.currency)}`;
    const found = {
      ...(ticked.size === 0 ? { vouchers: 'Please tick the vouchers to refund' } : {}),
      ...(amountError ? { amount: amountError } : {}),
      ...(reason.trim() ? {} : { reason: 'A reason is required' }),
    };
    setErrors(found);
    if (minor === null || found.vouchers || found.amount || found.reason) return;
    refunding.mutate(
      { requestId, amount: minor, refundTo, reason: reason.trim(), voucherIds: [...ticked] },
      {
        onSuccess: (answer) => {
          setRequestId(crypto.randomUUID());
          setReason('');
          setTicked(new Set());
          setAmount('');
          setOutcome({ kind: 'done', text: answer.message });
        },
        onError: (failure) =>
          setOutcome({ kind: 'failed', text: failureMessage(failure, 'The refund could not be made.') }),
      },
    );
  }

  const count = ticked.size;
  return (
    <form noValidate onSubmit={submit} aria-labelledby="refund-heading" className="mt-8 max-w-xl space-y-4">
      <h2 id="refund-heading" className="text-lg font-semibold text-gray-900">
        Refund
      </h2>
      <fieldset
        className="space-y-2"
        aria-describedby={errors.vouchers ? 'refund-vouchers-error' : undefined}
        aria-invalid={errors.vouchers ? true : undefined}
      >
        <legend className="text-sm font-medium text-gray-900">
          Vouchers to refund
          <span aria-hidden="true" className="ml-0.5 text-brand-600">
            *
          </span>
        </legend>
        <ul className="space-y-2">
          {order.vouchers.map((voucher) => {
            const refusal = whyNotRefundable(order, voucher);
            const reasonId = `refund-voucher-${voucher.id}-why`;
            return (
              <li key={voucher.id}>
                <label
                  className={`flex min-h-11 items-start gap-3 rounded-md border p-3 text-sm ${
                    refusal ? 'border-gray-200 bg-gray-50 text-gray-600' : 'border-gray-300 bg-white text-gray-900'
                  }`}
                >
                  <input
                    type="checkbox"
                    className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
                    checked={ticked.has(voucher.id)}
                    disabled={refusal !== null}
                    aria-describedby={refusal ? reasonId : undefined}
                    onChange={(event) => tick(voucher.id, event.target.checked)}
                  />
                  <span className="min-w-0">
                    <span className="font-medium">
                      {voucher.merchantName} {moneyText(voucher.value, voucher.currency)}
                    </span>
                    <span className="text-gray-700">
                      {' · '}
                      {voucher.codeLastFour ? `ending ${voucher.codeLastFour}` : 'no code yet'}
                      {' · '}
                      {voucherStateText[voucher.state]}
                    </span>
                    {refusal ? (
                      <span id={reasonId} className="block text-gray-600">
                        {refusal}
                      </span>
                    ) : null}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        {errors.vouchers ? (
          <p id="refund-vouchers-error" className="text-sm text-red-700">
            {errors.vouchers}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-900">Refund to</legend>
        {(['card', 'credit'] as const).map((destination) => (
          <label key={destination} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name="refund-to"
              className="h-5 w-5 accent-brand-600"
              value={destination}
              checked={refundTo === destination}
              disabled={refundable(destination) === 0}
              onChange={() => choose(destination)}
            />
            {destinationLabel[destination]}
          </label>
        ))}
      </fieldset>
      <Field
        id="refund-amount"
        label={`Amount (${order.currency})`}
        required
        error={errors.amount}
        hint={
          count === 0
            ? 'Filled in from the vouchers you tick; you may lower it.'
            : `Up to ${moneyText(limit, order.currency)}: what the ticked vouchers cost${
                limit < worthOf(ticked)
                  ? `, limited to what is left to refund to the ${refundTo === 'card' ? 'card' : 'UGM Credit'}`
                  : ''
              }. A refund that takes this order past £250 refunded, or what you moved for this customer in 24 hours past £250, waits for a second operator's approval.`
        }
      >
        {(control) => (
          <Input {...control} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
        )}
      </Field>
      <Field id="refund-reason" label="Reason" required error={errors.reason}>
        {(control) => <Input {...control} value={reason} onChange={(event) => setReason(event.target.value)} />}
      </Field>
      <p className="text-sm text-gray-700">
        {count === 0
          ? 'Only the vouchers you tick are voided; the others are kept.'
          : `${count === 1 ? 'The ticked voucher is' : `The ${count} ticked vouchers are`} voided: ${
              count === 1 ? 'its code stops' : 'their codes stop'
            } working. The others are kept.`}
      </p>
      <Button type="submit" disabled={refunding.isPending}>
        {refunding.isPending ? 'Refunding…' : 'Confirm refund'}
      </Button>
      <OutcomeNote outcome={outcome} />
    </form>
  );
}
