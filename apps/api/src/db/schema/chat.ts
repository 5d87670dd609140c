import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { operators } from './operators';
import { users } from './users';

/*
 * The live support chat (docs/product/support-chat.md, decision 051), owned by the chat module.
 */

export const conversationStates = ['open', 'waiting', 'resolved'] as const;
export const messageAuthorKinds = ['shopper', 'operator', 'note'] as const;

/**
 * A shopper's conversation with support: open (support's turn), waiting (on the customer) or
 * resolved. A shopper has at most one unresolved conversation; writing after resolution starts
 * a new one. Read marks are the last message id each side has seen (ids grow within a
 * conversation, decision 051), so unread counts are counted, never kept.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopperId: uuid('shopper_id')
      .notNull()
      .references(() => users.id),
    state: text('state', { enum: conversationStates }).notNull().default('open'),
    assignedTo: uuid('assigned_to').references(() => operators.id),
    /** The shopper's answer to 'Did we solve your problem?' after resolution. */
    satisfaction: text('satisfaction', { enum: ['yes', 'no'] }),
    satisfactionAt: timestamp('satisfaction_at', { withTimezone: true }),
    shopperLastReadId: bigint('shopper_last_read_id', { mode: 'number' }).notNull().default(0),
    operatorLastReadId: bigint('operator_last_read_id', { mode: 'number' }).notNull().default(0),
    /** The last operator message an e-mail told the shopper about (0: none yet). */
    emailedThroughId: bigint('emailed_through_id', { mode: 'number' }).notNull().default(0),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('chat_conversations_state', sql`${table.state} in ('open', 'waiting', 'resolved')`),
    check(
      'chat_conversations_satisfaction',
      sql`${table.satisfaction} is null or ${table.satisfaction} in ('yes', 'no')`,
    ),
    uniqueIndex('chat_conversations_one_unresolved').on(table.shopperId).where(sql`${table.state} <> 'resolved'`),
    index('chat_conversations_shopper_created').on(table.shopperId, table.createdAt),
    index('chat_conversations_state_activity').on(table.state, table.lastActivityAt),
    index('chat_conversations_assigned_state').on(table.assignedTo, table.state),
  ],
);

/**
 * One message: the shopper's, an operator's reply, or an internal note only operators see.
 * Ids are a sequence; a message is inserted under its conversation's row lock, so ids commit in
 * order within a conversation and "after id N" catch-up misses nothing. The client id makes a
 * retried send store one message: it is its author's own, unique per conversation, author kind
 * and author, so one party's id never finds (or blocks) another's message (decision 064).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id),
    authorKind: text('author_kind', { enum: messageAuthorKinds }).notNull(),
    /** The shopper's user id, or the operator's id for replies and notes. */
    authorId: uuid('author_id').notNull(),
    body: text('body').notNull(),
    clientId: text('client_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('chat_messages_author_kind', sql`${table.authorKind} in ('shopper', 'operator', 'note')`),
    uniqueIndex('chat_messages_author_client_id').on(
      table.conversationId,
      table.authorKind,
      table.authorId,
      table.clientId,
    ),
    index('chat_messages_conversation_id').on(table.conversationId, table.id),
    index('chat_messages_author_created').on(table.authorId, table.createdAt),
  ],
);

/** A reply admins write once and operators insert with '/' and its name; `{firstName}` is filled in. */
export const chatCannedReplies = pgTable(
  'chat_canned_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    body: text('body').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => operators.id),
    updatedBy: uuid('updated_by')
      .notNull()
      .references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('chat_canned_replies_name').on(sql`lower(${table.name})`)],
);

/**
 * Who is connected to the chat, per instance: a row per party (an operator or a shopper) and
 * instance, refreshed while a socket is open. "Online" is a row seen within the last minute, so
 * a crashed instance's rows age out by themselves (decision 051).
 */
export const chatPresence = pgTable(
  'chat_presence',
  {
    partyKind: text('party_kind', { enum: ['shopper', 'operator'] }).notNull(),
    partyId: uuid('party_id').notNull(),
    instanceId: text('instance_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('chat_presence_party_instance').on(table.partyKind, table.partyId, table.instanceId),
    index('chat_presence_kind_seen').on(table.partyKind, table.seenAt),
  ],
);

export type ChatConversationRow = typeof chatConversations.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type ChatCannedReplyRow = typeof chatCannedReplies.$inferSelect;
