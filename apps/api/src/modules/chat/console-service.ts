import type {
  ChatAssigneeList,
  OpsChatWritten,
  OpsConversation,
  OpsConversationListFilters,
  OpsConversationSummary,
} from '@gvm/contract';
import { firstNameOf } from '@gvm/contract';
import { and, desc, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { enqueueMail } from '../../adapters/mail/outbox';
import { chatConversations, chatMessages } from '../../db/schema/chat';
import { AppError, conflict, notFound } from '../../lib/errors';
import { type Actor, operatorsWithCapability, recordAudit } from '../operators';
import { findUserContacts } from '../users';
import type { ChatContext } from './context';
import {
  activeLoads,
  findByClientId,
  findConversation,
  insertMessage,
  lastMessageId,
  lockConversation,
  messagesAfter,
  NO_SUCH_CONVERSATION,
} from './conversations';
import { chatReplyEmail } from './mail';
import { isShopperWatching, onlineOperatorIds } from './presence';
import { opsMessageViews, opsSummaries, opsSummary, shopperConversationView, shopperMessageViews } from './views';

/** The console's side of the chat (docs/product/support-chat.md#the-console); every change is audited. */

export const CONVERSATION_RESOLVED = 'This conversation is resolved: the customer starts a new one by writing again.';
export const ALREADY_RESOLVED = 'This conversation is already resolved.';
export const NOT_A_CHAT_OPERATOR = 'Conversations can be assigned only to an enabled operator who handles the chat.';
const TARGET = 'chat_conversation';

export async function listConversations(
  ctx: ChatContext,
  operatorId: string,
  filters: OpsConversationListFilters,
): Promise<OpsConversationSummary[]> {
  const conditions: SQL[] = [];
  if (filters.state) conditions.push(eq(chatConversations.state, filters.state));
  if (filters.assigned === 'unassigned') conditions.push(isNull(chatConversations.assignedTo));
  else if (filters.assigned) {
    const assignee = filters.assigned === 'me' ? operatorId : filters.assigned.toLowerCase();
    conditions.push(eq(chatConversations.assignedTo, assignee));
  }
  const rows = await ctx.db
    .select()
    .from(chatConversations)
    .where(and(...conditions))
    .orderBy(desc(chatConversations.lastActivityAt), desc(chatConversations.id))
    .limit(filters.limit);
  return opsSummaries(ctx.db, rows);
}

/**
 * The menu's count (docs/product/support-chat.md#the-console): unresolved conversations with a
 * shopper's message after the operators' shared read mark.
 */
export async function unreadConversations(ctx: ChatContext): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(distinct ${chatConversations.id})::int` })
    .from(chatConversations)
    .innerJoin(chatMessages, eq(chatMessages.conversationId, chatConversations.id))
    .where(
      and(
        ne(chatConversations.state, 'resolved'),
        eq(chatMessages.authorKind, 'shopper'),
        gt(chatMessages.id, chatConversations.operatorLastReadId),
      ),
    );
  return row?.n ?? 0;
}

export async function conversationDetail(
  ctx: ChatContext,
  conversationId: string,
  { after, limit }: { after: number; limit: number },
): Promise<OpsConversation> {
  const row = await findConversation(ctx.db, conversationId);
  if (!row) throw notFound(NO_SUCH_CONVERSATION);
  const page = await messagesAfter(ctx.db, row.id, { after, limit, withNotes: true });
  return {
    ...(await opsSummary(ctx.db, row)),
    messages: await opsMessageViews(ctx.db, page.rows),
    hasMore: page.hasMore,
  };
}

/** Tells every instance of a conversation's new state (the shopper's view and the console's). */
async function publishState(ctx: ChatContext, conversationId: string): Promise<OpsConversationSummary> {
  const row = await findConversation(ctx.db, conversationId);
  if (!row) throw notFound(NO_SUCH_CONVERSATION);
  const opsView = await opsSummary(ctx.db, row);
  ctx.bus.publish({
    kind: 'state',
    shopperId: row.shopperId,
    shopperView: await shopperConversationView(ctx.db, row),
    opsView,
  });
  return opsView;
}

/**
 * A reply (to the shopper; the conversation then waits on them) or an internal note (operators
 * only; nothing else changes), stored once per client id. A reply the shopper is not watching is
 * e-mailed in the same transaction, once until they have read up to it (decision 051).
 */
export async function writeOperatorMessage(
  ctx: ChatContext,
  actor: Actor,
  conversationId: string,
  kind: 'operator' | 'note',
  { body, clientId }: { body: string; clientId: string },
): Promise<{ written: OpsChatWritten; created: boolean }> {
  const now = ctx.clock();
  const outcome = await ctx.db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, conversationId);
    const existing = await findByClientId(
      tx,
      conversation.id,
      { authorKind: kind, authorId: actor.operatorId },
      clientId,
    );
    if (existing) return { message: existing, created: false };
    if (kind === 'operator' && conversation.state === 'resolved') throw conflict(CONVERSATION_RESOLVED);
    const message = await insertMessage(tx, {
      conversationId: conversation.id,
      authorKind: kind,
      authorId: actor.operatorId,
      body,
      clientId,
      createdAt: now,
    });
    if (kind === 'operator') {
      const nothingUnreadEmailed = conversation.shopperLastReadId >= conversation.emailedThroughId;
      const email = nothingUnreadEmailed && !(await isShopperWatching(tx, conversation.shopperId, now));
      if (email) {
        const shopper = (await findUserContacts(tx, [conversation.shopperId])).get(conversation.shopperId);
        if (shopper) {
          await enqueueMail(tx, {
            to: shopper.email,
            ...chatReplyEmail({ firstName: firstNameOf(shopper.name), reply: body, publicUrl: ctx.config.publicUrl }),
          });
        }
      }
      // A reply to a conversation nobody holds makes it the replier's (decision 074), audited as
      // 'Assign to me' is, in the reply's transaction.
      const claimed = conversation.assignedTo === null;
      await tx
        .update(chatConversations)
        .set({
          state: 'waiting',
          lastActivityAt: now,
          ...(claimed ? { assignedTo: actor.operatorId } : {}),
          ...(email ? { emailedThroughId: message.id } : {}),
        })
        .where(eq(chatConversations.id, conversation.id));
      if (claimed) {
        await recordAudit(
          tx,
          actor,
          {
            action: 'chat.assign',
            targetType: TARGET,
            targetId: conversation.id,
            reason: 'Replied to an unassigned conversation',
            before: { assignedTo: null },
            after: { assignedTo: actor.operatorId },
          },
          now,
        );
      }
    }
    await recordAudit(
      tx,
      actor,
      {
        action: kind === 'operator' ? 'chat.reply' : 'chat.note',
        targetType: TARGET,
        targetId: conversation.id,
        after: { messageId: String(message.id) },
      },
      now,
    );
    return { message, created: true };
  });
  const [message] = await opsMessageViews(ctx.db, [outcome.message]);
  if (!message) throw new Error('a stored message has no view');
  const conversation = await findConversation(ctx.db, conversationId);
  if (!conversation) throw notFound(NO_SUCH_CONVERSATION);
  if (outcome.created) {
    ctx.bus.publish({
      kind: 'message',
      shopperId: conversation.shopperId,
      shopperView: (await shopperMessageViews(ctx.db, [outcome.message]))[0] ?? null,
      opsView: message,
    });
  }
  const summary = outcome.created && kind === 'operator' ? await publishState(ctx, conversationId) : null;
  return {
    written: { message, conversation: summary ?? (await opsSummary(ctx.db, conversation)) },
    created: outcome.created,
  };
}

/** 'Assign to me' (the operator's own id), to another operator with chat, or unassigned (null). */
export async function assignConversation(
  ctx: ChatContext,
  actor: Actor,
  conversationId: string,
  operatorId: string | null,
): Promise<OpsConversationSummary> {
  const now = ctx.clock();
  const assignee = operatorId?.toLowerCase() ?? null;
  const changed = await ctx.db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, conversationId);
    if (assignee && !(await operatorsWithCapability(tx, 'chat')).some((operator) => operator.id === assignee)) {
      throw new AppError('BUSINESS_RULE', NOT_A_CHAT_OPERATOR);
    }
    if (conversation.assignedTo === assignee) return false;
    await tx.update(chatConversations).set({ assignedTo: assignee }).where(eq(chatConversations.id, conversation.id));
    await recordAudit(
      tx,
      actor,
      {
        action: 'chat.assign',
        targetType: TARGET,
        targetId: conversation.id,
        before: { assignedTo: conversation.assignedTo },
        after: { assignedTo: assignee },
      },
      now,
    );
    return true;
  });
  if (changed) return publishState(ctx, conversationId);
  const row = await findConversation(ctx.db, conversationId);
  if (!row) throw notFound(NO_SUCH_CONVERSATION);
  return opsSummary(ctx.db, row);
}

/** Resolves a conversation; the shopper is then asked 'Did we solve your problem?'. */
export async function resolveConversation(
  ctx: ChatContext,
  actor: Actor,
  conversationId: string,
): Promise<OpsConversationSummary> {
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, conversationId);
    if (conversation.state === 'resolved') throw conflict(ALREADY_RESOLVED);
    await tx
      .update(chatConversations)
      .set({ state: 'resolved', resolvedAt: now, resolvedBy: actor.operatorId, lastActivityAt: now })
      .where(eq(chatConversations.id, conversation.id));
    await recordAudit(
      tx,
      actor,
      {
        action: 'chat.resolve',
        targetType: TARGET,
        targetId: conversation.id,
        before: { state: conversation.state },
        after: { state: 'resolved' },
      },
      now,
    );
  });
  return publishState(ctx, conversationId);
}

/** Moves the operators' shared read mark of a conversation forward. Reading is not audited. */
export async function markOperatorsRead(
  ctx: ChatContext,
  conversationId: string,
  lastReadId: number,
): Promise<OpsConversationSummary> {
  const conversation = await ctx.db.transaction(async (tx) => {
    const row = await lockConversation(tx, conversationId);
    const mark = Math.min(lastReadId, await lastMessageId(tx, row.id));
    if (mark <= row.operatorLastReadId) return row;
    const [updated] = await tx
      .update(chatConversations)
      .set({ operatorLastReadId: mark })
      .where(eq(chatConversations.id, row.id))
      .returning();
    return updated ?? row;
  });
  ctx.bus.publish({
    kind: 'read',
    shopperId: conversation.shopperId,
    conversationId,
    party: 'operator',
    lastReadId: String(conversation.operatorLastReadId),
  });
  return opsSummary(ctx.db, conversation);
}

export async function chatAssignees(ctx: ChatContext): Promise<ChatAssigneeList> {
  const operators = await operatorsWithCapability(ctx.db, 'chat');
  const [online, loads] = await Promise.all([
    onlineOperatorIds(ctx.db, ctx.clock()),
    activeLoads(
      ctx.db,
      operators.map((operator) => operator.id),
    ),
  ]);
  return {
    operators: operators.map((operator) => ({
      ...operator,
      online: online.has(operator.id),
      activeConversations: loads.get(operator.id) ?? 0,
    })),
  };
}
