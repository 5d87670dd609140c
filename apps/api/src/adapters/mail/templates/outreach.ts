import { productName, type RenderedEmail, renderEmail } from './layout';

type Fields = ReadonlyArray<readonly [label: string, value: string]>;

/** Anyone can make us write to any address through a form: echo a bounded amount of it. */
const echoLimit = 2000;
const bounded = (fields: Fields): Fields =>
  fields.map(([label, value]) => [label, value.length > echoLimit ? `${value.slice(0, echoLimit)}…` : value] as const);

/**
 * Tells someone who wrote to us (a contact message, a partnership application) that it arrived.
 * A form sends to whatever address a visitor typed, so by default nothing the visitor wrote is
 * repeated; pass `echo` to include a copy of chosen fields (bounded in length, escaped in HTML).
 */
export function acknowledgementEmail({
  kind,
  name,
  paragraphs,
  echo,
}: {
  /** What they sent, e.g. "message" or "partnership application". */
  kind: string;
  /** Greets them by name when given. */
  name?: string;
  /** What happens next; a generic sentence when omitted. */
  paragraphs?: string[];
  /** Fields to echo back, label and value, in the order of the form. */
  echo?: Fields;
}): RenderedEmail {
  const next = paragraphs ?? [`A member of our team will get back to you, usually within two working days.`];
  return renderEmail({
    subject: `We received your ${kind}`,
    heading: name ? `Thank you, ${name}` : 'Thank you',
    preview: `Your ${kind} reached the ${productName} team.`,
    blocks: [
      { kind: 'paragraph', text: `We received your ${kind}.` },
      ...next.map((text) => ({ kind: 'paragraph', text }) as const),
      ...(echo && echo.length > 0
        ? [
            { kind: 'paragraph', text: 'For your records, this is what you sent:' } as const,
            { kind: 'fields', rows: bounded(echo) } as const,
          ]
        : []),
      { kind: 'note', text: 'If you did not contact us, you can ignore this e-mail.' },
    ],
  });
}

/**
 * The copy of a submission that goes to operations (OPS_EMAIL): every field, with the sender's
 * address as Reply-To so answering the e-mail answers the person. Spread the result into the
 * message: `enqueueMail(tx, { to: config.opsEmail, ...operationsCopyEmail(...) })`.
 */
export function operationsCopyEmail({
  title,
  fields,
  replyTo,
}: {
  /** What arrived, e.g. "New contact message: support". */
  title: string;
  fields: Fields;
  /** The sender's address. */
  replyTo: string;
}): RenderedEmail & { replyTo: string } {
  const rendered = renderEmail({
    subject: `[${productName}] ${title}`,
    heading: title,
    preview: fields
      .map(([label, value]) => `${label}: ${value}`)
      .join(' · ')
      .slice(0, 200),
    blocks: [
      { kind: 'fields', rows: fields },
      { kind: 'note', text: `Reply to this e-mail to answer ${replyTo}.` },
    ],
  });
  return { ...rendered, replyTo };
}
