import { ukDayOf } from '@gvm/contract';
import { Button } from '@gvm/ui/button';
import { type FormEvent, useId, useState } from 'react';
import { DeliveryDateField } from '@/components/gift/delivery-date-field';

/** A scheduled gift's new delivery day (docs/product/vouchers-and-gifts.md#scheduled-delivery). */
export function RescheduleGiftForm({
  scheduledFor,
  busy,
  onSave,
}: {
  scheduledFor: string;
  busy: boolean;
  onSave: (sendOn: string) => void;
}) {
  const id = useId();
  const [sendOn, setSendOn] = useState(scheduledFor);
  const today = ukDayOf(new Date());

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sendOn) onSave(sendOn);
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <DeliveryDateField
        id={`${id}-send-on`}
        value={sendOn}
        today={today}
        onChange={setSendOn}
        required
        inputClassName="w-44"
      />
      {/* As tall as the date field beside it. */}
      <Button type="submit" size="sm" className="h-11 sm:h-10" disabled={busy}>
        Save date
      </Button>
    </form>
  );
}
