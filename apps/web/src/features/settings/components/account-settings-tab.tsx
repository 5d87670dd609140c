import type { CurrentUser } from '@gvm/contract';
import { Button } from '@gvm/ui/button';
import { Input } from '@gvm/ui/input';
import { Label } from '@gvm/ui/label';
import { Spinner } from '@gvm/ui/spinner';
import { type FormEvent, useId, useState } from 'react';
import { failureMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUpdateAccount } from '../api/update-account';
import { nameError, phoneError } from '../lib/account-validation';
import { formatJoinedDate } from '../lib/format-joined-date';

/**
 * Settings, Account tab (docs/product/accounts.md#account-and-settings): read-only 'UGM Handle' and Email, editable
 * Full Name and Phone Number validated as the user types, 'Update Account' disabled while saving
 * or while the name is wrong.
 */
export function AccountSettingsTab({ user }: { user: CurrentUser }) {
  const [name, setName] = useState(user.consumer.name);
  const [phone, setPhone] = useState(user.consumer.phoneNumber ?? '');
  const update = useUpdateAccount();
  const ids = { handle: useId(), name: useId(), phone: useId(), email: useId() };
  const nameProblem = nameError(name);
  const phoneProblem = phoneError(phone);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (nameProblem) {
      toast.error('Please enter a valid name.');
      return;
    }
    if (phoneProblem) {
      toast.error('Please enter a valid phone number or leave it empty.');
      return;
    }
    update.mutate(
      { 'consumer.name': name.trim(), 'consumer.phoneNumber': phone.trim() },
      {
        onSuccess: () => toast.success('Your account details have been updated.'),
        onError: (error) => toast.error(failureMessage(error, 'Failed to update account details.')),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <div className="space-y-1.5">
        <Label htmlFor={ids.handle}>UGM Handle</Label>
        <Input id={ids.handle} value={user.username} readOnly disabled />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={ids.name}>Full Name</Label>
        <Input
          id={ids.name}
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={nameProblem ? true : undefined}
          aria-describedby={nameProblem ? `${ids.name}-error` : undefined}
        />
        {nameProblem && (
          <p id={`${ids.name}-error`} className="text-sm text-red-600">
            {nameProblem}
          </p>
        )}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={ids.phone}>Phone Number</Label>
        <Input
          id={ids.phone}
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          aria-invalid={phoneProblem ? true : undefined}
          aria-describedby={phoneProblem ? `${ids.phone}-error` : undefined}
        />
        {phoneProblem && (
          <p id={`${ids.phone}-error`} className="text-sm text-red-600">
            {phoneProblem}
          </p>
        )}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={ids.email}>Email</Label>
        <Input id={ids.email} type="email" value={user.email} readOnly disabled />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-500">Joined {formatJoinedDate(user.createdAt)}</p>
        <Button type="submit" disabled={update.isPending || Boolean(nameProblem)}>
          {update.isPending && <Spinner />}
          Update Account
        </Button>
      </div>
    </form>
  );
}
