import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/**
 * A console button that asks before it acts: pressing it opens a small form with 'Reason'
 * (required where the change needs one, docs/product/operators.md#customers) and the confirm
 * button. `children` adds fields of the action's own above the reason.
 */
export function ReasonAction({
  label,
  confirmLabel,
  reasonRequired,
  busy,
  destructive,
  validate,
  children,
  onConfirm,
}: {
  label: string;
  confirmLabel: string;
  reasonRequired: boolean;
  busy: boolean;
  destructive?: boolean;
  /** The action's own fields' check; a message stops the submit. */
  validate?: () => string | null;
  children?: ReactNode;
  /** Answers whether it succeeded; the form closes when it did. */
  onConfirm(reason: string): Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!open) {
    return (
      <Button variant={destructive ? 'destructive' : 'outline'} size="sm" onClick={() => setOpen(true)}>
        {label}
      </Button>
    );
  }
  return (
    <form
      noValidate
      aria-label={label}
      className="w-full max-w-md space-y-3 rounded-md border border-gray-200 p-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const problem = validate?.() ?? null;
        if (problem) {
          setError(problem);
          return;
        }
        if (reasonRequired && !reason.trim()) {
          setError('Please give a reason');
          return;
        }
        if (await onConfirm(reason.trim())) {
          setOpen(false);
          setReason('');
        }
      }}
    >
      <p className="font-medium text-gray-900">{label}</p>
      {children}
      <Field
        label={reasonRequired ? 'Reason' : 'Reason (optional)'}
        required={reasonRequired}
        error={error}
        announceError
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
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant={destructive ? 'destructive' : 'primary'} disabled={busy}>
          {confirmLabel}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
