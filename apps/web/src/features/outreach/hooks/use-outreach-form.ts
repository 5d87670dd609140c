import { checkOutreachForm, type OutreachResponse, summariseOutreachErrors } from '@gvm/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { outreachErrorMessage } from '../lib/outreach-error';

export type FormOutcome = { kind: 'idle' } | { kind: 'success'; message: string } | { kind: 'error'; message: string };

type Values = Record<string, string>;
type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface OutreachFormOptions<V extends Values> {
  initialValues: V;
  /** The contract's request schema: the form refuses exactly what the server would. */
  schema: Parameters<typeof checkOutreachForm>[0];
  mutation: UseMutationResult<OutreachResponse, Error, V>;
}

/**
 * The states (docs/product/information-pages.md#outreach-forms) for the contact and partnership forms: idle, submitting
 * (fields disabled), success (message, form cleared) or error (message, values kept).
 * Bad fields carry aria-invalid and point at the message; focus goes to the first bad field, or
 * to the outcome message once the server has answered, so keyboard and screen-reader users follow.
 */
export function useOutreachForm<V extends Values>({ initialValues, schema, mutation }: OutreachFormOptions<V>) {
  const idPrefix = useId();
  const [values, setValues] = useState<V>(initialValues);
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<FormOutcome>({ kind: 'idle' });
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const outcomeId = `${idPrefix}-outcome`;

  const focusField = (name: string | undefined) => {
    const element = name ? formRef.current?.elements.namedItem(name) : null;
    if (!(element instanceof HTMLElement)) return;
    // Centred, so the page's sticky header never covers the field it moved to.
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'center' });
  };
  // The fieldset is re-enabled on the render after the answer, so focus moves once it has painted.
  const focusOutcome = () => requestAnimationFrame(() => outcomeRef.current?.focus());

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const errors = checkOutreachForm(schema, values);
    if (errors.length > 0) {
      setInvalid(new Set(errors.map((error) => error.path)));
      setOutcome({ kind: 'error', message: summariseOutreachErrors(errors) });
      focusField(errors[0]?.path);
      return;
    }
    setOutcome({ kind: 'idle' });
    mutation.mutate(values, {
      onSuccess: (response) => {
        setValues(initialValues);
        setInvalid(new Set());
        setOutcome({ kind: 'success', message: response.message });
        focusOutcome();
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? (error.errors ?? []).map((fieldError) => fieldError.path) : [];
        setInvalid(new Set(fields));
        setOutcome({ kind: 'error', message: outreachErrorMessage(error) });
        focusOutcome();
      },
    });
  };

  /** Props for one field (`<Field>`): its control's id, marked and described by the message when invalid. */
  const field = (name: keyof V & string) => ({
    id: `${idPrefix}-${name}`,
    invalid: invalid.has(name),
    describedBy: invalid.has(name) ? outcomeId : undefined,
  });

  /** Props for one control: its name (the first bad field is found by it), value and change. */
  const control = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<FieldElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      if (invalid.has(name)) setInvalid((current) => new Set([...current].filter((path) => path !== name)));
    },
  });

  return {
    formRef,
    outcomeRef,
    outcomeId,
    outcome,
    submitting: mutation.isPending,
    onSubmit,
    field,
    control,
  };
}
