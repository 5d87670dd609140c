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
