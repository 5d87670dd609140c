import { type Outcome, OutcomeNote } from '@console/components/outcome-note';
import { failureMessage } from '@console/lib/api';
import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { Input } from '@gvm/ui/input';
import { parseAmount } from '@gvm/ui/money';
import { type FormEvent, useState } from 'react';
import { useAdjustCredit } from '../api/money';

/**
 * 'Adjust credit' (docs/product/operators.md#void-adjustments): an amount, + or −, and a reason;
 * one that takes what the operator moved for this customer in 24 hours past £250 waits in Approvals.
 * For the customer page; the server checks the role again.
 */
export function AdjustCreditForm({ userId, currency = 'GBP' }: { userId: string; currency?: string }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  // One request id per adjustment: pressing twice, or a retry, adjusts once.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const adjusting = useAdjustCredit();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    const minor = parseAmount(amount, { signed: true });
    const found = {
      ...(minor === null || minor === 0 ? { amount: 'Please enter an amount such as 10 or -5.50' } : {}),
      ...(reason.trim() ? {} : { reason: 'A reason is required' }),
    };
    setErrors(found);
    if (minor === null || minor === 0 || found.reason) return;
    adjusting.mutate(
      { userId, body: { requestId, amount: minor, currency, reason: reason.trim() } },
      {
        onSuccess: (answer) => {
          setAmount('');
          setReason('');
          setRequestId(crypto.randomUUID());
          setOutcome({ kind: 'done', text: answer.message });
        },
        onError: (failure) =>
          setOutcome({ kind: 'failed', text: failureMessage(failure, 'The credit could not be adjusted.') }),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label={`Adjust ${currency} credit`} className="space-y-3">
      <Field
        id={`adjust-amount-${userId}-${currency}`}
        label={`Amount (${currency})`}
        required
        error={errors.amount}
        hint="Negative to take credit away. What takes your moves for this customer in 24 hours past £250 waits for a second operator."
      >
        {(control) => (
          <Input {...control} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
        )}
      </Field>
      <Field id={`adjust-reason-${userId}-${currency}`} label="Reason" required error={errors.reason}>
        {(control) => <Input {...control} value={reason} onChange={(event) => setReason(event.target.value)} />}
      </Field>
      <Button type="submit" disabled={adjusting.isPending}>
        {adjusting.isPending ? 'Adjusting…' : 'Adjust credit'}
      </Button>
      <OutcomeNote outcome={outcome} />
    </form>
  );
}
