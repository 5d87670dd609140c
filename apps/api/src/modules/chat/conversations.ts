import { and, asc, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ChatConversationRow, type ChatMessageRow, chatConversations, chatMessages } from '../../db/schema/chat';
import { notFound } from '../../lib/errors';
import { operatorsWithCapability } from '../operators';
import { onlineOperatorIds } from './presence';

/** The rules every side shares: conversations, their row lock, storing a message once. */

export const NO_SUCH_CONVERSATION = 'There is no such conversation.';

/** A conversation under its row lock: messages are written only while holding it (decision 051). */
export async function lockConversation(tx: Executor, conversationId: string): Promise<ChatConversationRow> {
  const [row] = await tx.select().from(chatConversations).where(eq(chatConversations.id, conversationId)).for('update');
  if (!row) throw notFound(NO_SUCH_CONVERSATION);
  return row;
}

export async function findConversation(db: Executor, conversationId: string): Promise<ChatConversationRow | null> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, conversationId));
  return row ?? null;
}

/** The shopper's conversation, or 404: another shopper's id is not told apart from no id at all. */
export async function lockShoppersConversation(
  tx: Executor,
  shopperId: string,
  conversationId: string,
): Promise<ChatConversationRow> {
  const [row] = await tx
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.id, conversationId), eq(chatConversations.shopperId, shopperId)))
    .for('update');
  if (!row) throw notFound(NO_SUCH_CONVERSATION);
  return row;
}

/** The unresolved conversation, else the latest resolved one (its satisfaction question), else null. */
export async function currentConversationOf(db: Executor, shopperId: string): Promise<ChatConversationRow | null> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.shopperId, shopperId))
    .orderBy(sql`${chatConversations.state} = 'resolved'`, desc(chatConversations.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The shopper's unresolved conversation under its lock, started when there is none. Two first
 * messages at once start one: the partial unique index lets one insert win and the other wait
 * for it and then find it.
 */
export async function lockOrStartConversation(
  tx: Executor,
  shopperId: string,
  now: Date,
): Promise<{ conversation: ChatConversationRow; started: boolean }> {
  const inserted = await tx
    .insert(chatConversations)
    .values({ shopperId, state: 'open', lastActivityAt: now, createdAt: now })
    .onConflictDoNothing({ target: chatConversations.shopperId, where: sql`state <> 'resolved'` })
    .returning({ id: chatConversations.id });
  const [row] = await tx
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.shopperId, shopperId), ne(chatConversations.state, 'resolved')))
    .for('update');
  if (!row) throw new Error('the unresolved conversation was neither found nor started');
  return { conversation: row, started: inserted.length > 0 };
}

/**
 * The message this author already stored under this client id (a retry), or null. Client ids are
 * each author's own (decision 064): another party's message with the same id is not a retry.
 */
export async function findByClientId(
  tx: Executor,
  conversationId: string,
  author: Pick<ChatMessageRow, 'authorKind' | 'authorId'>,
  clientId: string,
): Promise<ChatMessageRow | null> {
  const [row] = await tx
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.authorKind, author.authorKind),
        eq(chatMessages.authorId, author.authorId),
        eq(chatMessages.clientId, clientId),
      ),
    );
  return row ?? null;
}

export async function insertMessage(
  tx: Executor,
  values: Pick<ChatMessageRow, 'conversationId' | 'authorKind' | 'authorId' | 'body' | 'clientId' | 'createdAt'>,
): Promise<ChatMessageRow> {
  const [row] = await tx.insert(chatMessages).values(values).returning();
  if (!row) throw new Error('the chat message was not stored');
  return row;
}

/** Messages after an id, oldest first; internal notes only for operators. */
export async function messagesAfter(
  db: Executor,
  conversationId: string,
  { after, limit, withNotes }: { after: number; limit: number; withNotes: boolean },
): Promise<{ rows: ChatMessageRow[]; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        gt(chatMessages.id, after),
        withNotes ? undefined : inArray(chatMessages.authorKind, ['shopper', 'operator']),
      ),
    )
    .orderBy(asc(chatMessages.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** The highest message id of a conversation (0 when it has none): read marks never pass it. */
export async function lastMessageId(db: Executor, conversationId: string): Promise<number> {
  const [row] = await db
    .select({ id: sql<string | null>`max(${chatMessages.id})` })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId));
  return Number(row?.id ?? 0);
}

/** Open and waiting conversations assigned to each of these operators. */
export async function activeLoads(db: Executor, operatorIds: string[]): Promise<Map<string, number>> {
  if (operatorIds.length === 0) return new Map();
  const rows = await db
    .select({ operatorId: chatConversations.assignedTo, n: count() })
    .from(chatConversations)
    .where(and(inArray(chatConversations.assignedTo, operatorIds), ne(chatConversations.state, 'resolved')))
    .groupBy(chatConversations.assignedTo);
  return new Map(rows.flatMap((row) => (row.operatorId ? [[row.operatorId, row.n] as const] : [])));
}

/**
 * Auto-assignment (docs/product/support-chat.md#assignment): an unassigned conversation goes to
 * the online operator with chat who has the fewest unresolved conversations, while that number
 * is below `limit`; otherwise it stays unassigned. Answers the operator chosen, or null.
 */
export async function autoAssignee(db: Executor, limit: number, now: Date): Promise<string | null> {
  if (limit <= 0) return null;
  const online = await onlineOperatorIds(db, now);
  if (online.size === 0) return null;
  const candidates = (await operatorsWithCapability(db, 'chat')).filter((operator) => online.has(operator.id));
  const loads = await activeLoads(
    db,
    candidates.map((operator) => operator.id),
  );
  let chosen: { id: string; load: number } | null = null;
  for (const operator of candidates) {
    const load = loads.get(operator.id) ?? 0;
    if (load < limit && (!chosen || load < chosen.load)) chosen = { id: operator.id, load };
  }
  return chosen?.id ?? null;
}
