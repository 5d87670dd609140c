import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';
import { Label } from './label';

/** What a field gives its control: the id its label points at, and the state screen readers hear. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  /** The control's id (ids tests and links rely on); the hint and error are `<id>-hint`, `<id>-error`. */
  id?: string;
  label: ReactNode;
  /** Shows the asterisk that the form's "Fields marked * are required" explains. */
  required?: boolean;
  /** A line under the control that says what to enter or what will happen. */
  hint?: ReactNode;
  /** What is wrong with the value, shown under the control until the value changes. */
  error?: ReactNode;
  /** Announce the error as it appears (role="alert"): where no toast says it already. */
  announceError?: boolean;
  /** Marked invalid though the message is elsewhere (the form's summary, whose id is `describedBy`). */
  invalid?: boolean;
  describedBy?: string | undefined;
  className?: string;
  labelClassName?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * One form field: its label, its control, a hint and an error, wired for assistive technology
 * (label for/id, aria-describedby naming the hint and the error, aria-invalid). The control is the
 * caller's (`children` receives its props), so an input, a textarea or a select all fit.
 */
export function Field({
  id,
  label,
  required,
  hint,
  error,
  announceError,
  invalid,
  describedBy,
  className,
  labelClassName,
  children,
}: FieldProps) {
  const madeId = useId();
  const controlId = id ?? madeId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const described = [hintId, errorId, describedBy].filter(Boolean).join(' ');
  return (
    <div className={clsx('space-y-1.5', className)}>
      <Label htmlFor={controlId} className={labelClassName}>
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-brand-600">
            *
          </span>
        ) : null}
      </Label>
      {children({
        id: controlId,
        'aria-invalid': error || invalid ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role={announceError ? 'alert' : undefined} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
