import { ConsolePageHeading } from '@console/components/console-page-heading';
import { type Outcome, OutcomeNote } from '@console/components/outcome-note';
import { failureMessage } from '@console/lib/api';
import { useOperator } from '@console/lib/use-operator';
import type { CannedReply } from '@gvm/contract/support-chat';
import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { Input, Textarea } from '@gvm/ui/input';
import { QueryError } from '@gvm/ui/query-error';
import { Spinner } from '@gvm/ui/spinner';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useCannedReplies, useCannedReplyChanges } from '../api/chat';

/**
 * /ops/chat/canned-replies (docs/product/support-chat.md#canned-replies): the canned replies an operator
 * inserts with '/' and the name; `{firstName}` becomes the customer's first name. Admins
 * create, rewrite and delete them (`chat.canned`); others read them.
 */
export function CannedRepliesEditor() {
  const { can } = useOperator();
  const canned = useCannedReplies();
  const mayEdit = can('chat.canned');
  return (
    <>
      <Link to="/ops/chat" className="link text-sm">
        Back to the conversations
      </Link>
      <ConsolePageHeading title="Canned replies" />
      {mayEdit ? <CannedReplyForm /> : null}
      {canned.isError ? (
        <QueryError
          message={failureMessage(canned.error, 'The canned replies could not be loaded.')}
          onRetry={() => canned.refetch()}
        />
      ) : canned.data ? (
        canned.data.cannedReplies.length === 0 ? (
          <p className="mt-6 text-gray-700">No canned replies.</p>
        ) : (
          <ul aria-label="Canned replies" className="mt-6 space-y-4">
            {canned.data.cannedReplies.map((reply) => (
              <li key={reply.id} className="rounded-lg border border-gray-200 p-4">
                {mayEdit ? (
                  <CannedReplyForm reply={reply} />
                ) : (
                  <>
                    <p className="font-medium">/{reply.name}</p>
                    <p className="mt-1 whitespace-pre-line text-sm text-gray-800">{reply.body}</p>
                  </>
                )}
              </li>
            ))}
          </ul>
        )
      ) : (
        <Spinner label="Loading the canned replies" className="mt-6 h-6 w-6" />
      )}
    </>
  );
}

/** A new canned reply, or (with `reply`) one to rewrite or delete. */
function CannedReplyForm({ reply }: { reply?: CannedReply }) {
  const { create, update, remove } = useCannedReplyChanges();
  const [name, setName] = useState(reply?.name ?? '');
  const [body, setBody] = useState(reply?.body ?? '');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const idBase = reply ? `canned-${reply.id}` : 'canned-new';
  const busy = create.isPending || update.isPending || remove.isPending;

  const run = async (work: () => Promise<unknown>, done: string) => {
    setOutcome(null);
    try {
      await work();
      setOutcome({ kind: 'done', text: done });
      return true;
    } catch (failure) {
      setOutcome({ kind: 'failed', text: failureMessage(failure, 'That did not work.') });
      return false;
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (reply) {
      await run(() => update.mutateAsync({ id: reply.id, change: { name, body } }), 'Saved.');
    } else if (await run(() => create.mutateAsync({ name, body }), `Added /${name}.`)) {
      setName('');
      setBody('');
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-label={reply ? `Canned reply /${reply.name}` : 'New canned reply'}
      className="mt-4 max-w-2xl space-y-3"
    >
      <Field id={`${idBase}-name`} label="Name" hint="Letters, digits, dashes or underscores; typed after '/'.">
        {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} />}
      </Field>
      <Field id={`${idBase}-body`} label="Text" hint="{firstName} becomes the customer's first name.">
        {(control) => <Textarea {...control} rows={3} value={body} onChange={(event) => setBody(event.target.value)} />}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" disabled={busy}>
          {reply ? 'Save' : 'Add canned reply'}
        </Button>
        {reply ? (
          <Button variant="outline" disabled={busy} onClick={() => run(() => remove.mutateAsync(reply.id), 'Deleted.')}>
            Delete
          </Button>
        ) : null}
      </div>
      <OutcomeNote outcome={outcome} />
    </form>
  );
}
