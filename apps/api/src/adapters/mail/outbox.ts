import { count, inArray, min } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mailOutbox } from '../../db/schema';

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
 * message is queued if and only if that change commits; the mail worker delivers it.
 */
export async function enqueueMail(db: Executor, message: MailMessage): Promise<void> {
  await db.insert(mailOutbox).values({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    replyTo: message.replyTo ?? null,
  });
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
