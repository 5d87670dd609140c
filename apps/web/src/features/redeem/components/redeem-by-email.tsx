import type { ActiveOrder, PendingVoucher } from '@gvm/contract';
import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { Input } from '@gvm/ui/input';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { exchangeVoucherPath } from '@/features/exchange';
import { failureMessage } from '@/lib/api-client';
import { useConfirmClaim } from '../api/confirm-claim';
import { useFindGiftsBySender } from '../api/find-gifts-by-sender';
import { REDEEM_COUNTRY } from '../lib/redeem-country';
import { redeemedState } from '../lib/redeemed-voucher';
import { isSearchableSenderEmail } from '../lib/sender-email';
import { PendingVoucherOption } from './pending-voucher-option';

const FIND_FAILED = 'Failed to find gifts from this sender.';
const CLAIM_FAILED = 'Failed to redeem the gift. Please try again.';

/**
 * docs/product/vouchers-and-gifts.md#claiming-a-gift: the sender's e-mail finds the pending gifts they sent to
 * the caller; one is chosen, then redeemed (confirm-claim, then /confirmation) or exchanged.
 * Errors show the server's own text inline (docs/product/README.md#web-client).
 */
export function RedeemByEmail() {
  const navigate = useNavigate();
  const find = useFindGiftsBySender();
  const claim = useConfirmClaim();
  const [senderEmail, setSenderEmail] = useState('');
  /** The sender the shown list belongs to, so a claim names that sender even if the field changes. */
  const [searched, setSearched] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [intent, setIntent] = useState<'redeem' | 'exchange'>('redeem');
  const canFind = isSearchableSenderEmail(senderEmail) && !find.isPending;
  const pending: PendingVoucher[] = find.data ?? [];
  const selected = pending.find((voucher) => voucher.orderId === selectedId) ?? null;

  function search(event: FormEvent) {
    event.preventDefault();
    if (!canFind) return;
    const email = senderEmail.trim();
    setSelectedId(null);
    claim.reset();
    find.mutate(email, { onSuccess: () => setSearched(email) });
  }

  function redeem(next: 'redeem' | 'exchange') {
    if (!selected || claim.isPending) return;
    setIntent(next);
    claim.mutate(
      { orderId: selected.orderId, senderEmail: searched },
      {
        onSuccess: (order: ActiveOrder) => {
          if (next === 'redeem') navigate(paths.confirmation, { state: redeemedState(order) });
          else
            navigate(
              exchangeVoucherPath({
                id: order._id,
                amount: order.valuePurchased,
                country: REDEEM_COUNTRY,
                currency: order.currency,
              }),
            );
        },
      },
    );
  }

  return (
    <div className="space-y-6">
      <form onSubmit={search} className="space-y-4" noValidate>
        <Field
          id="sender-email"
          label="Sender's email"
          error={find.isError ? failureMessage(find.error, FIND_FAILED) : null}
          announceError
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              value={senderEmail}
              onChange={(event) => setSenderEmail(event.target.value)}
              placeholder="The e-mail address of the person who sent your gift"
              autoComplete="off"
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="rounded-full px-8" disabled={!canFind}>
          {find.isPending ? 'Finding...' : 'Find Gift'}
        </Button>
      </form>
      {find.isSuccess && pending.length === 0 && <p className="text-gray-600">No pending gifts from {searched}.</p>}
      {pending.length > 0 && (
        <fieldset className="min-w-0 space-y-4">
          <legend className="text-lg font-semibold">Pending gifts from {searched}</legend>
          <ul className="grid gap-3 sm:grid-cols-2">
            {pending.map((voucher) => (
              <PendingVoucherOption
                key={voucher.orderId}
                voucher={voucher}
                selected={voucher.orderId === selectedId}
                onSelect={() => setSelectedId(voucher.orderId)}
              />
            ))}
          </ul>
          {claim.isError && (
            <p role="alert" className="text-sm text-red-600">
              {failureMessage(claim.error, CLAIM_FAILED)}
            </p>
          )}
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button
              size="lg"
              className="rounded-full px-8"
              disabled={!selected || claim.isPending}
              onClick={() => redeem('redeem')}
            >
              {claim.isPending && intent === 'redeem' ? 'Redeeming...' : 'Redeem Gift'}
            </Button>
            <Button
              variant="outline"
              size="lg"
              className="rounded-full px-8"
              disabled={!selected || claim.isPending}
              onClick={() => redeem('exchange')}
            >
              {claim.isPending && intent === 'exchange' ? 'Redeeming...' : 'Exchange Gift'}
            </Button>
          </div>
        </fieldset>
      )}
    </div>
  );
}
