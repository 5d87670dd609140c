import { ConsolePageHeading } from '@console/components/console-page-heading';
import { ItemPage, Loaded, QueueTable, Thread } from '@console/components/inbox-parts';
import { type Outcome, OutcomeNote } from '@console/components/outcome-note';
import { failureMessage } from '@console/lib/api';
import { dateTime } from '@console/lib/format';
import { useOperator } from '@console/lib/use-operator';
import type { MessageDetail, MessageListQuery } from '@gvm/contract/ops-inbox';
import { supportSubjectNames } from '@gvm/contract/outreach';
import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { Textarea } from '@gvm/ui/input';
import { Select } from '@gvm/ui/select';
import { type FormEvent, useState } from 'react';
import { Link, useParams, useRoutes } from 'react-router';
import { useMessage, useMessageAssignees, useMessages, useReplyToMessage, useUpdateMessage } from '../api/messages';

/**
 * /ops/messages (support, admin; docs/product/operators.md#messages): the inbox of contact
 * messages, and a message's page with its thread, 'Reply', close or reopen, and assignment.
 */
export function MessagesPage() {
  // Route objects through useRoutes, as the console's own routes (pages/console-page.tsx).
  return useRoutes([
    { index: true, element: <Inbox /> },
    { path: ':messageId', element: <MessageView /> },
  ]);
}

type StateFilter = 'open' | 'closed' | 'all';
type AssignedFilter = 'anyone' | 'me' | 'unassigned';

function Inbox() {
  const [state, setState] = useState<StateFilter>('open');
  const [assigned, setAssigned] = useState<AssignedFilter>('anyone');
  const query: MessageListQuery = {
    ...(state === 'all' ? {} : { status: state }),
    ...(assigned === 'anyone' ? {} : { assigned }),
  };
  const messages = useMessages(query);
  return (
    <>
      <ConsolePageHeading title="Messages" />
      <div className="mt-6 flex flex-wrap gap-4">
        <Field id="messages-state" label="State">
          {(control) => (
            <Select {...control} value={state} onChange={(event) => setState(event.target.value as StateFilter)}>
              <option value="open">Open</option>
              <option value="closed">Closed</option>
              <option value="all">All</option>
            </Select>
          )}
        </Field>
        <Field id="messages-assigned" label="Assigned to">
          {(control) => (
            <Select
              {...control}
              value={assigned}
              onChange={(event) => setAssigned(event.target.value as AssignedFilter)}
            >
              <option value="anyone">Anyone</option>
              <option value="me">Me</option>
              <option value="unassigned">Nobody</option>
            </Select>
          )}
        </Field>
      </div>
      <Loaded query={messages} failure="The messages could not be loaded." loading="Loading the messages">
        {(data) => (
          <QueueTable
            items={data.messages}
            empty="No messages."
            headings={['From', 'Subject', 'Message', 'State', 'Assigned to', 'Replies', 'Received']}
            cells={(message) => (
              <>
                <td className="py-3 pr-4">
                  <Link to={message.id} className="link">
                    {message.name}
                  </Link>
                  <div className="break-all text-gray-600">{message.email}</div>
                </td>
                <td className="py-3 pr-4">{supportSubjectNames[message.subject]}</td>
                <td className="max-w-xs py-3 pr-4 text-gray-700">{message.excerpt}</td>
                <td className="py-3 pr-4">{message.status === 'open' ? 'Open' : 'Closed'}</td>
                <td className="py-3 pr-4 break-all">{message.assignedTo?.email ?? 'Nobody'}</td>
                <td className="py-3 pr-4">{message.replies}</td>
                <td className="py-3 whitespace-nowrap">{dateTime(message.createdAt)}</td>
              </>
            )}
          />
        )}
      </Loaded>
    </>
  );
}

function MessageView() {
  const { messageId = '' } = useParams();
  const message = useMessage(messageId);
  return (
    <ItemPage
      back="/ops/messages"
      backLabel="Back to messages"
      query={message}
      failure="The message could not be loaded."
      loading="Loading the message"
    >
      {(data) => <MessageBody message={data} />}
    </ItemPage>
  );
}

function MessageBody({ message }: { message: MessageDetail }) {
  const operator = useOperator();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [replying, setReplying] = useState(false);
  const update = useUpdateMessage(message.id);
  const failed = (failure: unknown) =>
    setOutcome({ kind: 'failed', text: failureMessage(failure, 'The message could not be changed.') });

  function change(patch: Parameters<typeof update.mutate>[0], done: string) {
    setOutcome(null);
    update.mutate(patch, { onSuccess: () => setOutcome({ kind: 'done', text: done }), onError: failed });
  }

  return (
    <>
      <ConsolePageHeading title={`Message from ${message.name}`}>
        <div className="flex flex-wrap gap-2">
          {message.status === 'open' && !replying ? <Button onClick={() => setReplying(true)}>Reply</Button> : null}
          {message.status === 'open' ? (
            <Button
              variant="outline"
              disabled={update.isPending}
              onClick={() => change({ status: 'closed' }, 'The message is closed.')}
            >
              Close
            </Button>
          ) : (
            <Button
              variant="outline"
              disabled={update.isPending}
              onClick={() => change({ status: 'open' }, 'The message is open again.')}
            >
              Reopen
            </Button>
          )}
        </div>
      </ConsolePageHeading>
      <OutcomeNote outcome={outcome} />
      <dl className="mt-6 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-gray-700">Email</dt>
        <dd className="break-all">{message.email}</dd>
        <dt className="font-medium text-gray-700">Subject</dt>
        <dd>{supportSubjectNames[message.subject]}</dd>
        <dt className="font-medium text-gray-700">Received</dt>
        <dd>{dateTime(message.createdAt)}</dd>
        <dt className="font-medium text-gray-700">State</dt>
        <dd>{message.status === 'open' ? 'Open' : 'Closed'}</dd>
        <dt className="font-medium text-gray-700">Assigned to</dt>
        <dd className="break-all">{message.assignedTo?.email ?? 'Nobody'}</dd>
      </dl>
      <AssignForm
        // A new assignee (from here or 'Assign to me') starts the choice afresh.
        key={message.assignedTo?.id ?? 'nobody'}
        message={message}
        busy={update.isPending}
        onAssign={(assignedTo, done) => change({ assignedTo }, done)}
        myId={operator.id}
      />
      <h2 className="mt-8 text-lg font-semibold text-gray-900">Message</h2>
      <blockquote className="mt-2 rounded-md border-gray-200 border-l-4 bg-gray-50 p-4 whitespace-pre-wrap text-gray-800">
        {message.message}
      </blockquote>
      {replying ? (
        <ReplyForm
          messageId={message.id}
          onDone={() => {
            setReplying(false);
            setOutcome({ kind: 'done', text: `Your reply is sent to ${message.email}.` });
          }}
          onCancel={() => setReplying(false)}
        />
      ) : null}
      <Thread title="Replies" empty="No replies yet." entries={message.replies} />
    </>
  );
}

function AssignForm({
  message,
  busy,
  myId,
  onAssign,
}: {
  message: MessageDetail;
  busy: boolean;
  myId: string;
  onAssign(assignedTo: string | null, done: string): void;
}) {
  const assignees = useMessageAssignees();
  const [choice, setChoice] = useState(message.assignedTo?.id ?? '');
  const chosen = assignees.data?.operators.find((candidate) => candidate.id === choice);
  return (
    <div className="mt-6 flex flex-wrap items-end gap-3">
      {message.assignedTo?.id !== myId ? (
        <Button variant="outline" disabled={busy} onClick={() => onAssign(myId, 'The message is assigned to you.')}>
          Assign to me
        </Button>
      ) : null}
      <Field id="message-assignee" label="Assign to">
        {(control) => (
          <Select {...control} value={choice} onChange={(event) => setChoice(event.target.value)}>
            <option value="">Nobody</option>
            {assignees.data?.operators.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.email}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Button
        variant="outline"
        disabled={busy || choice === (message.assignedTo?.id ?? '')}
        onClick={() =>
          onAssign(
            choice || null,
            chosen ? `The message is assigned to ${chosen.email}.` : 'The message is assigned to nobody.',
          )
        }
      >
        Assign
      </Button>
    </div>
  );
}

function ReplyForm({ messageId, onDone, onCancel }: { messageId: string; onDone(): void; onCancel(): void }) {
  const [body, setBody] = useState('');
  // One id per reply as typed: pressing 'Send reply' again sends the same reply, not a second one.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const reply = useReplyToMessage(messageId);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!body.trim()) {
      setError('Please write a reply');
      return;
    }
    reply.mutate(
      { body: body.trim(), requestId },
      {
        onSuccess: onDone,
        onError: (failure) => setError(failureMessage(failure, 'The reply could not be sent.')),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Reply" className="mt-6 max-w-2xl space-y-3">
      <Field
        id="message-reply"
        label="Your reply"
        error={error}
        announceError
        hint="The sender's message is quoted below your reply."
      >
        {(control) => (
          <Textarea
            {...control}
            rows={6}
            maxLength={5000}
            value={body}
            onChange={(event) => {
              setBody(event.target.value);
              setRequestId(crypto.randomUUID());
              setError(null);
            }}
          />
        )}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" disabled={reply.isPending}>
          {reply.isPending ? 'Sending…' : 'Send reply'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
