import type { OpsChatMessage, OpsConversationSummary, ShopperChatMessage, ShopperConversation } from '@gvm/contract';
import { firstNameOf } from '@gvm/contract';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ChatConversationRow, type ChatMessageRow, chatConversations, chatMessages } from '../../db/schema/chat';
import { type OperatorName, operatorNames } from '../operators';
import { findUserContacts } from '../users';

/** Rows as the wire shows them (packages/contract/src/support-chat.ts). */

const EXCERPT_LENGTH = 140;

/** A message as the shopper sees it; support's carry the operator's display name, never their e-mail. */
export function shopperMessageView(row: ChatMessageRow, names: Map<string, OperatorName>): ShopperChatMessage | null {
  if (row.authorKind === 'note') return null;
  return {
    id: String(row.id),
    conversationId: row.conversationId,
    author: row.authorKind === 'shopper' ? 'shopper' : 'support',
    authorName: row.authorKind === 'shopper' ? null : named(names, row.authorId).displayName,
    body: row.body,
    clientId: row.clientId,
    createdAt: row.createdAt.toISOString(),
  };
}

const named = (names: Map<string, OperatorName>, id: string): OperatorName =>
  names.get(id) ?? { id, email: '(unknown operator)', displayName: 'Support' };

/** The shopper's view of messages (internal notes left out), support's named by their operator. */
export async function shopperMessageViews(db: Executor, rows: ChatMessageRow[]): Promise<ShopperChatMessage[]> {
  const names = await operatorNames(
    db,
    rows.filter((row) => row.authorKind === 'operator').map((row) => row.authorId),
  );
  return rows.flatMap((row) => shopperMessageView(row, names) ?? []);
}

export function opsMessageView(row: ChatMessageRow, names: Map<string, OperatorName>): OpsChatMessage {
  return {
    id: String(row.id),
    conversationId: row.conversationId,
    kind: row.authorKind,
    operator: row.authorKind === 'shopper' ? null : named(names, row.authorId),
    body: row.body,
    clientId: row.clientId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function opsMessageViews(db: Executor, rows: ChatMessageRow[]): Promise<OpsChatMessage[]> {
  const names = await operatorNames(
    db,
    rows.filter((row) => row.authorKind !== 'shopper').map((row) => row.authorId),
  );
  return rows.map((row) => opsMessageView(row, names));
}

/** Support's messages after the shopper's read mark. */
export async function shopperUnread(db: Executor, conversation: ChatConversationRow): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversation.id),
        eq(chatMessages.authorKind, 'operator'),
        gt(chatMessages.id, conversation.shopperLastReadId),
      ),
    );
  return row?.n ?? 0;
}

export async function shopperConversationView(
  db: Executor,
  conversation: ChatConversationRow,
): Promise<ShopperConversation> {
  return {
    id: conversation.id,
    state: conversation.state,
    unread: await shopperUnread(db, conversation),
    lastReadId: String(conversation.shopperLastReadId),
    satisfaction: conversation.satisfaction,
    createdAt: conversation.createdAt.toISOString(),
    resolvedAt: conversation.resolvedAt?.toISOString() ?? null,
  };
}

/** The console's summaries of conversations, in the order given: shopper, assignee, unread, last message. */
export async function opsSummaries(db: Executor, rows: ChatConversationRow[]): Promise<OpsConversationSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [shoppers, names, unreadRows, lastRows] = await Promise.all([
    findUserContacts(
      db,
      rows.map((row) => row.shopperId),
    ),
    operatorNames(
      db,
      rows.flatMap((row) => (row.assignedTo ? [row.assignedTo] : [])),
    ),
    db
      .select({ conversationId: chatMessages.conversationId, n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(
        and(
          inArray(chatMessages.conversationId, ids),
          eq(chatMessages.authorKind, 'shopper'),
          gt(chatMessages.id, chatConversations.operatorLastReadId),
        ),
      )
      .groupBy(chatMessages.conversationId),
    db
      .selectDistinctOn([chatMessages.conversationId])
      .from(chatMessages)
      .where(inArray(chatMessages.conversationId, ids))
      .orderBy(chatMessages.conversationId, desc(chatMessages.id)),
  ]);
  const unread = new Map(unreadRows.map((row) => [row.conversationId, row.n]));
  const last = new Map(lastRows.map((row) => [row.conversationId, row]));
  return rows.map((row) => {
    const shopper = shoppers.get(row.shopperId) ?? { id: row.shopperId, email: '', name: '' };
    const lastMessage = last.get(row.id);
    return {
      id: row.id,
      shopper: { ...shopper, firstName: firstNameOf(shopper.name) },
      state: row.state,
      assignedTo: row.assignedTo ? named(names, row.assignedTo) : null,
      unread: unread.get(row.id) ?? 0,
      lastReadId: String(row.operatorLastReadId),
      lastMessage: lastMessage
        ? {
            kind: lastMessage.authorKind,
            excerpt: lastMessage.body.slice(0, EXCERPT_LENGTH),
            createdAt: lastMessage.createdAt.toISOString(),
          }
        : null,
      satisfaction: row.satisfaction,
      lastActivityAt: row.lastActivityAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
    };
  });
}

export async function opsSummary(db: Executor, row: ChatConversationRow): Promise<OpsConversationSummary> {
  const [summary] = await opsSummaries(db, [row]);
  if (!summary) throw new Error('a conversation had no summary');
  return summary;
}
