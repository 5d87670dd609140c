import { formatDeliveryDay, oneYearAfter, RECIPIENT_REQUIRED_MESSAGE, ukDayOf } from '@gvm/contract';
import { Gift, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useRecipientStore } from '@/features/cart';
import { toast } from '@/lib/toast';
import type { ProductGroup } from '../lib/checkout-lines';

const RECIPIENT_ADDED_MESSAGE = 'Recipient added successfully';

/**
 * docs/product/buying.md#recipients: a gift recipient per voucher of a product (name, e-mail, optional
 * message). Name and e-mail are both required; the e-mail format is checked by the input type.
 */
export function RecipientEntry({ group }: { group: ProductGroup }) {
  const id = useId();
  const addRecipient = useRecipientStore((state) => state.addRecipient);
  const removeRecipient = useRecipientStore((state) => state.removeRecipient);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  // Decision 025: the day the gift e-mail goes out, up to a year ahead; null (today) until one is chosen.
  const [sendOn, setSendOn] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const full = group.recipients.length >= group.units;
  // The UK day is read only when a day is on screen: a browser's first time-zone format costs a
  // phone tens of milliseconds, and the page opens with the form closed (decision 037).
  const today = open || group.recipients.length > 0 ? ukDayOf(new Date()) : '';
  // A day that has passed (the cart waited) or none: the gift goes with the payment.
  const dayOrToday = (day?: string | null) => (day && day > today ? day : today);

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
    setName('');
    setEmail('');
    setMessage('');
    setSendOn(null);
    setOpen(false);
  }

  return (
    <div className="mt-4 rounded-xl border border-dashed border-gray-300 bg-gray-50/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <p className="flex items-center gap-2 text-sm font-medium whitespace-nowrap text-gray-800">
          <Gift aria-hidden="true" className="h-4 w-4 text-brand-600" />
          Gift recipients{' '}
          <span className="font-normal text-gray-500">
            ({group.recipients.length} of {group.units})
          </span>
        </p>
        {!full && !open && (
          <Button variant="outline" size="sm" className="h-11 whitespace-nowrap sm:h-8" onClick={() => setOpen(true)}>
            Send as a gift
          </Button>
        )}
      </div>
      {group.recipients.length > 0 && (
        <ul aria-label={`${group.merchantName} gift recipients`} className="mt-3 space-y-2">
          {group.recipients.map((recipient) => (
            <li
              key={recipient.id ?? recipient.email}
              className="flex items-start justify-between gap-3 rounded-lg bg-white p-3 text-sm shadow-xs"
            >
              <div className="min-w-0">
                <p className="truncate font-medium text-gray-900">{recipient.name}</p>
                <p className="truncate text-gray-500">{recipient.email}</p>
                {recipient.message && <p className="mt-1 break-words text-gray-600">“{recipient.message}”</p>}
                <p className="mt-1 text-gray-600">Send on {formatDeliveryDay(dayOrToday(recipient.sendOn))}</p>
              </div>
              <button
                type="button"
                onClick={() => removeRecipient(recipient.email, recipient.productId)}
                aria-label={`Remove recipient ${recipient.name}`}
                className="-my-2.5 -mr-2.5 flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-gray-400 hover:bg-red-50 hover:text-red-600"
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {!full && open && (
        <form onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-name`}>Recipient name</Label>
            <Input
              id={`${id}-name`}
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="off"
              className="h-11 sm:h-10"
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-email`}>Recipient email</Label>
            <Input
              id={`${id}-email`}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="off"
              className="h-11 sm:h-10"
            />
          </div>
          <div className="space-y-1.5 sm:col-span-2">
            <Label htmlFor={`${id}-send-on`} className="block">
              Delivery date
            </Label>
            <Input
              id={`${id}-send-on`}
              type="date"
              value={sendOn ?? today}
              min={today}
              max={oneYearAfter(today)}
              onChange={(e) => setSendOn(e.target.value)}
              className="h-11 sm:h-10 sm:w-48"
              aria-describedby={`${id}-send-on-hint`}
            />
            <p id={`${id}-send-on-hint`} className="text-xs text-gray-500">
              Send on {formatDeliveryDay(dayOrToday(sendOn))}
              {sendOn && sendOn > today ? ', at 9am UK time' : ''}. The voucher is paid for and issued now.
            </p>
          </div>
          <div className="space-y-1.5 sm:col-span-2">
            <Label htmlFor={`${id}-message`}>Message (optional)</Label>
            <Textarea
              id={`${id}-message`}
              value={message}
              maxLength={500}
              onChange={(e) => setMessage(e.target.value)}
              className="min-h-20"
            />
          </div>
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" size="sm" className="h-11 sm:h-8">
              Add Recipient
            </Button>
            <Button variant="ghost" size="sm" className="h-11 sm:h-8" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      <p className="mt-3 text-xs text-gray-500">
        {full
          ? 'Every voucher of this gift card goes to a recipient.'
          : 'Vouchers without a recipient are added to your own account.'}
      </p>
    </div>
  );
}
