import { z } from 'zod';
import { defineEndpoint, errorResponses } from './endpoint';
import { CHAT_MESSAGE_MAX } from './support-chat-text';
import { multilineText, text } from './text';

/**
 * The live support chat (docs/product/support-chat.md, decision 051). Writes are REST: the
 * shopper's under /support-chat (a shopper's access token), the console's under /ops/chat (an
 * operator whose role has `chat`; canned replies are written with `chat.canned`). Events are
 * pushed over one WebSocket, `GET /support-chat/socket`, for shoppers and operators alike: the
 * client's first message authenticates it, and the schemas of what goes each way are below.
 * After connecting (and after every reconnection) a client fetches the messages after the last
 * id it has and merges by id, so it misses nothing and shows nothing twice.
 */

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idSchema = text('A valid id is required').regex(uuidPattern, 'A valid id is required');

/** A message id: a positive whole number sent as a string (ids grow within a conversation). */
const messageIdSchema = text('A valid message id is required').regex(/^\d{1,18}$/, 'A valid message id is required');

export const conversationStates = ['open', 'waiting', 'resolved'] as const;
export type ConversationState = (typeof conversationStates)[number];
export const satisfactionAnswers = ['yes', 'no'] as const;
export type SatisfactionAnswer = (typeof satisfactionAnswers)[number];

export const CHAT_MESSAGE_REQUIRED = 'Please write a message';
/**
 * '2,000' written out as `toLocaleString('en-GB')` writes it: a browser's first number format
 * costs tens of milliseconds of a phone's CPU, and this runs when the module is first imported.
 */
const maxWithCommas = String(CHAT_MESSAGE_MAX).replace(/\B(?=(\d{3})+$)/g, ',');
export const CHAT_MESSAGE_TOO_LONG = `A message can be at most ${maxWithCommas} characters`;

const messageBodySchema = multilineText(CHAT_MESSAGE_REQUIRED)
  .min(1, CHAT_MESSAGE_REQUIRED)
  .max(CHAT_MESSAGE_MAX, CHAT_MESSAGE_TOO_LONG);

/**
 * The sender's own id for a message (a UUID the client makes before sending): a retried send
 * with the same id stores one message and answers it again.
 */
const clientIdSchema = text('A client id is required')
  .min(8, 'A client id must be 8 to 64 letters, digits or dashes')
  .max(64, 'A client id must be 8 to 64 letters, digits or dashes')
  .regex(/^[\w-]+$/, 'A client id must be 8 to 64 letters, digits or dashes');

/** `after`: only messages with a greater id (0 or absent: from the start). At most `limit`. */
export const chatMessagesQuerySchema = z.object({
  after: messageIdSchema.optional(),
  limit: z.coerce.number('limit must be a number').int().min(1).max(500).default(200),
});
export type ChatMessagesQuery = z.input<typeof chatMessagesQuerySchema>;

// ---- The shopper's side ----

/** A message as the shopper sees it: theirs or support's (internal notes never reach them). */
export const shopperChatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  author: z.enum(['shopper', 'support']),
  /** Support's messages: the replying operator's display name (`operatorDisplayName`); null for the shopper's. */
  authorName: z.string().nullable(),
  body: z.string(),
  clientId: z.string(),
  createdAt: z.string(),
});
export type ShopperChatMessage = z.infer<typeof shopperChatMessageSchema>;

export const shopperConversationSchema = z.object({
  id: z.string(),
  state: z.enum(conversationStates),
  /** Support's messages after the shopper's read mark. */
  unread: z.number().int(),
  lastReadId: z.string(),
  /** Asked after resolution ('Did we solve your problem?'); null until answered. */
  satisfaction: z.enum(satisfactionAnswers).nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type ShopperConversation = z.infer<typeof shopperConversationSchema>;

/**
 * The shopper's current conversation (the unresolved one, else the latest resolved one, else
 * none) and its messages after `after`; `hasMore` when more follow (fetch again after the last).
 */
export const shopperChatSchema = z.object({
  conversation: shopperConversationSchema.nullable(),
  messages: z.array(shopperChatMessageSchema),
  hasMore: z.boolean(),
  /** False: show the offline notice; replies then also come by e-mail. */
  operatorsOnline: z.boolean(),
});
export type ShopperChat = z.infer<typeof shopperChatSchema>;

export const sendChatMessageRequestSchema = z.object({ body: messageBodySchema, clientId: clientIdSchema });
export type SendChatMessageRequest = z.input<typeof sendChatMessageRequestSchema>;

/** 201 when stored now, 200 when this client id was stored before (a retry). */
export const sentShopperMessageSchema = z.object({
  message: shopperChatMessageSchema,
  conversation: shopperConversationSchema,
});
export type SentShopperMessage = z.infer<typeof sentShopperMessageSchema>;

export const markChatReadRequestSchema = z.object({ conversationId: idSchema, lastReadId: messageIdSchema });
export type MarkChatReadRequest = z.input<typeof markChatReadRequestSchema>;

export const satisfactionRequestSchema = z.object({
  conversationId: idSchema,
  answer: z.enum(satisfactionAnswers, 'Please answer yes or no'),
});
export type SatisfactionRequest = z.input<typeof satisfactionRequestSchema>;

// ---- The console's side ----

/** An operator as the console names them: their e-mail, and the display name replies are signed with. */
export const chatOperatorSchema = z.object({ id: z.string(), email: z.string(), displayName: z.string() });
export type ChatOperator = z.infer<typeof chatOperatorSchema>;

/** A message as operators see it: the shopper's, an operator's reply, or an internal note. */
export const opsChatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  kind: z.enum(['shopper', 'operator', 'note']),
  /** The operator who wrote a reply or a note; null for the shopper's messages. */
  operator: chatOperatorSchema.nullable(),
  body: z.string(),
  clientId: z.string(),
  createdAt: z.string(),
});
export type OpsChatMessage = z.infer<typeof opsChatMessageSchema>;

export const opsConversationSummarySchema = z.object({
  id: z.string(),
  shopper: z.object({ id: z.string(), email: z.string(), name: z.string(), firstName: z.string() }),
  state: z.enum(conversationStates),
  assignedTo: chatOperatorSchema.nullable(),
  /** The shopper's messages after the operators' read mark. */
  unread: z.number().int(),
  lastReadId: z.string(),
  lastMessage: z
    .object({ kind: z.enum(['shopper', 'operator', 'note']), excerpt: z.string(), createdAt: z.string() })
    .nullable(),
  satisfaction: z.enum(satisfactionAnswers).nullable(),
  lastActivityAt: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type OpsConversationSummary = z.infer<typeof opsConversationSummarySchema>;

export const opsConversationListQuerySchema = z.object({
  state: z.enum(conversationStates, 'Please choose open, waiting or resolved').optional(),
  /** 'me', 'unassigned' or an operator's id. */
  assigned: text()
    .refine((value) => value === 'me' || value === 'unassigned' || uuidPattern.test(value), 'A valid id is required')
    .optional(),
  limit: z.coerce.number('limit must be a number').int().min(1).max(200).default(50),
});
export type OpsConversationListQuery = z.input<typeof opsConversationListQuerySchema>;
export type OpsConversationListFilters = z.output<typeof opsConversationListQuerySchema>;

/** Newest activity first. */
export const opsConversationListSchema = z.object({ conversations: z.array(opsConversationSummarySchema) });
export type OpsConversationList = z.infer<typeof opsConversationListSchema>;

export const opsConversationSchema = opsConversationSummarySchema.extend({
  messages: z.array(opsChatMessageSchema),
  hasMore: z.boolean(),
});
export type OpsConversation = z.infer<typeof opsConversationSchema>;

export const conversationParamsSchema = z.object({ conversationId: idSchema });

export const opsChatWriteRequestSchema = z.object({ body: messageBodySchema, clientId: clientIdSchema });
export type OpsChatWriteRequest = z.input<typeof opsChatWriteRequestSchema>;

/** 201 when stored now, 200 when this client id was stored before. */
export const opsChatWrittenSchema = z.object({
  message: opsChatMessageSchema,
  conversation: opsConversationSummarySchema,
});
export type OpsChatWritten = z.infer<typeof opsChatWrittenSchema>;

/** Assign to an operator (your own id for 'Assign to me'), or unassign with null. */
export const assignConversationRequestSchema = z.object({ operatorId: idSchema.nullable() });
export type AssignConversationRequest = z.input<typeof assignConversationRequestSchema>;

export const opsMarkReadRequestSchema = z.object({ lastReadId: messageIdSchema });
export type OpsMarkReadRequest = z.input<typeof opsMarkReadRequestSchema>;

/** The menu's count: conversations with messages from the shopper that no operator has read yet. */
export const opsChatUnreadSchema = z.object({ conversations: z.number().int() });
export type OpsChatUnread = z.infer<typeof opsChatUnreadSchema>;

export const chatAssigneeSchema = chatOperatorSchema.extend({
  online: z.boolean(),
  /** Open and waiting conversations assigned to them. */
  activeConversations: z.number().int(),
});
export const chatAssigneeListSchema = z.object({ operators: z.array(chatAssigneeSchema) });
export type ChatAssigneeList = z.infer<typeof chatAssigneeListSchema>;

export const CANNED_REPLY_NAME_MESSAGE = 'A name is 1 to 40 letters, digits, dashes or underscores';
const cannedNameSchema = text(CANNED_REPLY_NAME_MESSAGE)
  .min(1, CANNED_REPLY_NAME_MESSAGE)
  .max(40, CANNED_REPLY_NAME_MESSAGE)
  .regex(/^[\w-]+$/, CANNED_REPLY_NAME_MESSAGE);

export const cannedReplySchema = z.object({
  id: z.string(),
  name: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;
export const cannedReplyListSchema = z.object({ cannedReplies: z.array(cannedReplySchema) });
export type CannedReplyList = z.infer<typeof cannedReplyListSchema>;

export const cannedReplyRequestSchema = z.object({ name: cannedNameSchema, body: messageBodySchema });
export type CannedReplyRequest = z.input<typeof cannedReplyRequestSchema>;
export const cannedReplyUpdateSchema = z
  .object({ name: cannedNameSchema.optional(), body: messageBodySchema.optional() })
  .refine((change) => change.name !== undefined || change.body !== undefined, 'Nothing to change');
export type CannedReplyUpdate = z.input<typeof cannedReplyUpdateSchema>;
export const cannedReplyParamsSchema = z.object({ cannedReplyId: idSchema });

// ---- The socket ----

/** Client → server. `auth` first (and again with a fresh token before the old one expires). */
export const chatClientEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  /** The sender is typing; an operator names the conversation, a shopper's is their current one. */
  z.object({ type: z.literal('typing'), conversationId: z.string().max(64).optional() }),
]);
export type ChatClientEvent = z.infer<typeof chatClientEventSchema>;

const readyEvent = z.object({
  type: z.literal('ready'),
  party: z.enum(['shopper', 'operator']),
  operatorsOnline: z.boolean(),
  /** When this token stops being accepted: send `auth` with a fresh one before then. */
  expiresAt: z.string(),
});
const typingEvent = z.object({
  type: z.literal('typing'),
  conversationId: z.string(),
  party: z.enum(['shopper', 'operator']),
});
const readEvent = z.object({
  type: z.literal('read'),
  conversationId: z.string(),
  party: z.enum(['shopper', 'operator']),
  lastReadId: z.string(),
});
const presenceEvent = z.object({ type: z.literal('presence'), operatorsOnline: z.boolean() });
const errorEvent = z.object({ type: z.literal('error'), error: z.string() });

/** Server → a shopper's socket. */
export const shopperChatEventSchema = z.discriminatedUnion('type', [
  readyEvent,
  z.object({ type: z.literal('message'), message: shopperChatMessageSchema }),
  z.object({ type: z.literal('state'), conversation: shopperConversationSchema }),
  typingEvent,
  readEvent,
  presenceEvent,
  errorEvent,
]);
export type ShopperChatEvent = z.infer<typeof shopperChatEventSchema>;

/** Server → an operator's socket: every conversation's events, internal notes included. */
export const operatorChatEventSchema = z.discriminatedUnion('type', [
  readyEvent,
  z.object({ type: z.literal('message'), message: opsChatMessageSchema }),
  z.object({ type: z.literal('state'), conversation: opsConversationSummarySchema }),
  typingEvent,
  readEvent,
  presenceEvent,
  errorEvent,
]);
export type OperatorChatEvent = z.infer<typeof operatorChatEventSchema>;

const chatErrors = errorResponses(400, 401, 403, 404, 409, 422, 429);

/**
 * Which chat a signed-in shopper's pages show (docs/product/support-chat.md#another-chat-service):
 * the built-in one, with the shopper's current conversation (its unread count and state, what the
 * launcher shows before the conversation's messages and socket are needed; null when they have
 * none), or Chatwoot's widget with the shopper named to it. `identifierHash` is the
 * server's HMAC-SHA256 (hex) of `identifier` keyed with CHATWOOT_HMAC_TOKEN, so Chatwoot trusts
 * the identity only from this server and a shopper cannot pose as another.
 */
export const chatWidgetSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('built-in'), conversation: shopperConversationSchema.nullable() }),
  z.object({
    provider: z.literal('chatwoot'),
    baseUrl: z.string(),
    websiteToken: z.string(),
    user: z.object({ identifier: z.string(), identifierHash: z.string(), name: z.string(), email: z.string() }),
  }),
]);
export type ChatWidget = z.infer<typeof chatWidgetSchema>;

export const supportChatEndpoints = {
  socket: defineEndpoint({
    method: 'GET',
    path: '/support-chat/socket',
    summary:
      'WebSocket (Upgrade: websocket) of chat events for shoppers and operators; first message { type: "auth", token }. A plain GET answers 400; a handshake from a page of another site (by its Origin) 403',
    responses: { ...errorResponses(400, 403) },
  }),
  widget: defineEndpoint({
    method: 'GET',
    path: '/support-chat/widget',
    summary:
      "Which chat the shopper's pages show: the built-in one with the shopper's current conversation (unread count, state), or Chatwoot's with the shopper's identity hash",
    responses: { 200: chatWidgetSchema, ...errorResponses(401) },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/support-chat',
    summary: "The shopper's current conversation and its messages after an id, and whether support is online",
    query: chatMessagesQuerySchema,
    responses: { 200: shopperChatSchema, ...errorResponses(400, 401) },
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/support-chat/messages',
    summary:
      'Send a message to support (starts a conversation if none is open); 20 a minute; 409 while the shop uses another chat service',
    body: sendChatMessageRequestSchema,
    responses: { 201: sentShopperMessageSchema, 200: sentShopperMessageSchema, ...errorResponses(400, 401, 409, 429) },
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: '/support-chat/read',
    summary: "Mark the shopper's conversation read up to a message",
    body: markChatReadRequestSchema,
    responses: { 200: shopperConversationSchema, ...errorResponses(400, 401, 404) },
  }),
  satisfaction: defineEndpoint({
    method: 'POST',
    path: '/support-chat/satisfaction',
    summary: "Answer 'Did we solve your problem?' for a resolved conversation (once)",
    body: satisfactionRequestSchema,
    responses: { 200: shopperConversationSchema, ...errorResponses(400, 401, 404, 409) },
  }),
};

export const opsChatEndpoints = {
  conversations: defineEndpoint({
    method: 'GET',
    path: '/ops/chat/conversations',
    summary: 'Chat conversations, newest activity first, by state and assignee (support, admin)',
    query: opsConversationListQuerySchema,
    responses: { 200: opsConversationListSchema, ...errorResponses(400, 401, 403) },
  }),
  conversation: defineEndpoint({
    method: 'GET',
    path: '/ops/chat/conversations/:conversationId',
    summary: 'A conversation and its messages after an id, internal notes included (support, admin)',
    params: conversationParamsSchema,
    query: chatMessagesQuerySchema,
    responses: { 200: opsConversationSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  assign: defineEndpoint({
    method: 'POST',
    path: '/ops/chat/conversations/:conversationId/assign',
    summary: 'Assign a conversation to an operator with chat, or unassign it (support, admin)',
    params: conversationParamsSchema,
    body: assignConversationRequestSchema,
    responses: { 200: opsConversationSummarySchema, ...errorResponses(400, 401, 403, 404, 422) },
  }),
  reply: defineEndpoint({
    method: 'POST',
    path: '/ops/chat/conversations/:conversationId/replies',
    summary: 'Reply to the shopper; e-mailed when they are not watching (support, admin)',
    params: conversationParamsSchema,
    body: opsChatWriteRequestSchema,
    responses: { 201: opsChatWrittenSchema, 200: opsChatWrittenSchema, ...chatErrors },
  }),
  note: defineEndpoint({
    method: 'POST',
    path: '/ops/chat/conversations/:conversationId/notes',
    summary: 'Add an internal note, seen only by operators (support, admin)',
    params: conversationParamsSchema,
    body: opsChatWriteRequestSchema,
    responses: { 201: opsChatWrittenSchema, 200: opsChatWrittenSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: '/ops/chat/conversations/:conversationId/read',
    summary: 'Mark a conversation read up to a message for the operators (support, admin)',
    params: conversationParamsSchema,
    body: opsMarkReadRequestSchema,
    responses: { 200: opsConversationSummarySchema, ...errorResponses(400, 401, 403, 404) },
  }),
  resolve: defineEndpoint({
    method: 'POST',
    path: '/ops/chat/conversations/:conversationId/resolve',
    summary: "Resolve a conversation; the shopper is asked 'Did we solve your problem?' (support, admin)",
    params: conversationParamsSchema,
    responses: { 200: opsConversationSummarySchema, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  unread: defineEndpoint({
    method: 'GET',
    path: '/ops/chat/unread',
    summary:
      "How many unresolved conversations have the shopper's messages unread by operators, for the menu (support, admin)",
    responses: { 200: opsChatUnreadSchema, ...errorResponses(401, 403) },
  }),
  assignees: defineEndpoint({
    method: 'GET',
    path: '/ops/chat/assignees',
    summary: 'Operators a conversation may be assigned to, whether online, and their open load (support, admin)',
    responses: { 200: chatAssigneeListSchema, ...errorResponses(401, 403) },
  }),
  cannedReplies: defineEndpoint({
    method: 'GET',
    path: '/ops/chat/canned-replies',
    summary: 'Canned replies by name (support, admin)',
    responses: { 200: cannedReplyListSchema, ...errorResponses(401, 403) },
  }),
  createCannedReply: defineEndpoint({
    method: 'POST',
    path: '/ops/chat/canned-replies',
    summary: 'Create a canned reply (admin)',
    body: cannedReplyRequestSchema,
    responses: { 201: cannedReplySchema, ...errorResponses(400, 401, 403, 409) },
  }),
  updateCannedReply: defineEndpoint({
    method: 'PATCH',
    path: '/ops/chat/canned-replies/:cannedReplyId',
    summary: 'Rename or rewrite a canned reply (admin)',
    params: cannedReplyParamsSchema,
    body: cannedReplyUpdateSchema,
    responses: { 200: cannedReplySchema, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  deleteCannedReply: defineEndpoint({
    method: 'DELETE',
    path: '/ops/chat/canned-replies/:cannedReplyId',
    summary: 'Delete a canned reply (admin)',
    params: cannedReplyParamsSchema,
    responses: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
  }),
};
