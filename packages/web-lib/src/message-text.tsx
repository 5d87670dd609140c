import { chatTextParts } from '@gvm/contract/support-chat-text';

/**
 * A chat message's body as text (docs/product/support-chat.md): never parsed as HTML; only
 * http(s) addresses become links, opened in a new tab without the page's referrer or opener.
 */
export function MessageText({ body }: { body: string }) {
  return (
    <span className="whitespace-pre-wrap break-words">
      {chatTextParts(body).map((part, index) =>
        part.kind === 'link' ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one body never move.
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one body never move.
          <span key={index}>{part.text}</span>
        ),
      )}
    </span>
  );
}

let timeOfDay: Intl.DateTimeFormat | undefined;
let dayAndTime: Intl.DateTimeFormat | undefined;

/**
 * When a chat message was written, as both sides show it above the message (en-GB, the browser's
 * zone): '14:05' today, '27 Nov, 14:05' on another day.
 */
export function chatMessageTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  timeOfDay ??= new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
  dayAndTime ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (at.toDateString() === now.toDateString() ? timeOfDay : dayAndTime).format(at);
}

/** Who wrote a chat message and when, above it: 'You · 14:05', 'Jane · 14:05'. */
export function ChatMessageByline({ author, createdAt }: { author: string; createdAt: string }) {
  return (
    <span className="text-xs text-gray-600">
      <span data-chat-author="">{author}</span> · <time dateTime={createdAt}>{chatMessageTime(createdAt)}</time>
    </span>
  );
}
