import { formatMoney } from '@gvm/contract';
import { clsx } from 'clsx';
import { chipClass, chipOffClass, chipOnClass } from './value-picker-chip';

interface ValuePickerProps {
  options: number[];
  currency: string;
  value: number | null;
  disabled?: boolean;
  onChange(value: number): void;
}

/** The value-per-card choice (docs/product/browsing.md#value-options), one radio per option with its currency symbol. */
export function ValuePicker({ options, currency, value, disabled, onChange }: ValuePickerProps) {
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-semibold text-gray-900">Value per card</legend>
      <div className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4">
        {options.map((option) => (
          <label key={option} className={clsx(chipClass, 'px-3', value === option ? chipOnClass : chipOffClass)}>
            <input
              type="radio"
              name="value-per-card"
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {formatMoney(option, currency)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
