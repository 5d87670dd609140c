import type { GiftDelivery } from '@gvm/contract';
import { Button } from '@gvm/ui/button';
import type { GiftChange } from '../api/gift-delivery';

/** A phone's finger needs 44 px (WCAG 2.5.5); from `sm` up the small buttons are compact. */
export const TAP_SM = 'h-11 sm:h-8';

export type GiftForm = 'date' | 'recipient' | null;

/**
 * What the sender can do with an unclaimed gift (docs/product/vouchers-and-gifts.md#corrections-and-resends): a scheduled one can change its day or go now; a sent one can be e-mailed again
 * (3 a day); either can go to a corrected recipient.
 */
export function GiftDeliveryActions({
  orderId,
  delivery,
  form,
  busy,
  onToggle,
  onRun,
}: {
  orderId: string;
  delivery: GiftDelivery;
  /** The form that is open, whose button says so (aria-expanded). */
  form: GiftForm;
  busy: boolean;
  onToggle: (form: Exclude<GiftForm, null>) => void;
  onRun: (change: GiftChange) => void;
}) {
  const scheduled = delivery.scheduledFor !== null;
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {scheduled ? (
          <>
            <Button
              variant="outline"
              size="sm"
              className={TAP_SM}
              onClick={() => onToggle('date')}
              aria-expanded={form === 'date'}
            >
              Change date
            </Button>
            <Button
              variant="outline"
              size="sm"
              className={TAP_SM}
              disabled={busy}
              onClick={() => onRun({ kind: 'sendNow', orderId })}
            >
              Send now
            </Button>
          </>
        ) : (
          <Button
            variant="outline"
            size="sm"
            className={TAP_SM}
            disabled={busy || delivery.resendsLeft === 0}
            onClick={() => onRun({ kind: 'resend', orderId })}
          >
            Resend e-mail
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          className={TAP_SM}
          onClick={() => onToggle('recipient')}
          aria-expanded={form === 'recipient'}
        >
          Correct recipient
        </Button>
      </div>
      {!scheduled && (
        <p className="text-xs text-gray-500">
          {delivery.resendsLeft === 0
            ? 'Resent 3 times in the last 24 hours: you can resend again tomorrow.'
            : `${delivery.resendsLeft} of 3 resends left today.`}
        </p>
      )}
    </>
  );
}
