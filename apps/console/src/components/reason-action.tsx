import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { Input } from '@gvm/ui/input';
import {
  createContext,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';

interface OpenActionState {
  /** The label of the action whose form is open, if any. */
  open: string | null;
  setOpen(label: string | null): void;
}

const OpenAction = createContext<OpenActionState | null>(null);

/**
 * Actions of which one form at a time is open (a voucher's page, a customer's): pressing one
 * action's button closes the form of another, so two reasons never stand open side by side.
 */
export function OneActionAtATime({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<string | null>(null);
  const state = useMemo(() => ({ open, setOpen }), [open]);
  return <OpenAction.Provider value={state}>{children}</OpenAction.Provider>;
}

/** Opens an action's form by its label (a 'More actions' item), closing any other: needs `OneActionAtATime`. */
export function useOpenAction(): (label: string | null) => void {
  const group = useContext(OpenAction);
  if (!group) throw new Error('useOpenAction needs OneActionAtATime around it');
  return group.setOpen;
}

/** Whether `label`'s form is open: kept by the group it is in, or by itself when in none. */
function useOpen(label: string): [boolean, (open: boolean) => void] {
  const group = useContext(OpenAction);
  const [alone, setAlone] = useState(false);
  if (!group) return [alone, setAlone];
  return [group.open === label, (open) => group.setOpen(open ? label : null)];
}

/**
 * A console button that asks before it acts: pressing it opens a small form with 'Reason'
 * (required where the change needs one, docs/product/operators.md#customers) and the confirm
 * button. `children` adds fields of the action's own above the reason. The form takes the focus
 * (its first field) when it opens, and gives it back to the button when cancelled or done.
 */
export function ReasonAction({
  label,
  confirmLabel,
  reasonRequired,
  busy,
  destructive,
  hint,
  validate,
  children,
  trigger = 'button',
  onConfirm,
}: {
  label: string;
  confirmLabel: string;
  /**
   * 'button' draws its own button; `{ menu: id }` has none: a 'More actions' item (the menu's
   * button is `id`) opens the form, and the focus goes back to that button when it closes.
   */
  trigger?: 'button' | { menu: string };
  reasonRequired: boolean;
  busy: boolean;
  destructive?: boolean;
  /** A line under the reason: what the action cannot undo, say. */
  hint?: string;
  /** The action's own fields' check; a message stops the submit. */
  validate?: () => string | null;
  children?: ReactNode;
  /** Answers whether it succeeded; the form closes when it did. */
  onConfirm(reason: string): Promise<boolean>;
}) {
  const [open, setOpen] = useOpen(label);
  const buttonId = useId();
  const returnTo = trigger === 'button' ? buttonId : trigger.menu;
  const form = useRef<HTMLFormElement>(null);
  // Set when this form closes itself (Cancel, done), not when another action's opening closes it.
  const focusButton = useRef(false);

  useEffect(() => {
    if (open) form.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    else if (focusButton.current) document.getElementById(returnTo)?.focus();
    focusButton.current = false;
  }, [open, returnTo]);

  const close = () => {
    focusButton.current = true;
    setOpen(false);
  };

  if (!open) {
    if (trigger !== 'button') return null;
    return (
      <Button id={buttonId} variant={destructive ? 'destructive' : 'outline'} size="sm" onClick={() => setOpen(true)}>
        {label}
      </Button>
    );
  }
  return (
    <ReasonForm
      formRef={form}
      name={label}
      className="w-full max-w-md space-y-3 rounded-md border border-gray-200 p-4"
      heading={<p className="font-medium text-gray-900">{label}</p>}
      reasonLabel={reasonRequired ? 'Reason' : 'Reason (optional)'}
      reasonRequired={reasonRequired}
      markRequired={reasonRequired}
      hint={hint}
      validate={validate}
      confirmLabel={confirmLabel}
      destructive={destructive}
      busy={busy}
      buttonSize="sm"
      onCancel={close}
      onConfirm={async (reason) => {
        if (await onConfirm(reason)) close();
      }}
    >
      {children}
    </ReasonForm>
  );
}

/**
 * The console's one reason-and-confirm form: what the change does (`heading`), the action's own
 * fields (`children`), 'Reason' (required where the change needs one, refused empty with 'Please
 * give a reason'; written to the audit trail with the change), the confirm button and 'Cancel'.
 * `ReasonAction` opens it from a button; Team's rows and a partner application's decision draw it
 * in place.
 */
export function ReasonForm({
  name,
  className,
  heading,
  reasonLabel,
  reasonId,
  reasonRequired,
  markRequired,
  hint,
  validate,
  confirmLabel,
  destructive,
  busy,
  buttonSize,
  formRef,
  children,
  onCancel,
  onConfirm,
}: {
  /** The form's accessible name. */
  name: string;
  className: string;
  heading?: ReactNode;
  reasonLabel: string;
  reasonId?: string;
  /** An empty reason is refused. */
  reasonRequired: boolean;
  /** The field shows the required asterisk. */
  markRequired?: boolean;
  hint?: string;
  validate?: () => string | null;
  confirmLabel: string;
  destructive?: boolean;
  busy: boolean;
  buttonSize?: 'sm';
  formRef?: RefObject<HTMLFormElement | null>;
  children?: ReactNode;
  onCancel(): void;
  /** The reason, trimmed ('' when none was given). */
  onConfirm(reason: string): void | Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={name}
      className={className}
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
        await onConfirm(reason.trim());
      }}
    >
      {heading}
      {children}
      <Field id={reasonId} label={reasonLabel} required={markRequired} hint={hint} error={error} announceError>
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
        <Button type="submit" size={buttonSize} variant={destructive ? 'destructive' : 'primary'} disabled={busy}>
          {confirmLabel}
        </Button>
        <Button size={buttonSize} variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
