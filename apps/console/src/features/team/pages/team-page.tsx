import { ConsolePageHeading } from '@console/components/console-page-heading';
import { ReasonForm } from '@console/components/reason-action';
import { TableRegion } from '@console/components/table-region';
import { failureMessage } from '@console/lib/api';
import { type OperatorRole, operatorRoles, type TeamMember } from '@gvm/contract/ops';
import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { Input } from '@gvm/ui/input';
import { QueryError } from '@gvm/ui/query-error';
import { Select } from '@gvm/ui/select';
import { Spinner } from '@gvm/ui/spinner';
import { type FormEvent, useState } from 'react';
import { useInviteOperator, useTeam, useUpdateOperator } from '../api/team';

/** What the page last did, said plainly: a status for a success, an alert for a refusal. */
type Outcome = { kind: 'done' | 'failed'; text: string } | null;

/**
 * /ops/team (admin; docs/product/operators.md#operators-and-roles): every operator, an
 * invitation by work e-mail and role, and per operator a new role, disable or enable with a
 * reason, and a reset of two-step verification. The server's refusals (the last admin, an
 * OPS_ADMINS address, an address already invited) are shown as it words them.
 */
export function TeamPage() {
  const team = useTeam();
  const [outcome, setOutcome] = useState<Outcome>(null);
  return (
    <>
      <ConsolePageHeading title="Team" />
      <InviteForm onOutcome={setOutcome} />
      {outcome ? (
        <p
          role={outcome.kind === 'failed' ? 'alert' : 'status'}
          className={`mt-6 rounded-md border p-3 text-sm ${
            outcome.kind === 'failed'
              ? 'border-red-200 bg-red-50 text-red-800'
              : 'border-green-200 bg-green-50 text-green-900'
          }`}
        >
          {outcome.text}
        </p>
      ) : null}
      <h2 className="mt-8 text-lg font-semibold text-gray-900">Operators</h2>
      {team.isError ? (
        <QueryError
          message={failureMessage(team.error, 'The team could not be loaded.')}
          onRetry={() => team.refetch()}
        />
      ) : team.data ? (
        <TableRegion label="Operators">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="border-gray-200 border-b text-gray-700">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Email
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Role
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Status
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Two-step verification
                </th>
                <th scope="col" className="py-2 font-medium">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {team.data.operators.map((member) => (
                <MemberRow key={member.id} member={member} onOutcome={setOutcome} />
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : (
        <Spinner label="Loading the team" className="mt-4 h-6 w-6" />
      )}
    </>
  );
}

function InviteForm({ onOutcome }: { onOutcome(outcome: Outcome): void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');
  const [error, setError] = useState<string | null>(null);
  const invite = useInviteOperator();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    onOutcome(null);
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (member) => {
          setEmail('');
          onOutcome({
            kind: 'done',
            text: `${member.email} is invited as ${member.role}. They sign in at /ops/login with that address.`,
          });
        },
        onError: (failure) => setError(failureMessage(failure, 'The invitation could not be sent.')),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="invite-heading" className="mt-6 max-w-xl space-y-4">
      <h2 id="invite-heading" className="text-lg font-semibold text-gray-900">
        Invite an operator
      </h2>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <Field id="invite-email" label="Work email" error={error} announceError>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
        <Field id="invite-role" label="Role">
          {(control) => (
            <Select {...control} value={role} onChange={(event) => setRole(event.target.value as OperatorRole)}>
              {operatorRoles.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? 'Inviting…' : 'Invite'}
      </Button>
    </form>
  );
}

type RowAction = 'disable' | 'enable' | 'reset' | null;

function MemberRow({ member, onOutcome }: { member: TeamMember; onOutcome(outcome: Outcome): void }) {
  const [role, setRole] = useState<OperatorRole>(member.role);
  const [action, setAction] = useState<RowAction>(null);
  const update = useUpdateOperator();

  function change(patch: Parameters<typeof update.mutate>[0]['change'], done: string) {
    onOutcome(null);
    update.mutate(
      { operatorId: member.id, change: patch },
      {
        onSuccess: () => {
          setAction(null);
          onOutcome({ kind: 'done', text: done });
        },
        onError: (failure) => {
          setRole(member.role);
          onOutcome({ kind: 'failed', text: failureMessage(failure, `${member.email} could not be changed.`) });
        },
      },
    );
  }

  return (
    <tr className="border-gray-100 border-b align-top">
      <td className="py-3 pr-4 break-all text-gray-900">{member.email}</td>
      <td className="py-3 pr-4">
        <div className="flex items-center gap-2">
          <Select
            aria-label={`Role of ${member.email}`}
            value={role}
            onChange={(event) => setRole(event.target.value as OperatorRole)}
            className="w-36"
          >
            {operatorRoles.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
          {role !== member.role ? (
            <Button
              size="sm"
              disabled={update.isPending}
              onClick={() => change({ role }, `${member.email} is now ${role}.`)}
            >
              Save role
            </Button>
          ) : null}
        </div>
      </td>
      <td className="py-3 pr-4">{member.disabled ? 'Disabled' : 'Active'}</td>
      <td className="py-3 pr-4">{member.twoStepSetUp ? 'Set up' : 'Not set up'}</td>
      <td className="py-3">
        {action ? (
          <ReasonForm
            name={`${actionWords[action]} ${member.email}`}
            className="space-y-2"
            reasonLabel="Reason"
            reasonRequired
            confirmLabel={`Confirm ${actionWords[action].toLowerCase()}`}
            destructive={action !== 'enable'}
            busy={update.isPending}
            buttonSize="sm"
            onCancel={() => setAction(null)}
            onConfirm={(reason) => {
              if (action === 'reset')
                change(
                  { resetTwoStep: true, reason },
                  `${member.email} sets up two-step verification again at their next sign-in.`,
                );
              else change({ disabled: action === 'disable', reason }, `${member.email} is ${action}d.`);
            }}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            {member.disabled ? (
              <Button size="sm" variant="outline" onClick={() => setAction('enable')}>
                Enable
              </Button>
            ) : (
              <Button size="sm" variant="outline" onClick={() => setAction('disable')}>
                Disable
              </Button>
            )}
            {member.twoStepSetUp ? (
              <Button size="sm" variant="outline" onClick={() => setAction('reset')}>
                Reset two-step
              </Button>
            ) : null}
          </div>
        )}
      </td>
    </tr>
  );
}

const actionWords: Record<Exclude<RowAction, null>, string> = {
  disable: 'Disable',
  enable: 'Enable',
  reset: 'Reset two-step',
};
