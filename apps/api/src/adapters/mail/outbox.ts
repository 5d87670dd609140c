import { count, inArray, min } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { type Gate, insertRowsWhen, type Keyed, type StatementPart } from '../../db/statement-parts';
import { currentRequestId } from '../../lib/request-context';

export interface MailMessage {
  to: string;
  subject: string;
  /** Both parts are required: every e-mail has an HTML and a plain-text part (decision 008). */
  text: string;
  html: string;
  replyTo?: string;
}

type EnqueueListener = () => void;
const enqueueListeners = new Set<EnqueueListener>();

/**
 * Subscribes to "a message was just queued" (the mail worker's in-process nudge, so a mail goes
 * out at once instead of at the next poll). Answers the unsubscribe function.
 */
export function onMailEnqueued(listener: EnqueueListener): () => void {
  enqueueListeners.add(listener);
  return () => enqueueListeners.delete(listener);
}

/**
 * Queues an e-mail. Pass the transaction of the state change that causes the e-mail, so the
 * message is queued if and only if that change commits; the mail worker delivers it. Queued while
 * a request is served, the message keeps that request's id for the worker's log (decision 061).
 */
export async function enqueueMail(db: Executor, message: MailMessage): Promise<void> {
  await db.insert(mailOutbox).values(queuedMail(message));
  announceMailQueued();
}

/** An e-mail as the outbox holds it, with the id of the request being served (decision 061). */
export type QueuedMail = typeof mailOutbox.$inferInsert;

/**
 * The outbox row of a message. Make it while the request that causes it is served (in its
 * context), so the row keeps that request's id, as `enqueueMail` does.
 */
export function queuedMail(message: MailMessage): QueuedMail {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    replyTo: message.replyTo ?? null,
    requestId: currentRequestId() ?? null,
  };
}

/**
 * The part of a statement that queues e-mails for each change the gate claimed (decisions 057
 * and 062), so they are queued if and only if the change they report is made. Call
 * `announceMailQueued` once it has run.
 */
export function enqueueMailsPart(gate: Gate, mails: readonly Keyed<QueuedMail>[]): StatementPart {
  return { name: 'queued_mail', body: insertRowsWhen(mailOutbox, mails, gate) };
}

/** Tells the mail worker that messages were just queued (the nudge, `onMailEnqueued`). */
export function announceMailQueued(): void {
  for (const listener of enqueueListeners) listener();
}

/** What the outbox has still to deliver, and since when the oldest of it has waited (for /metrics). */
export async function outboxBacklog(db: Executor): Promise<{ waiting: number; oldestQueuedAt: Date | null }> {
  const [row] = await db
    .select({ waiting: count(), oldestQueuedAt: min(mailOutbox.createdAt) })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'sending']));
  return { waiting: row?.waiting ?? 0, oldestQueuedAt: row?.oldestQueuedAt ?? null };
}
