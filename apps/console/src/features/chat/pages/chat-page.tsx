import { ConsolePageHeading } from '@console/components/console-page-heading';
import { type Outcome, OutcomeNote } from '@console/components/outcome-note';
import { CustomerLinksContext, CustomerPanel, VoucherDetail } from '@console/features/customers';
import { failureMessage } from '@console/lib/api';
import { dateTime } from '@console/lib/format';
import { useOperator } from '@console/lib/use-operator';
import {
  type CannedReply,
  CHAT_MESSAGE_REQUIRED,
  CHAT_MESSAGE_TOO_LONG,
  type ConversationState,
  type OpsConversation,
  type OpsConversationListQuery,
} from '@gvm/contract/support-chat';
import {
  CHAT_MESSAGE_MAX,
  chatConversationStateNames,
  chatOperatorCopy,
  fillCannedReply,
} from '@gvm/contract/support-chat-text';
import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { Textarea } from '@gvm/ui/input';
import { QueryError } from '@gvm/ui/query-error';
import { Select } from '@gvm/ui/select';
import { Spinner } from '@gvm/ui/spinner';
import { newClientId } from '@gvm/web-lib/client-id';
import { chatMessageTime, MessageText } from '@gvm/web-lib/message-text';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { Link, useParams, useRoutes } from 'react-router';
import {
  conversationKey,
  lastIdOf,
  markConversationRead,
  useAssignConversation,
  useCannedReplies,
  useChatAssignees,
  useChatConversation,
  useChatConversations,
  useResolveConversation,
  useWriteToConversation,
  withSummary,
} from '../api/chat';
import { CannedRepliesEditor } from '../components/canned-replies-editor';
import { useOpsChatLive } from '../hooks/use-chat-socket';

/**
 * /ops/chat (support, admin; docs/product/support-chat.md#the-console): the live chat's conversations, one
 * conversation with the customer's page beside it, and (admin) the canned replies. Its socket is
 * the console's, held by the layout (`ChatLiveProvider`, decision 074).
 */
export function ChatPage() {
  return useRoutes([
    { index: true, element: <ConversationList /> },
    { path: 'canned-replies', element: <CannedRepliesEditor /> },
    { path: ':conversationId/*', element: <ConversationView /> },
  ]);
}

type StateFilter = ConversationState | 'all';

function ConversationList() {
  const { can } = useOperator();
  const [state, setState] = useState<StateFilter>('open');
  const query: OpsConversationListQuery = state === 'all' ? {} : { state };
  const list = useChatConversations(query);
  return (
    <>
      <ConsolePageHeading title="Chat">
        {can('chat.canned') ? (
          <Link to="canned-replies" className="link text-sm">
            Canned replies
          </Link>
        ) : null}
      </ConsolePageHeading>
      <div className="mt-6 flex flex-wrap gap-4">
        <Field id="chat-state" label="State">
          {(control) => (
            <Select {...control} value={state} onChange={(event) => setState(event.target.value as StateFilter)}>
              <option value="open">{chatConversationStateNames.open}</option>
              <option value="waiting">{chatConversationStateNames.waiting}</option>
              <option value="resolved">{chatConversationStateNames.resolved}</option>
              <option value="all">All</option>
            </Select>
          )}
        </Field>
      </div>
      {list.isError ? (
        <QueryError
          message={failureMessage(list.error, 'The conversations could not be loaded.')}
          onRetry={() => list.refetch()}
        />
      ) : list.data ? (
        list.data.conversations.length === 0 ? (
          <p className="mt-6 text-gray-700">No conversations.</p>
        ) : (
          <div className="mt-6 overflow-x-auto">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <caption className="sr-only">Conversations, newest activity first</caption>
              <thead className="border-gray-200 border-b text-gray-700">
                <tr>
                  {['Customer', 'State', 'Assigned to', 'Unread', 'Last message', 'Last activity'].map((name) => (
                    <th key={name} scope="col" className="py-2 pr-4 font-medium">
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.data.conversations.map((conversation) => (
                  <tr key={conversation.id} className="border-gray-100 border-b align-top">
                    <td className="py-3 pr-4">
                      <Link to={conversation.id} className="link">
                        {conversation.shopper.name || conversation.shopper.email}
                      </Link>
                      <div className="break-all text-gray-600">{conversation.shopper.email}</div>
                    </td>
                    <td className="py-3 pr-4">{chatConversationStateNames[conversation.state]}</td>
                    <td className="py-3 pr-4 break-all">{conversation.assignedTo?.email ?? 'Nobody'}</td>
                    <td className="py-3 pr-4">
                      {conversation.unread > 0 ? <strong>{conversation.unread}</strong> : 0}
                    </td>
                    <td className="max-w-xs py-3 pr-4 text-gray-700">
                      {conversation.lastMessage ? (
                        <>
                          {conversation.lastMessage.kind === 'note' ? 'Internal note: ' : ''}
                          {conversation.lastMessage.excerpt}
                        </>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className="py-3 whitespace-nowrap">{dateTime(conversation.lastActivityAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : (
        <Spinner label="Loading the conversations" className="mt-6 h-6 w-6" />
      )}
    </>
  );
}

function ConversationView() {
  const { conversationId = '' } = useParams();
  const conversation = useChatConversation(conversationId);
  const links = useMemo(
    () => ({
      voucher: (voucherId: string) => `/ops/chat/${conversationId}/vouchers/${voucherId}`,
      customer: () => `/ops/chat/${conversationId}`,
      embedded: true,
      back: { to: `/ops/chat/${conversationId}`, label: 'Back to the customer' },
    }),
    [conversationId],
  );
  const side = useRoutes([
    { index: true, element: conversation.data ? <CustomerPanel userId={conversation.data.shopper.id} /> : null },
    { path: 'vouchers/:voucherId', element: <VoucherDetail /> },
  ]);
  return (
    <>
      <Link to="/ops/chat" className="link text-sm">
        Back to the conversations
      </Link>
      {conversation.isError ? (
        <QueryError
          message={failureMessage(conversation.error, 'The conversation could not be loaded.')}
          onRetry={() => conversation.refetch()}
        />
      ) : conversation.data ? (
        <div className="mt-4 grid gap-8 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <Conversation conversation={conversation.data} />
          <aside aria-label="Customer" className="min-w-0 border-gray-200 xl:border-l xl:pl-8">
            <CustomerLinksContext.Provider value={links}>{side}</CustomerLinksContext.Provider>
          </aside>
        </div>
      ) : (
        <Spinner label="Loading the conversation" className="mt-6 h-6 w-6" />
      )}
    </>
  );
}

/** Who wrote a message is named above it: the customer, or the operator as the shop names them (and their e-mail). */
const kindLabel = { shopper: 'Customer', note: 'Internal note' } as const;

function Conversation({ conversation }: { conversation: OpsConversation }) {
  const queryClient = useQueryClient();
  const { typing } = useOpsChatLive();
  const lastId = lastIdOf(conversation);
  const { id, unread } = conversation;

  // What the console shows is read: the list's unread count goes back to nothing.
  useEffect(() => {
    if (lastId === '0' || unread === 0) return;
    markConversationRead(id, lastId).then(
      (summary) => {
        queryClient.setQueryData<OpsConversation>(conversationKey(id), (held) =>
          held ? withSummary(held, summary) : held,
        );
        return queryClient.invalidateQueries({ queryKey: ['ops', 'chat', 'list'] });
      },
      () => undefined,
    );
  }, [id, lastId, unread, queryClient]);

  return (
    <section aria-labelledby="conversation-heading" className="min-w-0">
      <ConsolePageHeading title={`Chat with ${conversation.shopper.name || conversation.shopper.email}`} />
      <h2 id="conversation-heading" className="sr-only">
        Conversation
      </h2>
      <p className="mt-2 text-sm text-gray-700">
        {chatConversationStateNames[conversation.state]} · assigned to{' '}
        {conversation.assignedTo
          ? `${conversation.assignedTo.displayName} (${conversation.assignedTo.email})`
          : 'nobody'}
        {conversation.satisfaction ? ` · solved? ${conversation.satisfaction === 'yes' ? 'Yes' : 'No'}` : ''}
      </p>
      <ConversationActions conversation={conversation} />
      <ol
        aria-label="Messages"
        className="mt-4 max-h-[60vh] space-y-3 overflow-y-auto rounded-lg border border-gray-200 p-4"
      >
        {conversation.messages.map((message) => (
          <li
            key={message.id}
            className={
              message.kind === 'note'
                ? 'rounded-lg border border-amber-200 bg-amber-50 p-3'
                : message.kind === 'operator'
                  ? 'rounded-lg bg-brand-50 p-3'
                  : 'rounded-lg bg-gray-100 p-3'
            }
          >
            <p className="text-xs text-gray-600">
              {message.kind === 'note' ? `${kindLabel.note} · ` : ''}
              <span className="font-medium text-gray-900">
                {message.operator
                  ? message.operator.displayName
                  : conversation.shopper.name || conversation.shopper.email}
              </span>
              {message.operator ? ` (${message.operator.email})` : ` (${kindLabel.shopper})`} ·{' '}
              <time dateTime={message.createdAt}>{chatMessageTime(message.createdAt)}</time>
            </p>
            <p className="mt-1 text-sm">
              <MessageText body={message.body} />
            </p>
          </li>
        ))}
      </ol>
      <p aria-live="polite" className="mt-1 min-h-5 text-xs text-gray-600">
        {typing.has(conversation.id) ? chatOperatorCopy.shopperTyping : ''}
      </p>
      <Composer conversation={conversation} />
    </section>
  );
}

function ConversationActions({ conversation }: { conversation: OpsConversation }) {
  const operator = useOperator();
  const assignees = useChatAssignees();
  const assign = useAssignConversation(conversation.id);
  const resolve = useResolveConversation(conversation.id);
  const [chosen, setChosen] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (work: () => Promise<unknown>, done: string) => {
    setOutcome(null);
    try {
      await work();
      setOutcome({ kind: 'done', text: done });
    } catch (failure) {
      setOutcome({ kind: 'failed', text: failureMessage(failure, 'That did not work.') });
    }
  };
  return (
    <div className="mt-3 space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        {conversation.assignedTo?.id === operator.id ? null : (
          <Button
            variant="outline"
            size="sm"
            disabled={assign.isPending}
            onClick={() => run(() => assign.mutateAsync(operator.id), 'Assigned to you.')}
          >
            Assign to me
          </Button>
        )}
        <Field id="chat-assignee" label="Assign to">
          {(control) => (
            <Select {...control} value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value="">Choose an operator</option>
              {(assignees.data?.operators ?? []).map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.email}
                  {candidate.online ? ' (online)' : ''} · {candidate.activeConversations} open
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button
          variant="outline"
          size="sm"
          disabled={!chosen || assign.isPending}
          onClick={() => run(() => assign.mutateAsync(chosen), 'Assigned.')}
        >
          Assign
        </Button>
        {conversation.state === 'resolved' ? null : (
          <Button
            variant="outline"
            size="sm"
            disabled={resolve.isPending}
            onClick={() => run(() => resolve.mutateAsync(), 'Resolved.')}
          >
            Resolve
          </Button>
        )}
      </div>
      <OutcomeNote outcome={outcome} />
    </div>
  );
}

/** The canned replies whose names start with what follows a leading '/'. */
function cannedMatches(text: string, canned: readonly CannedReply[]): CannedReply[] {
  const typed = /^\/([\w-]*)$/.exec(text);
  if (!typed) return [];
  const prefix = (typed[1] ?? '').toLowerCase();
  return canned.filter((reply) => reply.name.toLowerCase().startsWith(prefix));
}

function Composer({ conversation }: { conversation: OpsConversation }) {
  const canned = useCannedReplies();
  const write = useWriteToConversation(conversation.id);
  const { sendTyping } = useOpsChatLive();
  const [body, setBody] = useState('');
  const [clientId, setClientId] = useState(newClientId);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const matches = cannedMatches(body, canned.data?.cannedReplies ?? []);

  const insert = (reply: CannedReply) =>
    setBody(fillCannedReply(reply.body, { firstName: conversation.shopper.firstName }));

  const submit = async (kind: 'reply' | 'note') => {
    const text = body.trim();
    setOutcome(null);
    if (text.length === 0 || text.length > CHAT_MESSAGE_MAX) {
      setOutcome({
        kind: 'failed',
        text: text.length === 0 ? CHAT_MESSAGE_REQUIRED : CHAT_MESSAGE_TOO_LONG,
      });
      return;
    }
    try {
      await write.mutateAsync({ kind, body: text, clientId });
      setBody('');
      setClientId(newClientId());
    } catch (failure) {
      // The same client id again on the next try: the server stores the message once.
      setOutcome({ kind: 'failed', text: failureMessage(failure, 'The message was not sent. Try again.') });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const first = matches[0];
    if (event.key === 'Enter' && !event.shiftKey && first) {
      event.preventDefault();
      insert(first);
    }
  };

  return (
    <div className="mt-3 space-y-2">
      <Field id="chat-reply" label="Reply" hint="Type / and a name for a canned reply.">
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            value={body}
            onKeyDown={onKeyDown}
            onChange={(event) => {
              setBody(event.target.value);
              sendTyping(conversation.id);
            }}
          />
        )}
      </Field>
      {matches.length > 0 ? (
        <ul aria-label="Canned replies" className="flex flex-wrap gap-2">
          {matches.map((reply) => (
            <li key={reply.id}>
              <Button variant="outline" size="sm" onClick={() => insert(reply)}>
                /{reply.name}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button disabled={write.isPending} onClick={() => submit('reply')}>
          Send
        </Button>
        <Button variant="outline" disabled={write.isPending} onClick={() => submit('note')}>
          Internal note
        </Button>
      </div>
      <OutcomeNote outcome={outcome} />
    </div>
  );
}
