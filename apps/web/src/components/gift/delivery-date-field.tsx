import { oneYearAfter } from '@gvm/contract';
import { Field } from '@gvm/ui/field';
import { Input } from '@gvm/ui/input';
import type { ReactNode } from 'react';
import { GIFT_FIELD_HEIGHT } from './recipient-fields';

/**
 * The day a gift's e-mail goes out: from today (UK) up to a year ahead
 * (docs/product/vouchers-and-gifts.md#scheduled-delivery). Checkout's recipient form and a sent
 * gift's "Change date" use it.
 */
export function DeliveryDateField({
  id,
  value,
  today,
  onChange,
  hint,
  required,
  className,
  inputClassName,
}: {
  id: string;
  value: string;
  /** Today's UK day (YYYY-MM-DD): the earliest day that can be chosen. */
  today: string;
  onChange: (day: string) => void;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  inputClassName?: string;
}) {
  return (
    <Field id={id} label="Delivery date" hint={hint} className={className} labelClassName="block">
      {(control) => (
        <Input
          {...control}
          type="date"
          value={value}
          min={today}
          max={oneYearAfter(today)}
          required={required}
          onChange={(event) => onChange(event.target.value)}
          className={`${GIFT_FIELD_HEIGHT} ${inputClassName ?? ''}`}
        />
      )}
    </Field>
  );
}
