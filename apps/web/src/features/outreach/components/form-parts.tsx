import { cn } from '@gvm/ui/cn';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { Ref } from 'react';
import type { FormOutcome } from '../hooks/use-outreach-form';

/**
 * The form's answer. Both live regions are always in the page, so screen readers announce a
 * message the moment it appears: success politely (status), a failure at once (alert). The
 * wrapper takes focus (tabIndex -1) once the server has answered.
 */
export function FormOutcomeMessage({
  outcome,
  id,
  ref,
  className,
}: {
  outcome: FormOutcome;
  id: string;
  ref: Ref<HTMLDivElement>;
  className?: string;
}) {
  return (
    <div id={id} ref={ref} tabIndex={-1} className={cn('outline-none', outcome.kind === 'idle' ? null : className)}>
      <div role="status">{outcome.kind === 'success' ? <OutcomeBox success message={outcome.message} /> : null}</div>
      <div role="alert">
        {outcome.kind === 'error' ? <OutcomeBox success={false} message={outcome.message} /> : null}
      </div>
    </div>
  );
}

function OutcomeBox({ success, message }: { success: boolean; message: string }) {
  const Icon = success ? CircleCheck : CircleAlert;
  return (
    <p
      className={cn(
        'flex items-start gap-2.5 rounded-lg border px-4 py-3 text-sm',
        success ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-red-200 bg-red-50 text-red-800',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}
