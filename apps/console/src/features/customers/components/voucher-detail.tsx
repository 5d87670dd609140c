import { ConsolePageHeading } from '@console/components/console-page-heading';
import { MoreActions } from '@console/components/more-actions';
import { type Outcome, OutcomeNote } from '@console/components/outcome-note';
import { OneActionAtATime, ReasonAction } from '@console/components/reason-action';
import { voucherStateText } from '@console/components/state-badge';
import { useVoidVoucher } from '@console/features/money';
import { failureMessage } from '@console/lib/api';
import { dateTime } from '@console/lib/format';
import { useOperator } from '@console/lib/use-operator';
import { formatMoney } from '@gvm/contract/money';
import type { OpsVoucherPage } from '@gvm/contract/ops-customers';
import { Field } from '@gvm/ui/field';
import { Input } from '@gvm/ui/input';
import { QueryError } from '@gvm/ui/query-error';
import { Spinner } from '@gvm/ui/spinner';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useOpsVoucher, useVoucherAction, type VoucherAction } from '../api/customers';
import { useCustomerLinks } from '../lib/customer-links';

/**
 * A voucher's page (docs/product/operators.md#customers): what it is, who holds it, its gift and
 * its timeline, with only the last four characters of its code; 'Resend gift e-mail' and
 * 'Correct recipient' (support, admin) for an unclaimed gift, 'Reissue code' and 'Void voucher'
 * (finance, admin), each a button that opens its form, one at a time, and a link to its order
 * (for a voucher received in an exchange, the order that paid for the voucher it replaced),
 * where finance refunds it.
 */
export function VoucherDetail() {
  const { voucherId = '' } = useParams();
  const voucher = useOpsVoucher(voucherId);
  if (voucher.isError) {
    return (
      <>
        <ConsolePageHeading title="Voucher" />
        <QueryError
          message={failureMessage(voucher.error, 'The voucher could not be loaded.')}
          onRetry={() => voucher.refetch()}
        />
      </>
    );
  }
  if (!voucher.data) return <Spinner label="Loading the voucher" className="mt-6 h-6 w-6" />;
  return <VoucherView page={voucher.data} onChanged={() => voucher.refetch()} />;
}

function VoucherView({ page, onChanged }: { page: OpsVoucherPage; onChanged: () => void }) {
  const { voucher, gift, timeline } = page;
  const links = useCustomerLinks();
  const voucherTitle = `${voucher.merchantName} voucher, ${formatMoney(voucher.value, voucher.currency)}`;
  const [outcome, setOutcome] = useState<Outcome>(null);
  const person = (who: { id: string; email: string } | null) =>
    who ? (
      <Link to={links.customer(who.id)} className="link">
        {who.email}
      </Link>
    ) : (
      'Nobody yet'
    );
  return (
    <>
      <p className="text-sm">
        <Link to={links.back.to} className="link">
          {links.back.label}
        </Link>
      </p>
      {links.embedded ? (
        <h2 className="text-xl font-semibold text-gray-900">{voucherTitle}</h2>
      ) : (
        <ConsolePageHeading title={voucherTitle} />
      )}
      <p className="mt-2 text-sm">
        {/* A voucher received in an exchange has no checkout of its own: its id finds the order
            that paid for the voucher it replaced, which lists that one, not this. */}
        <Link to={`/ops/orders/${voucher.id}`} className="link">
          {voucher.checkoutSessionId
            ? 'Its order and refunds'
            : 'Its order and refunds (it was received in an exchange)'}
        </Link>
      </p>
      <VoucherActions page={page} onOutcome={setOutcome} onVoided={onChanged} />
      <OutcomeNote outcome={outcome} />
      <dl className="mt-6 grid max-w-2xl grid-cols-[12rem_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-700">State</dt>
        <dd>{voucherStateText[voucher.state]}</dd>
        <dt className="text-gray-700">Code</dt>
        <dd>
          {voucher.codeLast4 ? (
            <>
              <span className="font-mono">…{voucher.codeLast4}</span> (last four only)
            </>
          ) : (
            'No code yet (bought from the supplier when the holder activates)'
          )}
        </dd>
        <dt className="text-gray-700">Supplier</dt>
        <dd>{supplierWords(page.supplier, voucher.codeLast4 !== null)}</dd>
        <dt className="text-gray-700">Order id</dt>
        <dd className="break-all font-mono">{voucher.id}</dd>
        <dt className="text-gray-700">Bought by</dt>
        <dd>{person(voucher.buyer)}</dd>
        <dt className="text-gray-700">Held by</dt>
        <dd>{person(voucher.holder)}</dd>
        {gift ? (
          <>
            <dt className="text-gray-700">Gift to</dt>
            <dd className="break-all">
              {gift.recipientName} &lt;{gift.recipientEmail}&gt; · {gift.delivery}
            </dd>
          </>
        ) : null}
      </dl>
      <h2 className="mt-8 text-lg font-semibold text-gray-900">Timeline</h2>
      <ol aria-label="Timeline" className="mt-2 space-y-2 text-sm">
        {timeline.map((entry) => (
          <li
            key={`${entry.at}-${entry.kind}-${entry.by.label}-${entry.detail ?? ''}`}
            className="border-gray-200 border-l-2 pl-3"
          >
            <p>
              <span className="font-medium">{timelineWords[entry.kind]}</span> · {dateTime(entry.at)} ·{' '}
              {entry.by.type === 'system' ? 'System' : `${entry.by.label} (${entry.by.type})`}
            </p>
            {entry.detail ? <p className="text-gray-700">{entry.detail}</p> : null}
          </li>
        ))}
      </ol>
    </>
  );
}

/** Who issued the code and its reference there, or where its request stands (decision 068); never the code. */
function supplierWords({ supplier, reference, request }: OpsVoucherPage['supplier'], hasCode: boolean): string {
  const name = supplier ? (supplierNames[supplier] ?? supplier) : null;
  if (reference) return `${name ?? 'Supplier'}, reference ${reference}`;
  if (request) {
    const error = request.lastError ? ` (last error ${request.lastError})` : '';
    return `${name ?? 'Supplier'}: ${requestWords[request.state]} after ${request.attempts} attempt${request.attempts === 1 ? '' : 's'}${error}`;
  }
  if (name) return name;
  return hasCode
    ? 'None: a code made here before codes came from a supplier'
    : 'None yet: asked for when the holder activates';
}

const supplierNames: Record<string, string> = { tillo: 'Tillo', simulator: 'Supplier simulator' };
const requestWords: Record<NonNullable<OpsVoucherPage['supplier']['request']>['state'], string> = {
  pending: 'code on its way',
  issued: 'code issued',
  'no-float': 'refused for want of float',
  failed: 'refused for good',
  cancelled: 'cancelled (the voucher was exchanged, converted, refunded or voided)',
};

const timelineWords: Record<OpsVoucherPage['timeline'][number]['kind'], string> = {
  paid: 'Paid',
  issued: 'Issued',
  emailed: 'E-mailed',
  resent: 'Resent',
  'recipient-corrected': 'Recipient corrected',
  claimed: 'Claimed',
  confirmed: 'Confirmed',
  activated: 'Activated',
  exchanged: 'Exchanged',
  converted: 'Converted',
  refunded: 'Refunded',
  voided: 'Voided',
  reissued: 'Reissued',
  'added-to-apple-wallet': 'Added to Apple Wallet',
  'added-to-google-wallet': 'Added to Google Wallet',
};

function VoucherActions({
  page,
  onOutcome,
  onVoided,
}: {
  page: OpsVoucherPage;
  onOutcome(outcome: Outcome): void;
  onVoided(): void;
}) {
  const { can } = useOperator();
  const act = useVoucherAction(page.voucher.id);
  const voiding = useVoidVoucher();
  const moreActionsId = useId();
  const [name, setName] = useState(page.gift?.recipientName ?? '');
  const [email, setEmail] = useState(page.gift?.recipientEmail ?? '');
  const run = async (request: VoucherAction) => {
    onOutcome(null);
    try {
      const { message } = await act.mutateAsync(request);
      onOutcome({ kind: 'done', text: message });
      return true;
    } catch (failure) {
      onOutcome({ kind: 'failed', text: failureMessage(failure, 'That did not work.') });
      return false;
    }
  };
  // A gift whose voucher was refunded or voided is no longer available: nothing to resend or correct.
  const ended = page.voucher.state === 'refunded' || page.voucher.state === 'void';
  const pendingGift = page.gift && page.gift.delivery !== 'claimed' && !ended;
  const mayHelp = can('customers.help') && pendingGift;
  const held = page.voucher.holder && (page.voucher.state === 'active' || page.voucher.state === 'activated');
  const mayReissue = can('money.move') && held && page.voucher.codeLast4 !== null;
  // docs/product/operators.md#void-adjustments: for fraud, irreversible; the server checks the role again.
  const mayVoid = can('money.move') && (page.voucher.state === 'active' || page.voucher.state === 'activated');
  const voidIt = async (reason: string) => {
    onOutcome(null);
    try {
      const { message } = await voiding.mutateAsync({ voucherId: page.voucher.id, body: { reason } });
      onOutcome({ kind: 'done', text: message });
      onVoided();
      return true;
    } catch (failure) {
      onOutcome({ kind: 'failed', text: failureMessage(failure, 'The voucher could not be voided.') });
      return false;
    }
  };
  if (!mayHelp && !mayReissue && !mayVoid) return null;
  return (
    <OneActionAtATime>
      <div className="mt-4 flex flex-wrap items-start gap-3">
        {mayHelp && page.gift?.delivery === 'emailed' ? (
          <ReasonAction
            label="Resend gift e-mail"
            confirmLabel="Confirm resend"
            reasonRequired={false}
            busy={act.isPending}
            onConfirm={(reason) => run({ action: 'resend', reason })}
          />
        ) : null}
        {mayHelp ? (
          <ReasonAction
            label="Correct recipient"
            confirmLabel="Confirm new recipient"
            reasonRequired={false}
            busy={act.isPending}
            validate={() => (name.trim() && email.trim() ? null : 'Please enter both name and email')}
            onConfirm={(reason) =>
              run({
                action: 'correct',
                recipient: { name: name.trim(), email: email.trim(), ...(reason ? { reason } : {}) },
              })
            }
          >
            <Field label="Recipient name">
              {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} />}
            </Field>
            <Field label="Recipient email">
              {(control) => (
                <Input {...control} type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
              )}
            </Field>
          </ReasonAction>
        ) : null}
        <MoreActions
          id={moreActionsId}
          actions={[
            ...(mayReissue ? [{ label: 'Reissue code', destructive: true }] : []),
            ...(mayVoid ? [{ label: 'Void voucher', destructive: true }] : []),
          ]}
        />
        {mayReissue ? (
          <ReasonAction
            label="Reissue code"
            confirmLabel="Confirm reissue"
            reasonRequired
            destructive
            trigger={{ menu: moreActionsId }}
            hint="The code the holder has stops working; they are e-mailed that it changed."
            busy={act.isPending}
            onConfirm={(reason) => run({ action: 'reissue', reason })}
          />
        ) : null}
        {mayVoid ? (
          <ReasonAction
            label="Void voucher"
            confirmLabel="Confirm void"
            reasonRequired
            destructive
            trigger={{ menu: moreActionsId }}
            hint="Voiding cannot be undone: the code stops working."
            busy={voiding.isPending}
            onConfirm={voidIt}
          />
        ) : null}
      </div>
    </OneActionAtATime>
  );
}
