import {
  CHAT_MOVED_MESSAGE,
  CHAT_RATE_LIMITED_MESSAGE,
  type SatisfactionAnswer,
  type SentShopperMessage,
  type ShopperChat,
  type ShopperConversation,
} from '@gvm/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import { chatConversations, chatMessages } from '../../db/schema/chat';
import { AppError, conflict } from '../../lib/errors';
import type { ChatContext } from './context';
import {
  autoAssignee,
  currentConversationOf,
  findByClientId,
  insertMessage,
  lastMessageId,
  lockOrStartConversation,
  lockShoppersConversation,
  messagesAfter,
} from './conversations';
import { anyOperatorOnline } from './presence';
import { opsMessageViews, opsSummary, shopperConversationView, shopperMessageView, shopperMessageViews } from './views';

/** The shopper's side of the chat (docs/product/support-chat.md#the-shoppers-panel). */

const RATE_WINDOW_MS = 60_000;
export const NOT_RESOLVED_YET = 'This conversation is not resolved yet.';
export const ALREADY_ANSWERED = 'You have already answered this question. Thank you!';

export async function shopperChat(
  ctx: ChatContext,
  shopperId: string,
  { after, limit }: { after: number; limit: number },
): Promise<ShopperChat> {
  const conversation = await currentConversationOf(ctx.db, shopperId);
  const operatorsOnline = await anyOperatorOnline(ctx.db, ctx.clock());
  if (!conversation) return { conversation: null, messages: [], hasMore: false, operatorsOnline };
  const page = await messagesAfter(ctx.db, conversation.id, { after, limit, withNotes: false });
  return {
    conversation: await shopperConversationView(ctx.db, conversation),
    messages: await shopperMessageViews(ctx.db, page.rows),
    hasMore: page.hasMore,
    operatorsOnline,
  };
}

/**
 * Stores a shopper's message once per client id, in their unresolved conversation (started if
 * there is none, and then offered to an online operator), and tells every instance after commit.
 * The per-minute limit is counted under the conversation's row lock, so concurrent sends and
 * several instances cannot pass it (decision 051); a retry of a stored message is not counted.
 */
export async function sendShopperMessage(
  ctx: ChatContext,
  shopperId: string,
  { body, clientId }: { body: string; clientId: string },
): Promise<{ sent: SentShopperMessage; created: boolean }> {
  // No operator watches the built-in chat while the shop uses another service (decision 054).
  if (ctx.config.supportChat.provider !== 'built-in') throw conflict(CHAT_MOVED_MESSAGE);
  const now = ctx.clock();
  const outcome = await ctx.db.transaction(async (tx) => {
    const { conversation } = await lockOrStartConversation(tx, shopperId, now);
    const existing = await findByClientId(
      tx,
      conversation.id,
      { authorKind: 'shopper', authorId: shopperId },
      clientId,
    );
    if (existing) return { message: existing, conversation, created: false };
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.authorId, shopperId),
          eq(chatMessages.authorKind, 'shopper'),
          gt(chatMessages.createdAt, new Date(now.getTime() - RATE_WINDOW_MS)),
        ),
      );
    if ((recent?.n ?? 0) >= ctx.config.chatRateLimit) throw new AppError('RATE_LIMITED', CHAT_RATE_LIMITED_MESSAGE);
    const message = await insertMessage(tx, {
      conversationId: conversation.id,
      authorKind: 'shopper',
      authorId: shopperId,
      body,
      clientId,
      createdAt: now,
    });
    const assignedTo = conversation.assignedTo ?? (await autoAssignee(tx, ctx.config.chatAutoAssignLimit, now));
    const [updated] = await tx
      .update(chatConversations)
      .set({ state: 'open', assignedTo, lastActivityAt: now })
      .where(eq(chatConversations.id, conversation.id))
      .returning();
    return { message, conversation: updated ?? conversation, created: true };
  });
  const shopperView = await shopperConversationView(ctx.db, outcome.conversation);
  const message = shopperMessageView(outcome.message, new Map());
  if (!message) throw new Error('a shopper message has no shopper view');
  if (outcome.created) {
    const [opsView] = await opsMessageViews(ctx.db, [outcome.message]);
    if (opsView) ctx.bus.publish({ kind: 'message', shopperId, shopperView: message, opsView });
    ctx.bus.publish({
      kind: 'state',
      shopperId,
      shopperView,
      opsView: await opsSummary(ctx.db, outcome.conversation),
    });
  }
  return { sent: { message, conversation: shopperView }, created: outcome.created };
}

/** Moves the shopper's read mark forward (never back, never past the last message). */
export async function markShopperRead(
  ctx: ChatContext,
  shopperId: string,
  { conversationId, lastReadId }: { conversationId: string; lastReadId: number },
): Promise<ShopperConversation> {
  const conversation = await ctx.db.transaction(async (tx) => {
    const row = await lockShoppersConversation(tx, shopperId, conversationId);
    const mark = Math.min(lastReadId, await lastMessageId(tx, row.id));
    if (mark <= row.shopperLastReadId) return row;
    const [updated] = await tx
      .update(chatConversations)
      .set({ shopperLastReadId: mark })
      .where(eq(chatConversations.id, row.id))
      .returning();
    return updated ?? row;
  });
  ctx.bus.publish({
    kind: 'read',
    shopperId,
    conversationId,
    party: 'shopper',
    lastReadId: String(conversation.shopperLastReadId),
  });
  return shopperConversationView(ctx.db, conversation);
}

/** 'Did we solve your problem?': answered once, after resolution, and kept. */
export async function answerSatisfaction(
  ctx: ChatContext,
  shopperId: string,
  { conversationId, answer }: { conversationId: string; answer: SatisfactionAnswer },
): Promise<ShopperConversation> {
  const now = ctx.clock();
  const conversation = await ctx.db.transaction(async (tx) => {
    const row = await lockShoppersConversation(tx, shopperId, conversationId);
    if (row.state !== 'resolved') throw conflict(NOT_RESOLVED_YET);
    if (row.satisfaction) throw conflict(ALREADY_ANSWERED);
    const [updated] = await tx
      .update(chatConversations)
      .set({ satisfaction: answer, satisfactionAt: now })
      .where(eq(chatConversations.id, row.id))
      .returning();
    return updated ?? row;
  });
  const shopperView = await shopperConversationView(ctx.db, conversation);
  ctx.bus.publish({ kind: 'state', shopperId, shopperView, opsView: await opsSummary(ctx.db, conversation) });
  return shopperView;
}
