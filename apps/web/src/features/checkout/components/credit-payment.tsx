import { currencySymbol, formatMoney, toMajorUnits, toMinorUnits } from '@gvm/contract';
import { Input } from '@gvm/ui/input';
import { Label } from '@gvm/ui/label';
import { Wallet } from 'lucide-react';
import { useId } from 'react';
import type { CreditChoice, CreditOffer } from '../lib/wallet-credit';

interface CreditPaymentProps {
  offer: Exclude<CreditOffer, { kind: 'none' }>;
  choice: CreditChoice;
  /** The credit that will be sent (major units; 0 while off or invalid) and the error to show. */
  credit: { amount: number; error: string | null };
  disabled?: boolean;
  onChange(choice: CreditChoice): void;
}

/**
 * docs/product/buying.md#paying-with-ugm-credit: spend UGM Credit at checkout, all of the total (no card page) or part of
 * it (the card pays the rest). Offered only with a balance; refused with the reason for a total
 * in another currency than the wallet's.
 */
export function CreditPayment({ offer, choice, credit, disabled = false, onChange }: CreditPaymentProps) {
  const id = useId();
  const balance = formatMoney(offer.balance, offer.currency);
  const byCard = offer.kind === 'usable' ? toMinorUnits(offer.total) - toMinorUnits(credit.amount) : 0;
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-gray-300 bg-white p-3 text-sm">
      <h3 id={`${id}-heading`} className="flex items-center gap-2 font-medium text-gray-900">
        <Wallet aria-hidden="true" className="h-5 w-5 text-gray-700" />
        UGM Credit
        <span className="ml-auto font-normal text-gray-600">Balance: {balance}</span>
      </h3>
      {offer.kind === 'unusable' ? (
        <p className="mt-2 text-xs text-gray-600">{offer.reason}</p>
      ) : (
        <>
          <div className="mt-2 flex items-center gap-2 sm:mt-3">
            <input
              id={`${id}-use`}
              type="checkbox"
              className="h-4 w-4 accent-brand-600"
              checked={choice.use}
              disabled={disabled}
              onChange={(event) =>
                onChange({ use: event.target.checked, amount: choice.amount || offer.limit.toFixed(2) })
              }
            />
            {/* The label is the finger-sized target on a phone (44 px tall). */}
            <Label htmlFor={`${id}-use`} className="flex min-h-11 flex-1 items-center sm:min-h-0">
              Use my UGM Credit
            </Label>
          </div>
          {choice.use && (
            <div className="mt-3 space-y-2">
              <Label htmlFor={`${id}-amount`}>Credit to use ({currencySymbol(offer.currency)})</Label>
              <Input
                id={`${id}-amount`}
                inputMode="decimal"
                className="h-11 sm:h-10"
                value={choice.amount}
                disabled={disabled}
                aria-invalid={credit.error ? true : undefined}
                aria-describedby={credit.error ? `${id}-error` : undefined}
                onChange={(event) => onChange({ use: true, amount: event.target.value })}
              />
              {credit.error ? (
                <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
                  {credit.error}
                </p>
              ) : (
                <dl className="space-y-1 text-gray-700">
                  <div className="flex justify-between">
                    <dt>Paid with UGM Credit</dt>
                    <dd className="tabular-nums">-{formatMoney(credit.amount, offer.currency)}</dd>
                  </div>
                  <div className="flex justify-between font-medium text-gray-900">
                    <dt>To pay by card</dt>
                    <dd className="tabular-nums">{formatMoney(toMajorUnits(byCard), offer.currency)}</dd>
                  </div>
                </dl>
              )}
              {!credit.error && byCard === 0 && (
                <p className="text-xs text-gray-600">Your UGM Credit pays the whole total: no card is needed.</p>
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}
