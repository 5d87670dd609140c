import { ConsolePageHeading } from '@console/components/console-page-heading';
import { type Outcome, OutcomeNote } from '@console/components/outcome-note';
import { failureMessage } from '@console/lib/api';
import { useOperator } from '@console/lib/use-operator';
import type { Approval } from '@gvm/contract/ops-money';
import { Button } from '@gvm/ui/button';
import { moneyText } from '@gvm/ui/money';
import { QueryError } from '@gvm/ui/query-error';
import { Spinner } from '@gvm/ui/spinner';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApprovals, useDecideApproval } from '../api/money';

/**
 * /ops/approvals (docs/product/operators.md#approvals): refunds and adjustments past the £250 limit waiting
 * for a second finance operator or admin. The one who asked sees theirs without the buttons; the
 * server refuses them anyway.
 */
export function ApprovalsPage() {
  const approvals = useApprovals();
  const [outcome, setOutcome] = useState<Outcome>(null);
  // Held here, not by the item: a decided item leaves the list, and the page still says what happened.
  const deciding = useDecideApproval();
  const decide = (approvalId: string, decision: 'approve' | 'reject') => {
    setOutcome(null);
    deciding.mutate(
      { approvalId, decision },
      {
        onSuccess: (answer) => setOutcome({ kind: 'done', text: answer.message }),
        onError: (failure) =>
          setOutcome({ kind: 'failed', text: failureMessage(failure, 'The decision could not be saved.') }),
      },
    );
  };
  return (
    <>
      <ConsolePageHeading title="Approvals" />
      <OutcomeNote outcome={outcome} />
      {approvals.isError ? (
        <QueryError
          message={failureMessage(approvals.error, 'The approvals could not be loaded.')}
          onRetry={() => approvals.refetch()}
        />
      ) : approvals.data ? (
        approvals.data.approvals.length === 0 ? (
          <p className="mt-4 text-gray-700">Nothing is waiting for approval.</p>
        ) : (
          <ul className="mt-4 space-y-3">
            {approvals.data.approvals.map((approval) => (
              <ApprovalItem key={approval.id} approval={approval} busy={deciding.isPending} onDecide={decide} />
            ))}
          </ul>
        )
      ) : (
        <Spinner label="Loading the approvals" className="mt-4 h-6 w-6" />
      )}
    </>
  );
}

function ApprovalItem({
  approval,
  busy,
  onDecide,
}: {
  approval: Approval;
  busy: boolean;
  onDecide(approvalId: string, decision: 'approve' | 'reject'): void;
}) {
  const { id: me } = useOperator();
  const own = approval.requestedBy.id === me;
  const what =
    approval.kind === 'refund'
      ? `Refund of ${moneyText(approval.amount, approval.currency)} to ${approval.refundTo === 'card' ? 'the original card' : 'UGM Credit'}`
      : `Credit adjustment of ${moneyText(approval.amount, approval.currency)}`;
  return (
    <li className="rounded-md border border-gray-200 p-4 text-sm" aria-label={what}>
      <p className="font-medium text-gray-900">{what}</p>
      <p className="mt-1 text-gray-700">
        For {approval.customer.email}
        {approval.orderId ? (
          <>
            {' '}
            (
            <Link to={`/ops/orders/${approval.orderId}`} className="link">
              order {approval.orderId.slice(0, 8)}
            </Link>
            )
          </>
        ) : null}
        . Reason: {approval.reason}. Asked by {approval.requestedBy.email} on{' '}
        {new Date(approval.createdAt).toLocaleString('en-GB')}.
      </p>
      {own ? (
        <p className="mt-2 text-gray-600">You asked for this: another finance operator or admin decides it.</p>
      ) : (
        <div className="mt-3 flex gap-2">
          <Button onClick={() => onDecide(approval.id, 'approve')} disabled={busy}>
            Approve
          </Button>
          <Button variant="outline" onClick={() => onDecide(approval.id, 'reject')} disabled={busy}>
            Reject
          </Button>
        </div>
      )}
    </li>
  );
}
