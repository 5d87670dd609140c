import { Minus, Plus } from 'lucide-react';
import { MAX_QUANTITY, MIN_QUANTITY } from '../lib/quantity';

interface CartQuantityStepperProps {
  quantity: number;
  merchantName: string;
  disabled?: boolean;
  onChange(quantity: number): void;
  /** Asked to go past 5: the page says why nothing changes (decision 033). */
  onLimit(): void;
}

const stepClass =
  'flex h-11 w-11 items-center justify-center rounded-full sm:h-9 sm:w-9 text-gray-700 transition-colors hover:bg-gray-100 ' +
  'focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40 ' +
  'aria-disabled:cursor-not-allowed aria-disabled:opacity-40';

/**
 * docs/product/buying.md#cart: a line holds 1 to 5 vouchers. At 1 the minus is disabled; at 5 the plus
 * looks disabled (`aria-disabled`) but still answers a press, with the 5-per-line message
 * (`onLimit`), rather than doing nothing.
 */
export function CartQuantityStepper({ quantity, merchantName, disabled, onChange, onLimit }: CartQuantityStepperProps) {
  const atLimit = quantity >= MAX_QUANTITY;
  return (
    <fieldset className="inline-flex items-center rounded-full border border-gray-200 bg-white">
      <legend className="sr-only">{`Quantity of ${merchantName}`}</legend>
      <button
        type="button"
        className={stepClass}
        aria-label={`Decrease quantity of ${merchantName}`}
        disabled={disabled || quantity <= MIN_QUANTITY}
        onClick={() => onChange(quantity - 1)}
      >
        <Minus aria-hidden="true" className="h-4 w-4" />
      </button>
      <output aria-live="polite" className="w-8 text-center text-sm font-semibold tabular-nums">
        {quantity}
      </output>
      <button
        type="button"
        className={stepClass}
        aria-label={`Increase quantity of ${merchantName}`}
        disabled={disabled}
        aria-disabled={atLimit || undefined}
        onClick={() => (atLimit ? onLimit() : onChange(quantity + 1))}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
      </button>
    </fieldset>
  );
}
