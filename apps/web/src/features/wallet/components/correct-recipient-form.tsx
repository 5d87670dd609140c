import { type ChangeGiftRecipientRequest, RECIPIENT_REQUIRED_MESSAGE } from '@gvm/contract';
import { Button } from '@gvm/ui/button';
import { type FormEvent, useId, useState } from 'react';
import { RecipientFields } from '@/components/gift/recipient-fields';
import { TAP_SM } from './gift-delivery-actions';

/**
 * An unclaimed gift's corrected recipient (docs/product/vouchers-and-gifts.md#corrections-and-resends): the link already sent stops working; a gift already e-mailed goes again to the new address.
 */
export function CorrectRecipientForm({
  recipientName,
  recipientEmail,
  scheduled,
  busy,
  onSave,
  onRefuse,
}: {
  recipientName: string;
  recipientEmail: string;
  scheduled: boolean;
  busy: boolean;
  onSave: (recipient: ChangeGiftRecipientRequest) => void;
  /** Says why the form was not sent (a blank name or e-mail). */
  onRefuse: (message: string) => void;
}) {
  const id = useId();
  const [name, setName] = useState(recipientName);
  const [email, setEmail] = useState(recipientEmail);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim() || !email.trim()) {
      onRefuse(RECIPIENT_REQUIRED_MESSAGE);
      return;
    }
    onSave({ name: name.trim(), email: email.trim() });
  };

  return (
    <form onSubmit={submit} className="grid gap-2 sm:grid-cols-2">
      <RecipientFields
        idPrefix={id}
        name={name}
        email={email}
        onNameChange={setName}
        onEmailChange={setEmail}
        nameMaxLength={100}
      />
      <p className="text-xs text-gray-500 sm:col-span-2">
        The link already sent stops working at once{scheduled ? '.' : '; a new one goes to this address.'}
      </p>
      <div className="sm:col-span-2">
        <Button type="submit" size="sm" className={TAP_SM} disabled={busy}>
          Save recipient
        </Button>
      </div>
    </form>
  );
}
