import type { TransferredOrder } from '@gvm/contract';
import { useState } from 'react';
import { toApiError } from '@/lib/api-client';
import { type GiftChange, useChangeGift } from '../api/gift-delivery';
import { CorrectRecipientForm } from './correct-recipient-form';
import { GiftDeliveryActions, type GiftForm } from './gift-delivery-actions';
import { GiftHistory } from './gift-history';
import { RescheduleGiftForm } from './reschedule-gift-form';

/**
 * A sent gift's delivery on its Sent card (docs/product/vouchers-and-gifts.md#corrections-and-resends): while unclaimed, its actions and the form one of them opens; the server's answer to
 * the last change; always, its history.
 */
export function GiftDeliveryPanel({ order }: { order: TransferredOrder }) {
  const change = useChangeGift();
  const [form, setForm] = useState<GiftForm>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const delivery = order.delivery;
  if (!delivery) return null;
  const pending = order.latestAction === 'pending';

  const run = (request: GiftChange) => {
    setOutcome(null);
    change.mutate(request, {
      onSuccess: (answer) => {
        setOutcome({ ok: true, text: answer.message });
        setForm(null);
      },
      onError: (error) => setOutcome({ ok: false, text: toApiError(error).message }),
    });
  };

  const toggle = (next: Exclude<GiftForm, null>) => {
    setOutcome(null);
    setForm((current) => (current === next ? null : next));
  };

  return (
    <div className="space-y-3 border-t border-gray-100 pt-3 text-sm">
      <p className="truncate text-gray-600">{delivery.recipientEmail}</p>
      {pending && (
        <GiftDeliveryActions
          orderId={order.orderId}
          delivery={delivery}
          form={form}
          busy={change.isPending}
          onToggle={toggle}
          onRun={run}
        />
      )}
      {pending && form === 'date' && (
        <RescheduleGiftForm
          scheduledFor={delivery.scheduledFor ?? ''}
          busy={change.isPending}
          onSave={(sendOn) => run({ kind: 'reschedule', orderId: order.orderId, sendOn })}
        />
      )}
      {pending && form === 'recipient' && (
        <CorrectRecipientForm
          recipientName={order.recipientName}
          recipientEmail={delivery.recipientEmail}
          scheduled={delivery.scheduledFor !== null}
          busy={change.isPending}
          onSave={(recipient) => run({ kind: 'changeRecipient', orderId: order.orderId, recipient })}
          onRefuse={(text) => setOutcome({ ok: false, text })}
        />
      )}
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-green-700' : 'text-red-600'}>
          {outcome.text}
        </p>
      )}
      <GiftHistory history={delivery.history} />
    </div>
  );
}
