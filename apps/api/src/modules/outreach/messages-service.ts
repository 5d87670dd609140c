import type {
  InboxOperator,
  MessageDetail,
  MessageListFilters,
  MessageSummary,
  MessageUpdateRequest,
  SupportSubject,
} from '@gvm/contract';
import { and, asc, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { enqueueMail } from '../../adapters/mail/outbox';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { supportMessageReplies, supportMessages } from '../../db/schema/outreach';
import { AppError, conflict, notFound } from '../../lib/errors';
import { type Actor, auditedChange, operatorNames, operatorsWithCapability, recordAudit } from '../operators';
import { messageReplyEmail } from './inbox-mail';

export const NO_SUCH_MESSAGE = 'There is no such message.';
export const MESSAGE_CLOSED = 'This message is closed. Reopen it to reply.';
export const REPLY_REQUEST_REUSED =
  'This reply request was already used for a different reply. Please reload the message and send your reply again.';
export const NOT_AN_ASSIGNEE = 'Messages can be assigned only to an enabled operator who handles messages.';

type MessageRow = typeof supportMessages.$inferSelect;

const EXCERPT_LENGTH = 140;

const named = (names: Map<string, InboxOperator>, id: string | null): InboxOperator | null =>
  id ? (names.get(id) ?? { id, email: '(unknown operator)' }) : null;

/** The inbox, newest first: by state, and by assignee ('me', 'unassigned' or an operator's id). */
export async function listMessages(
  db: Executor,
  operatorId: string,
  query: MessageListFilters,
): Promise<MessageSummary[]> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(supportMessages.status, query.status));
  if (query.assigned === 'unassigned') conditions.push(isNull(supportMessages.assignedTo));
  else if (query.assigned) {
    const assignee = query.assigned === 'me' ? operatorId : query.assigned.toLowerCase();
    conditions.push(eq(supportMessages.assignedTo, assignee));
  }
  const rows = await db
    .select()
    .from(supportMessages)
    .where(and(...conditions))
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(query.limit);
  const ids = rows.map((row) => row.id);
  const replyCounts =
    ids.length === 0
      ? []
      : await db
          .select({ messageId: supportMessageReplies.messageId, replies: count() })
          .from(supportMessageReplies)
          .where(inArray(supportMessageReplies.messageId, ids))
          .groupBy(supportMessageReplies.messageId);
  const repliesOf = new Map(replyCounts.map((row) => [row.messageId, row.replies]));
  const names = await operatorNames(
    db,
    rows.flatMap((row) => (row.assignedTo ? [row.assignedTo] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject as SupportSubject,
    excerpt: row.message.length > EXCERPT_LENGTH ? `${row.message.slice(0, EXCERPT_LENGTH)}…` : row.message,
    status: row.status,
    assignedTo: named(names, row.assignedTo),
    replies: repliesOf.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A message with its thread, oldest reply first. */
export async function messageDetail(db: Executor, messageId: string): Promise<MessageDetail> {
  const [row] = await db.select().from(supportMessages).where(eq(supportMessages.id, messageId));
  if (!row) throw notFound(NO_SUCH_MESSAGE);
  return detailOf(db, row);
}

async function detailOf(db: Executor, row: MessageRow): Promise<MessageDetail> {
  const replies = await db
    .select()
    .from(supportMessageReplies)
    .where(eq(supportMessageReplies.messageId, row.id))
    .orderBy(asc(supportMessageReplies.createdAt), asc(supportMessageReplies.id));
  const names = await operatorNames(db, [
    ...replies.map((reply) => reply.operatorId),
    ...(row.assignedTo ? [row.assignedTo] : []),
  ]);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject as SupportSubject,
    message: row.message,
    status: row.status,
    assignedTo: named(names, row.assignedTo),
    closedAt: row.closedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    replies: replies.map((reply) => ({
      id: reply.id,
      operator: named(names, reply.operatorId) ?? { id: reply.operatorId, email: '' },
      body: reply.body,
      createdAt: reply.createdAt.toISOString(),
    })),
  };
}

async function lockMessage(tx: Executor, messageId: string): Promise<MessageRow> {
  const [row] = await tx.select().from(supportMessages).where(eq(supportMessages.id, messageId)).for('update');
  if (!row) throw notFound(NO_SUCH_MESSAGE);
  return row;
}

/**
 * Replies to a contact message (docs/product/operators.md#messages): the reply joins the thread
 * and is e-mailed to the sender with their message quoted, Reply-To the operations address, in
 * one transaction with its audit row. A closed message takes no reply until it is reopened.
 *
 * The console's form makes one `requestId` per reply (decision 053). Under the message's row
 * lock, a request whose id is already stored is a repeat (a double press, a retry after a lost
 * answer, fifty at once): it sends and writes nothing and answers the thread as it stands. The
 * column is UNIQUE, so the same id can never make two replies, even on two messages at once.
 */
export async function replyToMessage(
  db: Database,
  config: Pick<Config, 'opsEmail'>,
  actor: Actor,
  messageId: string,
  request: { body: string; requestId: string },
  now: Date,
): Promise<MessageDetail> {
  const { body } = request;
  const requestId = request.requestId.toLowerCase();
  return auditedChange(db, actor, now, async (tx) => {
    const message = await lockMessage(tx, messageId);
    const [sent] = await tx.select().from(supportMessageReplies).where(eq(supportMessageReplies.requestId, requestId));
    if (sent) {
      const sameReply = sent.messageId === messageId && sent.operatorId === actor.operatorId && sent.body === body;
      if (!sameReply) throw conflict(REPLY_REQUEST_REUSED);
      return { result: await detailOf(tx, message), audit: null };
    }
    if (message.status === 'closed') throw conflict(MESSAGE_CLOSED);
    const [reply] = await tx
      .insert(supportMessageReplies)
      .values({ messageId, operatorId: actor.operatorId, body, requestId, createdAt: now })
      .onConflictDoNothing({ target: supportMessageReplies.requestId })
      .returning({ id: supportMessageReplies.id });
    // The same id stored meanwhile for another message (that one holds another row lock).
    if (!reply) throw conflict(REPLY_REQUEST_REUSED);
    await enqueueMail(tx, {
      to: message.email,
      replyTo: config.opsEmail,
      ...messageReplyEmail({ name: message.name, reply: body, original: message.message, sentAt: message.createdAt }),
    });
    return {
      result: await detailOf(tx, message),
      audit: {
        action: 'message.reply',
        targetType: 'support-message',
        targetId: messageId,
        after: { replyId: reply.id, body },
      },
    };
  });
}

/**
 * Closes or reopens a message, or (un)assigns it, under the message's row lock: each change that
 * happens writes its own audit row with before and after; asking for the state it already has
 * changes and writes nothing.
 */
export async function updateMessage(
  db: Database,
  actor: Actor,
  messageId: string,
  change: Omit<MessageUpdateRequest, 'assignedTo'> & { assignedTo?: string | null | undefined },
  now: Date,
): Promise<MessageDetail> {
  return db.transaction(async (tx) => {
    const message = await lockMessage(tx, messageId);
    const reason = change.reason ?? null;
    let updated = message;
    if (change.status !== undefined && change.status !== message.status) {
      const closedAt = change.status === 'closed' ? now : null;
      [updated = message] = await tx
        .update(supportMessages)
        .set({ status: change.status, closedAt })
        .where(eq(supportMessages.id, messageId))
        .returning();
      await recordAudit(
        tx,
        actor,
        {
          action: change.status === 'closed' ? 'message.close' : 'message.reopen',
          targetType: 'support-message',
          targetId: messageId,
          reason,
          before: { status: message.status },
          after: { status: change.status },
        },
        now,
      );
    }
    const assignee = change.assignedTo === undefined ? undefined : (change.assignedTo?.toLowerCase() ?? null);
    if (assignee !== undefined && assignee !== message.assignedTo) {
      if (assignee !== null) {
        const allowed = await operatorsWithCapability(tx, 'messages');
        if (!allowed.some((operator) => operator.id === assignee)) throw new AppError('BUSINESS_RULE', NOT_AN_ASSIGNEE);
      }
      [updated = message] = await tx
        .update(supportMessages)
        .set({ assignedTo: assignee })
        .where(eq(supportMessages.id, messageId))
        .returning();
      await recordAudit(
        tx,
        actor,
        {
          action: 'message.assign',
          targetType: 'support-message',
          targetId: messageId,
          reason,
          before: { assignedTo: message.assignedTo },
          after: { assignedTo: assignee },
        },
        now,
      );
    }
    return detailOf(tx, updated);
  });
}

export const listAssignees = (db: Executor) => operatorsWithCapability(db, 'messages');
