import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { failureMessage } from '@/lib/api-client';
import { useVoidVoucher } from '../api/money';
import { type Outcome, OutcomeNote } from './outcome-note';

/**
 * 'Void voucher' (docs/product/operators.md#void-adjustments): for fraud, irreversible, a reason
 * required. For the customer and voucher pages; the server checks the role again.
 */
export function VoidVoucherForm({ voucherId, onVoided }: { voucherId: string; onVoided?: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const voiding = useVoidVoucher();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    if (!reason.trim()) {
      setError('A reason is required');
      return;
    }
    voiding.mutate(
      { voucherId, body: { reason: reason.trim() } },
      {
        onSuccess: (answer) => {
          setReason('');
          setOutcome({ kind: 'done', text: answer.message });
          onVoided?.();
        },
        onError: (failure) =>
          setOutcome({ kind: 'failed', text: failureMessage(failure, 'The voucher could not be voided.') }),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Void voucher" className="space-y-3">
      <Field
        id={`void-reason-${voucherId}`}
        label="Reason"
        required
        error={error}
        hint="Voiding cannot be undone: the code stops working."
      >
        {(control) => (
          <Input
            {...control}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      <Button type="submit" variant="destructive" disabled={voiding.isPending}>
        {voiding.isPending ? 'Voiding…' : 'Void voucher'}
      </Button>
      <OutcomeNote outcome={outcome} />
    </form>
  );
}
