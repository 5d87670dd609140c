import {
  formatDeliveryDay,
  GIFT_TIME_ZONE,
  type GiftHistoryEntry,
  oneYearAfter,
  RECIPIENT_REQUIRED_MESSAGE,
  type TransferredOrder,
  ukDayOf,
} from '@gvm/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toApiError } from '@/lib/api-client';
import { useChangeGift } from '../api/gift-delivery';

/**
 * Made on first use: a browser's first `Intl.DateTimeFormat` with a time zone takes tens of
 * milliseconds (decision 037); only a gift with a history needs one.
 */
let timeFormat: Intl.DateTimeFormat | undefined;

function historyTime(at: string): string {
  timeFormat ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: GIFT_TIME_ZONE,
  });
  return timeFormat.format(new Date(at));
}

function historyText(entry: GiftHistoryEntry): string {
  const day = entry.sendOn ? formatDeliveryDay(entry.sendOn) : '';
  switch (entry.kind) {
    case 'scheduled':
      return `Scheduled for ${day}`;
    case 'rescheduled':
      return `Delivery date changed to ${day}`;
    case 'recipient_changed':
      return `Recipient changed from ${entry.previousName} (${entry.previousEmail}) to ${entry.name} (${entry.email})`;
    case 'sent':
      return `Gift e-mail sent to ${entry.email}`;
    case 'resent':
      return `Gift e-mail resent to ${entry.email}`;
    case 'reminded':
      return `Reminder sent to ${entry.email}`;
  }
}

type Form = 'date' | 'recipient' | null;

/** A phone's finger needs 44 px (WCAG 2.5.5); from `sm` up the small buttons and fields are compact. */
const TAP_SM = 'h-11 sm:h-8';
const FIELD = 'h-11 sm:h-10';

/**
 * A sent gift's delivery on its Sent card (decision 025): while unclaimed, change the day or send now
 * (scheduled), resend (e-mailed; 3 a day) or correct the recipient; always, its history.
 */
export function GiftDeliveryPanel({ order }: { order: TransferredOrder }) {
  const id = useId();
  const change = useChangeGift();
  const delivery = order.delivery;
  const [form, setForm] = useState<Form>(null);
  const [sendOn, setSendOn] = useState(delivery?.scheduledFor ?? '');
  const [name, setName] = useState(order.recipientName);
  const [email, setEmail] = useState(delivery?.recipientEmail ?? '');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  if (!delivery) return null;
  const pending = order.latestAction === 'pending';
  const scheduled = delivery.scheduledFor !== null;
  const today = ukDayOf(new Date());

  const run = (request: Parameters<typeof change.mutate>[0]) => {
    setOutcome(null);
    change.mutate(request, {
      onSuccess: (answer) => {
        setOutcome({ ok: true, text: answer.message });
        setForm(null);
      },
      onError: (error) => setOutcome({ ok: false, text: toApiError(error).message }),
    });
  };

  const saveDate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sendOn) run({ kind: 'reschedule', orderId: order.orderId, sendOn });
  };

  const saveRecipient = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim() || !email.trim()) {
      setOutcome({ ok: false, text: RECIPIENT_REQUIRED_MESSAGE });
      return;
    }
    run({ kind: 'changeRecipient', orderId: order.orderId, recipient: { name: name.trim(), email: email.trim() } });
  };

  const toggle = (next: Form) => {
    setOutcome(null);
    setForm((current) => (current === next ? null : next));
  };

  return (
    <div className="space-y-3 border-t border-gray-100 pt-3 text-sm">
      <p className="truncate text-gray-600">{delivery.recipientEmail}</p>
      {pending && (
        <div className="flex flex-wrap gap-2">
          {scheduled ? (
            <>
              <Button
                variant="outline"
                size="sm"
                className={TAP_SM}
                onClick={() => toggle('date')}
                aria-expanded={form === 'date'}
              >
                Change date
              </Button>
              <Button
                variant="outline"
                size="sm"
                className={TAP_SM}
                disabled={change.isPending}
                onClick={() => run({ kind: 'sendNow', orderId: order.orderId })}
              >
                Send now
              </Button>
            </>
          ) : (
            <Button
              variant="outline"
              size="sm"
              className={TAP_SM}
              disabled={change.isPending || delivery.resendsLeft === 0}
              onClick={() => run({ kind: 'resend', orderId: order.orderId })}
            >
              Resend e-mail
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            className={TAP_SM}
            onClick={() => toggle('recipient')}
            aria-expanded={form === 'recipient'}
          >
            Correct recipient
          </Button>
        </div>
      )}
      {pending && !scheduled && (
        <p className="text-xs text-gray-500">
          {delivery.resendsLeft === 0
            ? 'Resent 3 times in the last 24 hours: you can resend again tomorrow.'
            : `${delivery.resendsLeft} of 3 resends left today.`}
        </p>
      )}
      {pending && form === 'date' && (
        <form onSubmit={saveDate} className="flex flex-wrap items-end gap-2">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-send-on`} className="block">
              Delivery date
            </Label>
            <Input
              id={`${id}-send-on`}
              type="date"
              value={sendOn}
              min={today}
              max={oneYearAfter(today)}
              required
              onChange={(event) => setSendOn(event.target.value)}
              className={`${FIELD} w-44`}
            />
          </div>
          {/* As tall as the date field beside it. */}
          <Button type="submit" size="sm" className="h-11 sm:h-10" disabled={change.isPending}>
            Save date
          </Button>
        </form>
      )}
      {pending && form === 'recipient' && (
        <form onSubmit={saveRecipient} className="grid gap-2 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-name`}>Recipient name</Label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={100}
              autoComplete="off"
              className={FIELD}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-email`}>Recipient email</Label>
            <Input
              id={`${id}-email`}
              type="email"
              value={email}
              autoComplete="off"
              className={FIELD}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <p className="text-xs text-gray-500 sm:col-span-2">
            The link already sent stops working at once{scheduled ? '.' : '; a new one goes to this address.'}
          </p>
          <div className="sm:col-span-2">
            <Button type="submit" size="sm" className={TAP_SM} disabled={change.isPending}>
              Save recipient
            </Button>
          </div>
        </form>
      )}
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-green-700' : 'text-red-600'}>
          {outcome.text}
        </p>
      )}
      {delivery.history.length > 0 && (
        <details>
          <summary className="cursor-pointer py-3 text-gray-700 sm:py-0">History</summary>
          <ol aria-label="Gift history" className="mt-2 space-y-1 text-gray-600">
            {delivery.history.map((entry) => (
              <li key={`${entry.kind}-${entry.at}-${entry.email ?? entry.sendOn ?? ''}`} className="break-words">
                <time dateTime={entry.at} className="text-gray-500">
                  {historyTime(entry.at)}
                </time>{' '}
                {historyText(entry)}
              </li>
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}
