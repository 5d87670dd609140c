import { formatDeliveryDay, RECIPIENT_REQUIRED_MESSAGE } from '@gvm/contract';
import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { Textarea } from '@gvm/ui/input';
import { type FormEvent, useId, useState } from 'react';
import { DeliveryDateField } from '@/components/gift/delivery-date-field';
import { RecipientFields } from '@/components/gift/recipient-fields';
import { useRecipientStore } from '@/features/cart';
import { toast } from '@/lib/toast';
import type { ProductGroup } from '../lib/checkout-lines';

const RECIPIENT_ADDED_MESSAGE = 'Recipient added successfully';

/**
 * One new gift recipient for a product (docs/product/buying.md#recipients): name and e-mail are
 * required (the e-mail's format is the input type's), the message is optional, and the day the
 * gift e-mail goes out is today unless a later one is chosen.
 */
export function RecipientForm({
  group,
  today,
  dayOrToday,
  onClose,
}: {
  group: ProductGroup;
  today: string;
  dayOrToday: (day?: string | null) => string;
  /** Called once the recipient is added, or on Cancel. */
  onClose: () => void;
}) {
  const id = useId();
  const addRecipient = useRecipientStore((state) => state.addRecipient);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  // Null (today) until a day is chosen.
  const [sendOn, setSendOn] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const recipient = { name: name.trim(), email: email.trim(), message: message.trim() };
    if (!recipient.name || !recipient.email) {
      toast.error(RECIPIENT_REQUIRED_MESSAGE);
      return;
    }
    // Recipients are removed by e-mail and product, so one address per product.
    if (group.recipients.some((r) => r.email.toLowerCase() === recipient.email.toLowerCase())) {
      toast.error(`${recipient.email} already receives a ${group.merchantName} gift card`);
      return;
    }
    addRecipient({
      productId: group.productId,
      name: recipient.name,
      email: recipient.email,
      ...(recipient.message && { message: recipient.message }),
      ...(sendOn && sendOn > today && { sendOn }),
      id: crypto.randomUUID(),
    });
    toast.success(RECIPIENT_ADDED_MESSAGE);
    onClose();
  }

  return (
    <form onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-2">
      <RecipientFields idPrefix={id} name={name} email={email} onNameChange={setName} onEmailChange={setEmail} />
      <DeliveryDateField
        id={`${id}-send-on`}
        value={sendOn ?? today}
        today={today}
        onChange={setSendOn}
        className="sm:col-span-2"
        inputClassName="sm:w-48"
        hint={
          <>
            Send on {formatDeliveryDay(dayOrToday(sendOn))}
            {sendOn && sendOn > today ? ', at 9am UK time' : ''}. The voucher is paid for and issued now.
          </>
        }
      />
      <Field id={`${id}-message`} label="Message (optional)" className="sm:col-span-2">
        {(control) => (
          <Textarea
            {...control}
            value={message}
            maxLength={500}
            onChange={(event) => setMessage(event.target.value)}
            className="min-h-20"
          />
        )}
      </Field>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" size="sm" className="h-11 sm:h-8">
          Add Recipient
        </Button>
        <Button variant="ghost" size="sm" className="h-11 sm:h-8" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
