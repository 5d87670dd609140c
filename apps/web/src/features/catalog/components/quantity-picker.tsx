import { QUANTITY_OPTIONS } from '@gvm/contract';
import { clsx } from 'clsx';
import { chipClass, chipOffClass, chipOnClass } from './value-picker-chip';

/** docs/product/browsing.md#product-page: 1 to 5 cards of the chosen value. */
export function QuantityPicker({
  value,
  disabled,
  onChange,
}: {
  value: number;
  disabled?: boolean;
  onChange(value: number): void;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-semibold text-gray-900">Quantity</legend>
      <div className="mt-3 grid max-w-xs grid-cols-5 gap-2">
        {QUANTITY_OPTIONS.map((option) => (
          <label key={option} className={clsx(chipClass, value === option ? chipOnClass : chipOffClass)}>
            <input
              type="radio"
              name="quantity"
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
