import { ConsolePageHeading } from '@console/components/console-page-heading';
import { ItemPage, Loaded, QueueTable, Thread } from '@console/components/inbox-parts';
import { type Outcome, OutcomeNote } from '@console/components/outcome-note';
import { ReasonForm } from '@console/components/reason-action';
import { failureMessage } from '@console/lib/api';
import { dateTime } from '@console/lib/format';
import {
  type ApplicationDetail,
  type ApplicationStatus,
  applicationStatuses,
  applicationStatusNames,
} from '@gvm/contract/ops-inbox';
import { businessCategoryOptions } from '@gvm/contract/outreach';
import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { Textarea } from '@gvm/ui/input';
import { type FormEvent, useState } from 'react';
import { Link, useParams, useRoutes } from 'react-router';
import { useAddApplicationNote, useApplication, useApplications, useSetApplicationStatus } from '../api/partners';

/**
 * /ops/partners (partnerships, admin; docs/product/operators.md#partners): applications from
 * /partners as a queue by state, and an application's page with its notes, 'Start review',
 * 'Accept' and 'Reject' (the last two e-mail the applicant and are final).
 */
export function PartnersPage() {
  // Route objects through useRoutes, as the console's own routes (pages/console-page.tsx).
  return useRoutes([
    { index: true, element: <Queue /> },
    { path: ':applicationId', element: <ApplicationView /> },
  ]);
}

const categoryName = (value: string | null) =>
  businessCategoryOptions.find((option) => option.value === value)?.name ?? 'Not given';

function Queue() {
  const [state, setState] = useState<ApplicationStatus | 'all'>('new');
  const applications = useApplications(state === 'all' ? {} : { status: state });
  return (
    <>
      <ConsolePageHeading title="Partners" />
      <fieldset className="mt-6 flex flex-wrap gap-2">
        <legend className="sr-only">Applications by state</legend>
        {[...applicationStatuses, 'all' as const].map((option) => (
          <Button
            key={option}
            size="sm"
            variant={state === option ? 'primary' : 'outline'}
            aria-pressed={state === option}
            onClick={() => setState(option)}
          >
            {option === 'all' ? 'All' : applicationStatusNames[option]}
          </Button>
        ))}
      </fieldset>
      <Loaded query={applications} failure="The applications could not be loaded." loading="Loading the applications">
        {(data) => (
          <QueueTable
            items={data.applications}
            empty="No applications."
            headings={['Company', 'Contact', 'Category', 'State', 'Notes', 'Received']}
            cells={(application) => (
              <>
                <td className="py-3 pr-4">
                  <Link to={application.id} className="link">
                    {application.companyName}
                  </Link>
                </td>
                <td className="py-3 pr-4">
                  {application.contactName}
                  <div className="break-all text-gray-600">{application.businessEmail}</div>
                </td>
                <td className="py-3 pr-4">{categoryName(application.businessCategory)}</td>
                <td className="py-3 pr-4">{applicationStatusNames[application.status]}</td>
                <td className="py-3 pr-4">{application.notes}</td>
                <td className="py-3 whitespace-nowrap">{dateTime(application.createdAt)}</td>
              </>
            )}
          />
        )}
      </Loaded>
    </>
  );
}

function ApplicationView() {
  const { applicationId = '' } = useParams();
  const application = useApplication(applicationId);
  return (
    <ItemPage
      back="/ops/partners"
      backLabel="Back to partners"
      query={application}
      failure="The application could not be loaded."
      loading="Loading the application"
    >
      {(data) => <ApplicationBody application={data} />}
    </ItemPage>
  );
}

type Decision = 'accepted' | 'rejected';
const decisionWords: Record<Decision, { button: string; confirm: string; done: string }> = {
  accepted: { button: 'Accept', confirm: 'Confirm accept', done: 'The application is accepted' },
  rejected: { button: 'Reject', confirm: 'Confirm reject', done: 'The application is rejected' },
};

function ApplicationBody({ application }: { application: ApplicationDetail }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const move = useSetApplicationStatus(application.id);
  const open = application.status === 'new' || application.status === 'in-review';

  function moveTo(status: 'in-review' | Decision, reason: string | undefined, done: string) {
    setOutcome(null);
    move.mutate(
      { status, ...(reason ? { reason } : {}) },
      {
        onSuccess: () => {
          setDeciding(null);
          setOutcome({ kind: 'done', text: done });
        },
        onError: (failure) =>
          setOutcome({ kind: 'failed', text: failureMessage(failure, 'The application could not be changed.') }),
      },
    );
  }

  const fields: Array<[string, string]> = [
    ['State', applicationStatusNames[application.status]],
    ['Contact name', application.contactName],
    ['Business email', application.businessEmail],
    ['Phone number', application.phoneNumber ?? 'Not given'],
    ['Company website', application.companyWebsite ?? 'Not given'],
    ['Business category', categoryName(application.businessCategory)],
    ['Received', dateTime(application.createdAt)],
    ...(application.decidedAt
      ? ([
          ['Decided', `${dateTime(application.decidedAt)} by ${application.decidedBy?.email ?? 'an operator'}`],
        ] as Array<[string, string]>)
      : []),
  ];

  return (
    <>
      <ConsolePageHeading title={application.companyName}>
        {open && !deciding ? (
          <div className="flex flex-wrap gap-2">
            {application.status === 'new' ? (
              <Button
                variant="outline"
                disabled={move.isPending}
                onClick={() => moveTo('in-review', undefined, 'The application is in review.')}
              >
                Start review
              </Button>
            ) : null}
            <Button onClick={() => setDeciding('accepted')}>Accept</Button>
            <Button variant="destructive" onClick={() => setDeciding('rejected')}>
              Reject
            </Button>
          </div>
        ) : null}
      </ConsolePageHeading>
      {deciding ? (
        <DecisionForm
          decision={deciding}
          email={application.businessEmail}
          busy={move.isPending}
          onCancel={() => setDeciding(null)}
          onConfirm={(reason) =>
            moveTo(deciding, reason, `${decisionWords[deciding].done}; ${application.businessEmail} is e-mailed.`)
          }
        />
      ) : null}
      <OutcomeNote outcome={outcome} />
      <dl className="mt-6 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-gray-700">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-8 text-lg font-semibold text-gray-900">About the business</h2>
      <p className="mt-2 whitespace-pre-wrap text-gray-800">{application.aboutBusiness ?? 'Not given'}</p>
      <Notes application={application} />
    </>
  );
}

function DecisionForm({
  decision,
  email,
  busy,
  onCancel,
  onConfirm,
}: {
  decision: Decision;
  email: string;
  busy: boolean;
  onCancel(): void;
  onConfirm(reason: string | undefined): void;
}) {
  const words = decisionWords[decision];
  return (
    <ReasonForm
      name={words.button}
      className="mt-4 max-w-xl space-y-3 rounded-md border border-gray-200 p-4"
      heading={
        <p className="text-sm text-gray-800">
          {`${email} will be e-mailed that the application is ${decision}. This cannot be undone.`}
        </p>
      }
      reasonId="application-reason"
      reasonLabel="Reason (optional, kept in the audit log)"
      reasonRequired={false}
      confirmLabel={words.confirm}
      destructive={decision !== 'accepted'}
      busy={busy}
      onCancel={onCancel}
      onConfirm={(reason) => onConfirm(reason || undefined)}
    />
  );
}

function Notes({ application }: { application: ApplicationDetail }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddApplicationNote(application.id);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!body.trim()) {
      setError('Please write a note');
      return;
    }
    add.mutate(body.trim(), {
      onSuccess: () => setBody(''),
      onError: (failure) => setError(failureMessage(failure, 'The note could not be added.')),
    });
  }

  return (
    <>
      <Thread title="Notes" empty="No notes yet." entries={application.notes} />
      <form noValidate onSubmit={submit} aria-label="Add a note" className="mt-4 max-w-2xl space-y-3">
        <Field id="application-note" label="Note" error={error} announceError>
          {(control) => (
            <Textarea
              {...control}
              rows={4}
              maxLength={5000}
              value={body}
              onChange={(event) => {
                setBody(event.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add note'}
        </Button>
      </form>
    </>
  );
}
