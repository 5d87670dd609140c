import type { ActiveOrder } from '@gvm/contract';
import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { Input } from '@gvm/ui/input';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { exchangeVoucherPath } from '@/features/exchange';
import { failureMessage } from '@/lib/api-client';
import { useRedeemLink } from '../api/redeem-link';
import { REDEEM_COUNTRY } from '../lib/redeem-country';
import { redeemedState } from '../lib/redeemed-voucher';

const REDEEM_FAILED = 'Failed to redeem the gift. Please try again.';

/**
 * docs/product/vouchers-and-gifts.md#claiming-a-gift: the voucher's unique link, then 'Redeem Gift' (claim it,
 * then /confirmation) or 'Exchange Gift' (claim it, then choose another voucher of its value).
 */
export function RedeemByLink() {
  const navigate = useNavigate();
  const redeem = useRedeemLink();
  const [link, setLink] = useState('');
  const [intent, setIntent] = useState<'redeem' | 'exchange'>('redeem');
  const blank = link.trim() === '';

  function claim(next: 'redeem' | 'exchange') {
    if (blank || redeem.isPending) return;
    setIntent(next);
    redeem.mutate(link.trim(), {
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
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    claim('redeem');
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field
        id="voucher-link"
        label="Voucher link"
        error={redeem.isError ? failureMessage(redeem.error, REDEEM_FAILED) : null}
        announceError
      >
        {(control) => (
          <Input
            {...control}
            value={link}
            onChange={(event) => setLink(event.target.value)}
            placeholder="Paste the unique link from your gift e-mail"
            autoComplete="off"
          />
        )}
      </Field>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" size="lg" className="rounded-full px-8" disabled={blank || redeem.isPending}>
          {redeem.isPending && intent === 'redeem' ? 'Redeeming...' : 'Redeem Gift'}
        </Button>
        <Button
          variant="outline"
          size="lg"
          className="rounded-full px-8"
          disabled={blank || redeem.isPending}
          onClick={() => claim('exchange')}
        >
          {redeem.isPending && intent === 'exchange' ? 'Redeeming...' : 'Exchange Gift'}
        </Button>
      </div>
    </form>
  );
}
