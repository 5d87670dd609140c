import { ConsolePageHeading } from '@console/components/console-page-heading';
import { MoreActions } from '@console/components/more-actions';
import { type Outcome, OutcomeNote } from '@console/components/outcome-note';
import { OneActionAtATime, ReasonAction } from '@console/components/reason-action';
import { AdjustCreditForm } from '@console/features/money';
import { failureMessage } from '@console/lib/api';
import { dateTime } from '@console/lib/format';
import { useOperator } from '@console/lib/use-operator';
import { formatMoney } from '@gvm/contract/money';
import type { CustomerPage, OpsGift } from '@gvm/contract/ops-customers';
import { QueryError } from '@gvm/ui/query-error';
import { Spinner } from '@gvm/ui/spinner';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCustomer, useCustomerAction } from '../api/customers';
import { useCustomerLinks } from '../lib/customer-links';
import { VoucherTable } from './voucher-table';

/**
 * A customer's page (docs/product/operators.md#customers): profile, sign-ins, vouchers, gifts,
 * wallets, messages, and the buttons the role may use ('Sign out everywhere' for support and
 * admin, 'Disable account' / 'Enable account' for admin).
 */
export function CustomerDetail() {
  const { userId = '' } = useParams();
  return <CustomerPanel userId={userId} />;
}

/** A customer's page for `userId`: the Customers page's, or beside a chat conversation. */
export function CustomerPanel({ userId }: { userId: string }) {
  const customer = useCustomer(userId);
  if (customer.isError) {
    return (
      <>
        <ConsolePageHeading title="Customer" />
        <QueryError
          message={failureMessage(customer.error, 'The customer could not be loaded.')}
          onRetry={() => customer.refetch()}
        />
      </>
    );
  }
  if (!customer.data) return <Spinner label="Loading the customer" className="mt-6 h-6 w-6" />;
  return <CustomerView page={customer.data} />;
}

const section = 'mt-8 text-lg font-semibold text-gray-900';

function CustomerView({ page }: { page: CustomerPage }) {
  const { can } = useOperator();
  const { embedded, back } = useCustomerLinks();
  const { profile } = page;
  const [outcome, setOutcome] = useState<Outcome>(null);
  return (
    <>
      {embedded ? (
        <h2 className="break-all text-xl font-semibold text-gray-900">{profile.email}</h2>
      ) : (
        <>
          <p className="text-sm">
            <Link to={back.to} className="link">
              {back.label}
            </Link>
          </p>
          <ConsolePageHeading title={profile.email} />
        </>
      )}
      <CustomerActions page={page} onOutcome={setOutcome} />
      <OutcomeNote outcome={outcome} />

      <h2 className={section}>Profile</h2>
      <dl className="mt-2 grid max-w-2xl grid-cols-[12rem_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-700">Name</dt>
        <dd>{profile.name || '—'}</dd>
        <dt className="text-gray-700">Username</dt>
        <dd>{profile.username}</dd>
        <dt className="text-gray-700">Phone</dt>
        <dd>{profile.phoneNumber ?? '—'}</dd>
        <dt className="text-gray-700">Joined</dt>
        <dd>{dateTime(profile.createdAt)}</dd>
        <dt className="text-gray-700">E-mail verified</dt>
        <dd>{dateTime(profile.emailVerifiedAt)}</dd>
        <dt className="text-gray-700">Last sign-in</dt>
        <dd>{dateTime(profile.lastSignInAt)}</dd>
        <dt className="text-gray-700">Google linked</dt>
        <dd>{profile.googleLinked ? 'Yes' : 'No'}</dd>
        <dt className="text-gray-700">Account</dt>
        <dd>{profile.disabled ? `Disabled since ${dateTime(profile.disabledAt)}` : 'Enabled'}</dd>
      </dl>

      <h2 className={section}>Recent sign-ins</h2>
      <p className="mt-1 text-sm text-gray-700">Known from {page.knownAddresses} address(es).</p>
      {page.sessions.length === 0 ? (
        <p className="mt-2 text-gray-700">No sessions.</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {page.sessions.map((session) => (
            <li key={session.startedAt}>
              Signed in {dateTime(session.startedAt)}, last used {dateTime(session.lastUsedAt)}
              {session.endedAt ? `, ended ${dateTime(session.endedAt)}` : ', still active'}
            </li>
          ))}
        </ul>
      )}

      <h2 className={section}>Vouchers</h2>
      <VoucherTable vouchers={page.vouchers} caption={`Vouchers of ${profile.email}`} />

      <h2 className={section}>Gifts sent</h2>
      <GiftList gifts={page.giftsSent} direction="sent" />
      <h2 className={section}>Gifts received</h2>
      <GiftList gifts={page.giftsReceived} direction="received" />

      <h2 className={section}>UGM Credit</h2>
      {page.wallets.length === 0 ? (
        <p className="mt-2 text-gray-700">No wallet.</p>
      ) : (
        page.wallets.map((wallet) => (
          <div key={wallet.currency} className="mt-2">
            <p className="font-medium">
              {wallet.currency} balance: {formatMoney(wallet.balance, wallet.currency)}
            </p>
            <ul className="mt-1 space-y-1 text-sm">
              {wallet.ledger.map((entry) => (
                <li key={entry.id}>
                  {dateTime(entry.at)} · {entry.type} · {formatMoney(entry.amount, wallet.currency)}
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
      {can('money.move')
        ? (page.wallets.length > 0 ? page.wallets.map((wallet) => wallet.currency) : ['GBP']).map((currency) => (
            <div key={currency} className="mt-4 max-w-md">
              <AdjustCreditForm userId={page.profile.id} currency={currency} />
            </div>
          ))
        : null}

      <h2 className={section}>Contact messages</h2>
      {page.messages.length === 0 ? (
        <p className="mt-2 text-gray-700">No messages.</p>
      ) : (
        <ul className="mt-2 space-y-3 text-sm">
          {page.messages.map((message) => (
            <li key={message.id}>
              <p className="font-medium">
                {message.subject} · {dateTime(message.createdAt)}
              </p>
              <p className="whitespace-pre-line text-gray-800">{message.message}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function GiftList({ gifts, direction }: { gifts: readonly OpsGift[]; direction: 'sent' | 'received' }) {
  const links = useCustomerLinks();
  if (gifts.length === 0) return <p className="mt-2 text-gray-700">No gifts {direction}.</p>;
  return (
    <ul className="mt-2 space-y-1 text-sm">
      {gifts.map((gift) => (
        <li key={gift.voucherId}>
          <Link to={links.voucher(gift.voucherId)} className="link">
            {gift.merchantName} {formatMoney(gift.value, gift.currency)}
          </Link>{' '}
          {direction === 'sent' ? `to ${gift.recipientEmail}` : `from ${gift.senderEmail ?? 'a former customer'}`} ·{' '}
          {gift.delivery}
        </li>
      ))}
    </ul>
  );
}

function CustomerActions({ page, onOutcome }: { page: CustomerPage; onOutcome(outcome: Outcome): void }) {
  const { can } = useOperator();
  const act = useCustomerAction(page.profile.id);
  const run = async (action: 'sign-out' | 'disable' | 'enable', reason: string) => {
    onOutcome(null);
    try {
      const { message } = await act.mutateAsync({ action, reason });
      onOutcome({ kind: 'done', text: message });
      return true;
    } catch (failure) {
      onOutcome({ kind: 'failed', text: failureMessage(failure, 'That did not work.') });
      return false;
    }
  };
  const mayHelp = can('customers.help');
  const mayDisable = can('customers.disable');
  const moreActionsId = useId();
  if (!mayHelp && !mayDisable) return null;
  return (
    <OneActionAtATime>
      <div className="mt-4 flex flex-wrap items-start gap-3">
        {mayHelp ? (
          <ReasonAction
            label="Sign out everywhere"
            confirmLabel="Confirm sign out everywhere"
            reasonRequired={false}
            busy={act.isPending}
            onConfirm={(reason) => run('sign-out', reason)}
          />
        ) : null}
        {mayDisable && page.profile.disabled ? (
          <ReasonAction
            label="Enable account"
            confirmLabel="Confirm enable account"
            reasonRequired
            busy={act.isPending}
            onConfirm={(reason) => run('enable', reason)}
          />
        ) : null}
        <MoreActions
          id={moreActionsId}
          actions={mayDisable && !page.profile.disabled ? [{ label: 'Disable account', destructive: true }] : []}
        />
        {mayDisable && !page.profile.disabled ? (
          <ReasonAction
            label="Disable account"
            confirmLabel="Confirm disable account"
            reasonRequired
            destructive
            trigger={{ menu: moreActionsId }}
            hint="The customer is signed out everywhere and cannot sign in until enabled again."
            busy={act.isPending}
            onConfirm={(reason) => run('disable', reason)}
          />
        ) : null}
      </div>
    </OneActionAtATime>
  );
}
