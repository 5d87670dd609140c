import { ConsolePageHeading } from '@console/components/console-page-heading';
import { type Outcome, OutcomeNote } from '@console/components/outcome-note';
import { ReasonAction } from '@console/components/reason-action';
import { failureMessage } from '@console/lib/api';
import type { WaitingCode } from '@gvm/contract/ops-money';
import { moneyText } from '@gvm/ui/money';
import { QueryError } from '@gvm/ui/query-error';
import { Spinner } from '@gvm/ui/spinner';
import { useState } from 'react';
import { Link } from 'react-router';
import { useRetryCode, useWaitingCodes } from '../api/codes';

/** Where a waiting code stands, in words. */
const stateWords: Record<WaitingCode['state'], string> = {
  pending: 'On its way',
  'no-float': 'Refused: no float',
  failed: 'Refused',
};

const when = (at: string) => new Date(at).toLocaleString('en-GB');

/**
 * /ops/codes (docs/product/operators.md#codes-from-the-supplier): the vouchers whose code the
 * supplier has not issued, oldest ask first: on their way (retried by the worker until they come)
 * or refused (for want of float, or for good). 'Retry now' asks the supplier at once and is
 * audited; the holder is e-mailed when the code comes. Never a code here.
 */
export function CodesPage() {
  const codes = useWaitingCodes();
  const retry = useRetryCode();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const retryNow = async (voucherId: string, reason: string) => {
    setOutcome(null);
    try {
      const answer = await retry.mutateAsync({ voucherId, reason });
      setOutcome({ kind: answer.outcome === 'issued' ? 'done' : 'failed', text: answer.message });
      return true;
    } catch (failure) {
      setOutcome({ kind: 'failed', text: failureMessage(failure, 'The retry could not be made.') });
      return false;
    }
  };
  return (
    <>
      <ConsolePageHeading title="Supplier codes" />
      <h2 className="mt-2 text-lg font-semibold text-gray-900">Codes waiting for the supplier</h2>
      <OutcomeNote outcome={outcome} />
      {codes.isError ? (
        <QueryError
          message={failureMessage(codes.error, 'The codes could not be loaded.')}
          onRetry={() => codes.refetch()}
        />
      ) : codes.data ? (
        codes.data.codes.length === 0 ? (
          <p className="mt-4 text-gray-700">No code is waiting for the supplier.</p>
        ) : (
          <ul aria-label="Codes waiting for the supplier" className="mt-4 space-y-3">
            {codes.data.codes.map((code) => (
              <li
                key={code.voucherId}
                aria-label={`${code.merchantName} ${moneyText(code.value, code.currency)}`}
                className="rounded-md border border-gray-200 p-4 text-sm"
              >
                <p className="font-medium text-gray-900">
                  <Link to={`/ops/customers/vouchers/${code.voucherId}`} className="link">
                    {code.merchantName} {moneyText(code.value, code.currency)}
                  </Link>{' '}
                  · {stateWords[code.state]}
                </p>
                <p className="mt-1 text-gray-700">
                  Held by {code.holder?.email ?? 'nobody'}. Asked {when(code.requestedAt)}; {code.attempts} attempt
                  {code.attempts === 1 ? '' : 's'} at {code.supplier} (brand {code.brand})
                  {code.nextAttemptAt ? `; next ${when(code.nextAttemptAt)}` : ''}.
                </p>
                {code.lastError ? <p className="mt-1 text-gray-700">Last error: {code.lastError}</p> : null}
                <div className="mt-3">
                  <ReasonAction
                    label="Retry now"
                    confirmLabel="Confirm retry"
                    reasonRequired={false}
                    busy={retry.isPending}
                    onConfirm={(reason) => retryNow(code.voucherId, reason)}
                  />
                </div>
              </li>
            ))}
          </ul>
        )
      ) : (
        <Spinner label="Loading the codes" className="mt-4 h-6 w-6" />
      )}
    </>
  );
}
