import { CHAT_MESSAGE_REQUIRED, CHAT_MESSAGE_TOO_LONG } from '@gvm/contract/support-chat';
import { CHAT_MESSAGE_MAX, chatShopperCopy as copy } from '@gvm/contract/support-chat-text';
import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { ChatMessageByline, MessageText } from '@gvm/web-lib/message-text';
import * as Dialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import type { ShopperChatControls } from '../hooks/use-shopper-chat';

export interface ChatPanelProps {
  chat: ShopperChatControls;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The launcher: focus goes back to it when the panel closes. */
  launcher: RefObject<HTMLButtonElement | null>;
  /** The shopper's first name, for the greeting. */
  firstName: string;
}

/**
 * The 'Support' panel (docs/product/support-chat.md#in-the-browser), loaded by the launcher on
 * first use: a dialog (focus stays inside, Escape closes it, focus returns to the launcher) with
 * the greeting, the conversation, the offline notice, 'Support is typing…', the satisfaction
 * question and the message field.
 */
export default function ChatPanel({ chat, open, onOpenChange, launcher, firstName }: ChatPanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <PanelContent chat={chat} launcher={launcher} firstName={firstName} />
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PanelContent({ chat, launcher, firstName }: Pick<ChatPanelProps, 'chat' | 'launcher' | 'firstName'>) {
  const { state } = chat;
  const field = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const shown = state.messages.length + state.pending.length;

  // The newest message in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each new message, sent or received.
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [shown, state.supportTyping]);

  return (
    <Dialog.Content
      aria-describedby={undefined}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        field.current?.focus();
      }}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        launcher.current?.focus();
      }}
      className="fixed right-0 bottom-0 z-50 flex h-[min(36rem,100dvh)] w-full flex-col border border-gray-100 bg-white shadow-2xl focus:outline-none sm:right-6 sm:bottom-6 sm:w-96 sm:rounded-2xl"
    >
      <div className="flex items-center justify-between border-b border-gray-100 px-4 py-3">
        <Dialog.Title className="text-lg font-semibold text-gray-900">{copy.panelTitle}</Dialog.Title>
        <Dialog.Close
          aria-label="Close"
          className="rounded-md p-2 text-gray-500 transition-colors hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </Dialog.Close>
      </div>
      {state.operatorsOnline ? null : (
        <p className="border-b border-amber-100 bg-amber-50 px-4 py-2 text-sm text-amber-900">{copy.offline}</p>
      )}
      <div ref={list} className="flex-1 overflow-y-auto px-4 py-3">
        {state.loaded ? (
          <Welcome
            firstName={firstName}
            operatorsOnline={state.operatorsOnline}
            suggest={shown === 0}
            onSuggest={(text) => {
              chat.send(text);
              // The suggestions go with the first message: the shopper carries on in the field.
              field.current?.focus();
            }}
          />
        ) : null}
        <ol aria-label="Conversation" className="space-y-3">
          {state.messages.map((message) => (
            <MessageBubble
              key={message.id}
              mine={message.author === 'shopper'}
              body={message.body}
              byline={
                <ChatMessageByline
                  author={message.author === 'shopper' ? copy.you : (message.authorName ?? copy.panelTitle)}
                  createdAt={message.createdAt}
                />
              }
            />
          ))}
          {state.pending.map((message) => (
            <MessageBubble
              key={message.clientId}
              mine
              body={message.body}
              byline={
                <span className="text-xs text-gray-600" data-chat-author="">
                  {copy.you}
                </span>
              }
            >
              {message.status === 'sending' ? (
                <span className="text-xs text-gray-500">{copy.sending}</span>
              ) : (
                <span className="flex flex-col items-end gap-0.5">
                  <button
                    type="button"
                    onClick={() => chat.retry(message.clientId)}
                    className="text-xs font-semibold text-red-700 underline underline-offset-2"
                  >
                    {copy.notSent}
                  </button>
                  {message.error ? <span className="text-xs text-red-700">{message.error}</span> : null}
                </span>
              )}
            </MessageBubble>
          ))}
        </ol>
      </div>
      <p aria-live="polite" className="min-h-5 px-4 text-xs text-gray-500">
        {state.supportTyping ? copy.operatorTyping : ''}
      </p>
      <Satisfaction chat={chat} />
      <MessageForm chat={chat} field={field} />
    </Dialog.Content>
  );
}

/**
 * The top of the panel (docs/product/support-chat.md#in-the-browser): the greeting, when a reply
 * can be expected while an operator is online (the offline notice says it otherwise), and, before
 * anything is written, the questions shoppers ask most, each of which sends itself as the first
 * message.
 */
function Welcome({
  firstName,
  operatorsOnline,
  suggest,
  onSuggest,
}: {
  firstName: string;
  operatorsOnline: boolean;
  suggest: boolean;
  onSuggest(text: string): void;
}) {
  return (
    <div className="mb-3 space-y-1">
      <p className="font-medium text-gray-900">{copy.greeting(firstName)}</p>
      {operatorsOnline ? <p className="text-sm text-gray-600">{copy.replyTime}</p> : null}
      {suggest ? (
        <ul aria-label={copy.suggestionsLabel} className="flex flex-wrap gap-2 pt-2">
          {copy.suggestions.map((text) => (
            <li key={text}>
              <Button size="sm" variant="outline" onClick={() => onSuggest(text)}>
                {text}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A message with who wrote it and when above it (the operator's display name for support's). */
function MessageBubble({
  mine,
  body,
  byline,
  children,
}: {
  mine: boolean;
  body: string;
  byline: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className={clsx('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
      {byline}
      <span
        className={clsx(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm',
          mine ? 'bg-brand-600 text-white' : 'bg-gray-100 text-gray-900',
        )}
      >
        <MessageText body={body} />
      </span>
      {children}
    </li>
  );
}

/** 'Did we solve your problem?' once the conversation is resolved, until answered. */
function Satisfaction({ chat }: { chat: ShopperChatControls }) {
  const conversation = chat.state.conversation;
  const [answeredHere, setAnsweredHere] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (conversation?.state !== 'resolved') return null;
  if (conversation.satisfaction !== null) {
    return answeredHere === conversation.id ? (
      <p role="status" className="px-4 pb-2 text-sm text-gray-700">
        {copy.satisfactionThanks}
      </p>
    ) : null;
  }
  const answer = (value: 'yes' | 'no') => {
    setBusy(true);
    setFailed(false);
    chat
      .answer(value)
      .then(
        () => setAnsweredHere(conversation.id),
        () => setFailed(true),
      )
      .finally(() => setBusy(false));
  };
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-gray-100 px-4 py-2 text-sm">
      <span className="font-medium text-gray-900">{copy.satisfactionQuestion}</span>
      <Button size="sm" variant="outline" disabled={busy} onClick={() => answer('yes')}>
        {copy.satisfactionYes}
      </Button>
      <Button size="sm" variant="outline" disabled={busy} onClick={() => answer('no')}>
        {copy.satisfactionNo}
      </Button>
      {failed ? (
        <span role="alert" className="w-full text-xs text-red-700">
          {copy.satisfactionNotSent}
        </span>
      ) : null}
    </div>
  );
}

function MessageForm({ chat, field }: { chat: ShopperChatControls; field: RefObject<HTMLTextAreaElement | null> }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const text = body.trim();
    if (text.length === 0) {
      setError(CHAT_MESSAGE_REQUIRED);
      return;
    }
    if (text.length > CHAT_MESSAGE_MAX) {
      setError(CHAT_MESSAGE_TOO_LONG);
      return;
    }
    chat.send(text);
    setBody('');
    setError(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter (and Enter while composing an accented letter) breaks the line.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="flex items-end gap-2 border-t border-gray-100 px-4 py-3"
    >
      <Field label={copy.messageLabel} error={error} announceError className="flex-1" labelClassName="sr-only">
        {(control) => (
          <textarea
            {...control}
            ref={field}
            rows={2}
            placeholder={copy.messagePlaceholder}
            value={body}
            onChange={(event) => {
              setBody(event.target.value);
              if (error) setError(null);
              chat.typing();
            }}
            onKeyDown={onKeyDown}
            className="block max-h-32 w-full resize-none rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
          />
        )}
      </Field>
      <Button type="submit">{copy.send}</Button>
    </form>
  );
}
